/**
 * `npm run bench:render`: what the Swarm Core page costs, in one run. Builds the client into its
 * own folder, serves it with the real server, opens headless Chromium (SwiftShader WebGL unless
 * BENCH_GPU=1) and prints two tables and the picking cost.
 *
 * 1. The whole page as users see it — overlays visible, sim live (in its worker), links on — at
 *    1 / 10,000 / 100,000 / 1,000,000 agents (?agents=N), with the CPU unthrottled and throttled
 *    4× (CDP Emulation.setCPUThrottlingRate, DevTools' "mid-tier mobile"): frames per second
 *    (the page's animation frames, as a visitor's meter counts them; `?bench=1` only exposes the
 *    scene's timings and, paused, keeps every frame drawn),
 *    the worst frame (longest gap between two animation frames), main-thread ms per frame (CDP
 *    TaskDuration: everything the page's main thread did, divided by frames) and each figure's
 *    ratio to the 1-agent one at the same throttle; and the age of the links on screen (p95 of
 *    one sample per frame: now − when the positions they were searched from were taken).
 * 2. The canvas alone (the page's DOM overlays hidden, see ONLY_CANVAS), full scene with links,
 *    sim live and sim paused (?paused=1; with ?bench=1 every frame is still drawn: the renderer
 *    alone), with the scene's own ms per frame (its useFrame work + renderer.render).
 * With table 1, the CPU ms per second of the browser's threads in its windows (Linux /proc,
 * bench/lib/thread-cpu.ts): the page's main thread, its workers, the GPU process, the rest of the
 * browser and the app's server. On a machine with few cores, what the sim worker takes comes out
 * of the rasteriser's share.
 * 3. Exploring the swarm (BENCH_EXPLORE=0 skips it): at 100,000 and 1,000,000 agents, the whole page
 *    with the minimap open and a filter on beside the same page with the minimap folded and no
 *    filter, alternating, and the ratio of their main-thread ms per frame (target ≤ 1.1).
 * Then GPU picking's main-thread ms per pick while the pointer hovers the largest swarm (1,000,000
 * is left out of picking: 100,000 is the design's figure).
 * It prints figures; it does not pass or fail on them.
 *
 * Env: BENCH_MS (measured window per case, 5000), BENCH_WARMUP_MS (2000), BENCH_AGENTS
 * ("1,10000,100000,1000000"), BENCH_THROTTLE ("1,4"), BENCH_PASSES (1: table 1 measured that many
 * times over, pass after pass, its figures averaged and every pass's ratios printed; see
 * lib/passes.ts), BENCH_CANVAS=0 (skip table 2), BENCH_EXTRA
 * (appended to every URL: '&sim=main' measures the main-thread simulation for comparison),
 * BENCH_EXPLORE_ROUNDS (2: table 3's alternations), BENCH_GPU=1 (use the machine's GPU: ANGLE's Vulkan backend, then its EGL and GL backends, the
 * first whose WebGL renderer is not a software one), BENCH_VIEWPORT ("1280x720"), BENCH_OUT (build
 * folder, default $TMPDIR/vpos-bench-render), BENCH_PORT (5199), BENCH_URL (measure a server that
 * is already running there, e.g. one started from a prebuilt bundle on a GPU machine: no build, no
 * server of its own), CHROMIUM_PATH.
 */
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import { COMMON_ARGS, GPU_ARGS, SOFTWARE_RENDERER, SWIFTSHADER_ARGS } from './lib/gpu-args'
import { baseRow, mergePasses, passRatios, type CaseFigures, type PageRows } from './lib/passes'
import { startBench } from './lib/render-server'
import { THREAD_GROUPS, browserThreadCpu, cpuPerSecond } from './lib/thread-cpu'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const WINDOW_MS = Number(process.env.BENCH_MS ?? 5000)
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 2000)
const AGENTS = (process.env.BENCH_AGENTS ?? '1,10000,100000,1000000').split(',').map(Number)
const THROTTLES = (process.env.BENCH_THROTTLE ?? '1,4').split(',').map(Number)
const CANVAS = process.env.BENCH_CANVAS !== '0'
const PASSES = Math.max(1, Math.floor(Number(process.env.BENCH_PASSES ?? 1)) || 1)
/** appended to every case's URL, e.g. '&sim=main' to compare with the main-thread simulation */
const EXTRA = process.env.BENCH_EXTRA ?? ''
/** picking and the link age are reported at this many agents (the design's figures) */
const PICK_AGENTS = 100_000
const GPU = process.env.BENCH_GPU === '1'
const [VW, VH] = (process.env.BENCH_VIEWPORT ?? '1280x720').split('x').map(Number) as [
  number,
  number,
]
const OUT = process.env.BENCH_OUT ?? join(tmpdir(), 'vpos-bench-render')
const PORT = Number(process.env.BENCH_PORT ?? 5199)
const ORIGIN = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/+$/, '')
const SEED = 1
const EXPLORE = process.env.BENCH_EXPLORE !== '0'
/** the filter table 3 turns on (URL parameters: the analyzers and collectors) */
const EXPLORE_FILTER = 'type=analyzer,collector'
const EXPLORE_ROUNDS = Math.max(1, Number(process.env.BENCH_EXPLORE_ROUNDS ?? 2))
/** the desktop minimap panel's fold and unfold buttons (src/pages/swarm/Minimap.tsx, OverlayPanel) */
const MINIMAP_FOLD = 'Collapse overview'
const MINIMAP_UNFOLD = 'Expand overview'

