/**
 * `npm run bench:render`: the swarm scene's rendering cost, in one run. Builds the client into its
 * own folder, serves it with the real server, opens headless Chromium (SwiftShader WebGL unless
 * BENCH_GPU=1) and, for 1 / 1,000 / 10,000 / 100,000 agents (?agents=N), measures
 *   - frames per second (frames the scene drew / wall time),
 *   - main-thread ms per frame (CDP TaskDuration: everything the page's main thread did — sim
 *     clock, store, React overlays, the scene — divided by frames),
 *   - the scene's own ms per frame (its useFrame work + renderer.render, from ?bench=1 stats),
 * and each figure's ratio to the 1-agent one, for agents + grid (?links=0) and for the full scene
 * with links; then GPU picking's main-thread ms per pick while the pointer hovers 100,000 agents.
 * The page's DOM overlays are hidden during these (see ONLY_CANVAS); one last line gives the whole
 * page's figures for reference.
 * It prints figures; it does not pass or fail on them.
 *
 * Every case runs twice: with the sim live (agents move: every frame uploads positions, the store
 * re-searches links, the sim ticks on the main thread) and with the sim paused (?paused=1; with
 * ?bench=1 every frame is still drawn): the renderer alone.
 *
 * Env: BENCH_MS (measured window per case, 5000), BENCH_WARMUP_MS (2000), BENCH_AGENTS
 * ("1,1000,10000,100000"), BENCH_GPU=1 (use the machine's GPU), BENCH_VIEWPORT
 * ("1280x720"), BENCH_OUT (build folder, default $TMPDIR/vpos-bench-render), CHROMIUM_PATH.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type CDPSession } from '@playwright/test'
import { build } from 'vite'
import { chromiumPath } from '../scripts/chromium-path.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const WINDOW_MS = Number(process.env.BENCH_MS ?? 5000)
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 2000)
const AGENTS = (process.env.BENCH_AGENTS ?? '1,1000,10000,100000').split(',').map(Number)
const GPU = process.env.BENCH_GPU === '1'
const [VW, VH] = (process.env.BENCH_VIEWPORT ?? '1280x720').split('x').map(Number) as [
  number,
  number,
]
const OUT = process.env.BENCH_OUT ?? join(tmpdir(), 'vpos-bench-render')
const PORT = Number(process.env.BENCH_PORT ?? 5199)
const SEED = 1

const SWIFTSHADER_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
]
const GPU_ARGS = [
  '--ignore-gpu-blocklist',
  '--enable-gpu',
  '--use-angle=vulkan',
  '--enable-features=Vulkan',
]
const COMMON_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

interface CaseFigures {
  fps: number
  mainMs: number
  sceneMs: number
  renderMs: number
  frames: number
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

async function serve(clientDir: string): Promise<ChildProcess> {
  const taken = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
    () => true,
    () => false,
  )
  if (taken) throw new Error(`port ${PORT} is already in use: stop what holds it or set BENCH_PORT`)
  const server = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      CLIENT_DIR: clientDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  })
  let exited: number | null = null
  server.once('exit', (code) => (exited = code ?? 1))
  for (let i = 0; i < 120 && exited === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`the server did not start${exited === null ? '' : ` (exit code ${exited})`}`)
}

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

async function openCase(
  browser: Browser,
  agents: number,
  links: boolean,
  extra = '',
  overlays = false,
) {
  const context = await browser.newContext({
    viewport: { width: VW, height: VH },
    deviceScaleFactor: 1,
    bypassCSP: true,
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  const q = `?boot=0&feed=sim&bench=1&seed=${SEED}&agents=${agents}${links ? '' : '&links=0'}${extra}`
  await page.goto(`http://127.0.0.1:${PORT}/${q}`)
  await page.waitForFunction(() => document.documentElement.dataset.sceneReady === '1', null, {
    timeout: 180_000,
  })
  if (!overlays) await page.addStyleTag({ content: ONLY_CANVAS })
  await page.waitForTimeout(WARMUP_MS)
  return { context, page, cdp }
}

async function measure(
  browser: Browser,
  agents: number,
  links: boolean,
  extra = '',
  overlays = false,
): Promise<CaseFigures> {
  const { context, page, cdp } = await openCase(browser, agents, links, extra, overlays)
  const task0 = await taskSeconds(cdp)
  const t0 = await page.evaluate(() => {
    window.__vposScene!.reset()
    return performance.now()
  })
  await page.waitForTimeout(WINDOW_MS)
  const { stats, t1 } = await page.evaluate(() => ({
    stats: { ...window.__vposScene!.stats },
    t1: performance.now(),
  }))
  const task1 = await taskSeconds(cdp)
  await context.close()
  const frames = Math.max(1, stats.frames)
  return {
    fps: stats.frames / ((t1 - t0) / 1000),
    mainMs: ((task1 - task0) * 1000) / frames,
    sceneMs: stats.sceneMs / frames,
    renderMs: stats.renderMs / frames,
    frames: stats.frames,
  }
}

/** Hover the pointer across the canvas for the window; the scene picks on the GPU as it moves. */
async function measurePicking(browser: Browser, agents: number, extra = '') {
  const { context, page } = await openCase(browser, agents, true, extra)
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
  const { context, page } = await openCase(browser, 1, false)
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

/** One row per agent count: the live sim, then the renderer alone (sim paused, every frame drawn). */
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

async function main() {
  const exe = chromiumPath()
  if (!exe) throw new Error('no Chromium: set CHROMIUM_PATH or install Debian’s chromium')
  const clientDir = join(OUT, 'client')
  console.log(`building the client into ${clientDir} …`)
  await build({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: clientDir, emptyOutDir: true, reportCompressedSize: false },
  })
  const server = await serve(clientDir)
  const browser = await chromium.launch({
    executablePath: exe,
    args: [...(GPU ? GPU_ARGS : SWIFTSHADER_ARGS), ...COMMON_ARGS],
  })
  try {
    const load = loadavg()[0]!
    console.log(
      `bench:render — ${await rendererName(browser)}; Chromium ${browser.version()}; viewport ${VW}×${VH} @1x; ` +
        `window ${WINDOW_MS / 1000} s after ${WARMUP_MS / 1000} s warm-up; ` +
        `load average ${load.toFixed(1)} on ${cpus().length} cores at start`,
    )
    const mode = await page0AgentDraw(browser)
    for (const links of [false, true]) {
      const rows: [number, CaseFigures, CaseFigures][] = []
      for (const n of AGENTS) {
        rows.push([
          n,
          await measure(browser, n, links),
          await measure(browser, n, links, '&paused=1'),
        ])
      }
      const scene = links ? 'full scene (agents + links + grid)' : 'agents + grid (?links=0)'
      table(`${scene}, agents drawn as ${mode}`, rows)
    }
    if (mode !== 'instanced') {
      // The design's instanced quads, forced, for comparison on this renderer (renderer alone).
      const rows: [number, CaseFigures | null, CaseFigures][] = []
      for (const n of AGENTS) {
        rows.push([n, null, await measure(browser, n, false, '&paused=1&agentDraw=instanced')])
      }
      table(
        'agents + grid (?links=0), agents forced to instanced quads (?agentDraw=instanced)',
        rows,
      )
    }
    const n = Math.max(...AGENTS)
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
    const page = await measure(browser, 146, true, '', true)
    console.log(
      `\nfor reference, the whole Swarm Core page (overlays shown) at 146 agents: ${fmt(page.fps, 1)} fps, ` +
        `main-thread ${fmt(page.mainMs)} ms/frame`,
    )
    console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`)
  } finally {
    await browser.close()
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
  }
}

await main()