interface CaseOptions {
  links?: boolean
  extra?: string
  overlays?: boolean
  /** CPU throttling rate (1 = none) */
  throttle?: number
  /** done on the opened page before the warm-up (a control pressed, as a user would) */
  setup?: (page: Page) => Promise<void>
}

interface SceneStatsSnapshot {
  frames: number
  sceneMs: number
  renderMs: number
  picks: number
  pickIssueMs: number
  pickReadMs: number
  pickAgents: number
}

const fmt = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '—')
const pad = (s: string, n: number) => s.padStart(n)

/** Seconds the page's main thread has spent in tasks so far. */
async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[]
  }
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN
}

/**
 * The Swarm Core overlays (panels, console, header) are hidden so the figures are the canvas's own:
 * measured here, their compositing (backdrop blurs over a moving canvas) costs software WebGL more
 * than the whole scene. GOTCHA: an injected <style> needs the page's CSP bypassed.
 */
const ONLY_CANVAS =
  "#root > *:not([data-testid='scene-slot']), body > *:not(#root) { display: none !important; }"

async function openCase(browser: Browser, agents: number, opts: CaseOptions = {}) {
  const { links = true, extra = '', overlays = false, throttle = 1, setup } = opts
  const context = await browser.newContext({
    viewport: { width: VW, height: VH },
    deviceScaleFactor: 1,
    bypassCSP: true,
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  const q = `?boot=0&feed=sim&bench=1&seed=${SEED}&agents=${agents}${links ? '' : '&links=0'}${extra}${EXTRA}`
  await page.goto(`${ORIGIN}/${q}`)
  await page.waitForFunction(() => document.documentElement.dataset.sceneReady === '1', null, {
    timeout: 300_000,
  })
  if (!overlays) await page.addStyleTag({ content: ONLY_CANVAS })
  if (setup) await setup(page)
  if (throttle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  await page.waitForTimeout(WARMUP_MS)
  return { context, page, cdp }
}

/** p95 of a list of numbers (NaN when empty). */
function p95(values: number[]): number {
  if (values.length === 0) return NaN
  const sorted = values.slice().sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!
}

async function measure(
  browser: Browser,
  agents: number,
  opts: CaseOptions = {},
): Promise<CaseFigures> {
  const { context, page, cdp } = await openCase(browser, agents, opts)
  const task0 = await taskSeconds(cdp)
  const cpu0 = browserThreadCpu()
  await page.evaluate(() => window.__vposScene!.reset())
  // The worst frame: the longest gap between two animation frames in the window. GOTCHA: a string,
  // not a function: tsx names inner functions with a helper that does not exist in the page.
  const t0 = (await page.evaluate(`(() => {
    const probe = { worst: 0, frames: 0, last: performance.now(), on: true }
    window.__vposProbe = probe
    function tick(t) {
      probe.worst = Math.max(probe.worst, t - probe.last)
      probe.frames++
      probe.last = t
      if (probe.on) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
    return performance.now()
  })()`)) as number
  await page.waitForTimeout(WINDOW_MS)
  const { stats, t1, worst, pageFrames } = await page.evaluate(() => {
    const probe = (
      window as unknown as { __vposProbe: { worst: number; frames: number; on: boolean } }
    ).__vposProbe
    probe.on = false
    return {
      stats: { ...window.__vposScene!.stats, linkAges: [...window.__vposScene!.stats.linkAges] },
      t1: performance.now(),
      worst: probe.worst,
      pageFrames: probe.frames,
    }
  })
  const task1 = await taskSeconds(cdp)
  const cpu = cpuPerSecond(cpu0, browserThreadCpu(), (t1 - t0) / 1000)
  await context.close()
  const frames = Math.max(1, stats.frames)
  return {
    // the page's frames, as a visitor's meter counts them (animation frames, not only drawn ones)
    fps: pageFrames / ((t1 - t0) / 1000),
    mainMs: ((task1 - task0) * 1000) / Math.max(1, pageFrames),
    sceneMs: stats.sceneMs / frames,
    renderMs: stats.renderMs / frames,
    frames: stats.frames,
    worstMs: worst,
    linkAgeP95: p95(stats.linkAges),
    cpu,
  }
}

/** Hover the pointer across the canvas for the window; the scene picks on the GPU as it moves. */
async function measurePicking(browser: Browser, agents: number, extra = '') {
  const { context, page } = await openCase(browser, agents, { extra })
  let k = 0
  const hoverFor = async (ms: number) => {
    const t0 = Date.now()
    while (Date.now() - t0 < ms) {
      // a slow circle around the canvas centre, inside the area the overlays leave free
      const a = (k++ / 40) * 2 * Math.PI
      await page.mouse.move(VW / 2 + Math.cos(a) * 120, VH / 2 + Math.sin(a) * 80)
      await page.waitForTimeout(16)
    }
  }
  await hoverFor(WARMUP_MS)
  await page.waitForTimeout(500)
  await page.evaluate(() => window.__vposScene!.reset())
  await hoverFor(WINDOW_MS)
  await page.waitForTimeout(500)
  const stats = (await page.evaluate(() => ({
    ...window.__vposScene!.stats,
  }))) as SceneStatsSnapshot
  await context.close()
  return stats
}

/** The agents' draw mode the scene picks on this renderer (canvas data-agent-draw). */
async function page0AgentDraw(browser: Browser): Promise<string> {
  const { context, page } = await openCase(browser, 1, { links: false })
  const mode = await page.locator('canvas[data-agent-draw]').getAttribute('data-agent-draw')
  await context.close()
  return mode ?? 'unknown'
}

async function rendererName(browser: Browser): Promise<string> {
  const page = await browser.newPage()
  const name = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2')
    if (!gl) return 'no WebGL2'
    const ext = gl.getExtension('WEBGL_debug_renderer_info')
    return String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER))
  })
  await page.close()
  return name
}

/** Table 1: the whole page, one row per agent count, one column group per CPU throttle. */
function pageTable(rows: PageRows) {
  const base = baseRow(rows)
  const over = PASSES > 1 ? `, mean of ${PASSES} passes` : ''
  console.log(`\nthe whole Swarm Core page (overlays visible, sim live, links on${over})`)
  console.log(
    '          ' + THROTTLES.map((t) => `──────────── CPU ${t}× ────────────`.padEnd(47)).join(''),
  )
  console.log(
    '   agents' +
      THROTTLES.map(() => '    fps ratio  worst ms  main ms  ratio'.padEnd(47)).join(''),
  )
  for (const [n, figs] of rows) {
    const cells = figs.map((f, k) => {
      const b = base[1][k]!
      return (
        `${pad(fmt(f.fps, 1), 7)} ${pad(fmt(f.fps / b.fps), 5)} ${pad(fmt(f.worstMs, 1), 9)} ` +
        `${pad(fmt(f.mainMs), 8)} ${pad(fmt(f.mainMs / b.mainMs), 6)}`
      ).padEnd(47)
    })
    console.log(`${pad(n.toLocaleString('en-US'), 9)}${cells.join('')}`)
  }
  for (const [n, figs] of rows) {
    if (n !== PICK_AGENTS) continue
    figs.forEach((f, k) =>
      console.log(
        `link age at ${n.toLocaleString('en-US')} agents, CPU ${THROTTLES[k]}×: p95 ${fmt(f.linkAgeP95, 0)} ms`,
      ),
    )
  }
}

/**
 * Where the cores went during table 1's windows: CPU ms per second of the page's main thread, its
 * workers (the sim worker and the picking worker), the GPU process (SwiftShader rasterises there),
 * the rest of the browser and the app's server (its live swarm); 1,000 per core.
 */
function cpuTable(rows: PageRows) {
  if (rows.some(([, figs]) => figs.some((f) => !f.cpu))) return
  const label = { main: 'main', workers: 'workers', gpu: 'GPU', other: 'other', server: 'server' }
  const head = THREAD_GROUPS.map((g) => pad(label[g], 8)).join('') + '   total'
  console.log(
    `\nCPU ms per second by thread, same windows (/proc; ${cpus().length} cores = ${cpus().length * 1000})`,
  )
  console.log('          ' + THROTTLES.map((t) => `── CPU ${t}× ──`.padEnd(50)).join(''))
  console.log('   agents' + THROTTLES.map(() => ` ${head}`.padEnd(50)).join(''))
  for (const [n, figs] of rows) {
    const cells = figs.map((f) => {
      const c = f.cpu!
      const total = THREAD_GROUPS.reduce((sum, g) => sum + c[g], 0)
      return ` ${THREAD_GROUPS.map((g) => pad(fmt(c[g], 0), 8)).join('')}${pad(fmt(total, 0), 8)}`.padEnd(
        50,
      )
    })
    console.log(`${pad(n.toLocaleString('en-US'), 9)}${cells.join('')}`)
  }
}

/** Table 2: the canvas alone, the live sim, then the renderer alone (sim paused). */
function table(title: string, rows: [number, CaseFigures | null, CaseFigures | null][]) {
  const base = rows.find(([n]) => n === 1) ?? rows[0]!
  const cells = (f: CaseFigures | null, b: CaseFigures | null) =>
    f && b
      ? `${pad(fmt(f.fps, 1), 6)} ${pad(fmt(f.fps / b.fps), 5)} ${pad(fmt(f.mainMs), 8)} ` +
        `${pad(fmt(f.mainMs / b.mainMs), 6)} ${pad(fmt(f.sceneMs), 7)}`
      : pad('—', 6).padEnd(36)
  console.log(`\n${title}`)
  console.log('           ─────────── sim live ───────────   ─── sim paused (renderer alone) ───')
  console.log(
    '   agents    fps ratio  main ms  ratio  scene ms   fps ratio  main ms  ratio  scene ms',
  )
  for (const [n, live, paused] of rows) {
    console.log(
      `${pad(n.toLocaleString('en-US'), 9)} ${cells(live, base[1])}   ${cells(paused, base[2])}`,
    )
  }
}

/** The minimap folded away, as a user who does not want it leaves it. */
async function foldMinimap(page: Page): Promise<void> {
  await page.getByRole('button', { name: MINIMAP_FOLD, exact: true }).click()
  await page.getByRole('button', { name: MINIMAP_UNFOLD, exact: true }).waitFor()
}

/**
 * Table 3: exploring the swarm. The whole page (overlays visible, sim live) with the minimap open
 * and a filter on (EXPLORE_FILTER: the census runs, the legend counts, the minimap draws its heat
 * image and view, the agents' shader dims the non-matching ones) against the same page with the
 * minimap folded and no filter, measured in alternation (without, with, without, with …) so the
 * machine's drift falls on both alike.
 */
async function exploreTable(browser: Browser) {
  const counts = AGENTS.filter((n) => n >= 100_000)
  if (counts.length === 0) return
  console.log(
    `\nexploring: minimap open + filter ${EXPLORE_FILTER} vs minimap folded, no filter ` +
      `(whole page, sim live, CPU 1×, ${EXPLORE_ROUNDS} alternating rounds)`,
  )
  console.log('   agents   ─── without ───    ──── with ────    main ms ratio   fps ratio')
  console.log('              fps  main ms       fps  main ms')
  for (const n of counts) {
    const without: CaseFigures[] = []
    const withIt: CaseFigures[] = []
    for (let r = 0; r < EXPLORE_ROUNDS; r++) {
      without.push(await measure(browser, n, { overlays: true, setup: foldMinimap }))
      withIt.push(await measure(browser, n, { overlays: true, extra: `&${EXPLORE_FILTER}` }))
    }
    const a = mergePasses(without.map((f) => [[n, [f]]]))[0]![1][0]!
    const b = mergePasses(withIt.map((f) => [[n, [f]]]))[0]![1][0]!
    console.log(
      `${pad(n.toLocaleString('en-US'), 9)} ${pad(fmt(a.fps, 1), 8)} ${pad(fmt(a.mainMs), 8)}  ` +
        `${pad(fmt(b.fps, 1), 8)} ${pad(fmt(b.mainMs), 8)}    ${pad(fmt(b.mainMs / a.mainMs), 13)} ` +
        `${pad(fmt(b.fps / a.fps), 11)}`,
    )
  }
}

/** SwiftShader, or with BENCH_GPU=1 the first of GPU_ARGS whose WebGL renderer is hardware. */
async function launch(exe: string): Promise<Browser> {
  if (!GPU)
    return chromium.launch({ executablePath: exe, args: [...SWIFTSHADER_ARGS, ...COMMON_ARGS] })
  for (const args of GPU_ARGS) {
    const browser = await chromium.launch({ executablePath: exe, args: [...args, ...COMMON_ARGS] })
    const name = await rendererName(browser)
    console.log(`BENCH_GPU: ${args.join(' ')} → ${name}`)
    if (!SOFTWARE_RENDERER.test(name) && name !== 'no WebGL2') return browser
    await browser.close()
  }
  throw new Error('BENCH_GPU=1: no ANGLE backend gave a hardware WebGL renderer on this machine')
}

async function main() {
  const { exe, stop } = await startBench({ root: ROOT, outDir: OUT, port: PORT })
  const browser = await launch(exe).catch((e: unknown) => {
    stop()
    throw e
  })
  try {
    const load = loadavg()[0]!
    console.log(
      `bench:render — ${await rendererName(browser)}; Chromium ${browser.version()}; viewport ${VW}×${VH} @1x; ` +
        `window ${WINDOW_MS / 1000} s after ${WARMUP_MS / 1000} s warm-up; ` +
        `load average ${load.toFixed(1)} on ${cpus().length} cores at start`,
    )
    const mode = await page0AgentDraw(browser)
    const passes: PageRows[] = []
    for (let p = 0; p < PASSES; p++) {
      const rows: PageRows = []
      for (const n of AGENTS) {
        const figs: CaseFigures[] = []
        for (const throttle of THROTTLES)
          figs.push(await measure(browser, n, { overlays: true, throttle }))
        rows.push([n, figs])
      }
      passes.push(rows)
    }
    const pageRows = mergePasses(passes)
    pageTable(pageRows)
    if (PASSES > 1) {
      console.log('each pass, its ratios to its own 1-agent figure:')
      for (const line of passRatios(passes, THROTTLES)) console.log(line)
    }
    cpuTable(pageRows)
    if (CANVAS) {
      const rows: [number, CaseFigures, CaseFigures][] = []
      for (const n of AGENTS) {
        rows.push([n, await measure(browser, n), await measure(browser, n, { extra: '&paused=1' })])
      }
      table(`the canvas alone (overlays hidden), full scene, agents drawn as ${mode}, CPU 1×`, rows)
    }
    if (EXPLORE) await exploreTable(browser)
    const n = AGENTS.includes(PICK_AGENTS) ? PICK_AGENTS : Math.max(...AGENTS)
    console.log(`\npicking at ${n.toLocaleString('en-US')} agents (full scene, pointer moving):`)
    for (const [label, extra] of [
      ['in its worker (default)', ''],
      ['on the main thread (?picker=main, the fallback)', '&picker=main'],
    ] as const) {
      const p = await measurePicking(browser, n, extra)
      const per = (ms: number) => fmt(ms / Math.max(1, p.picks), 3)
      console.log(
        `  ${label}: ${p.picks} picks, main-thread ${per(p.pickIssueMs + p.pickReadMs)} ms per pick ` +
          `(issue ${per(p.pickIssueMs)} + read ${per(p.pickReadMs)}), ` +
          `${Math.round(p.pickAgents / Math.max(1, p.picks))} agents considered per pick`,
      )
    }
    console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`)
  } finally {
    await browser.close()
    stop()
  }
}

await main()
