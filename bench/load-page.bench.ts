/**
 * `npm run bench:load-page`: what a newcomer's first load of each route feels like (issue 30,
 * item 2). For every route, LOADS fresh loads (a new browser context each: no cache, no
 * storage, the boot sequence skipped with ?boot=0 so the route's own text can show at once), on
 * SwiftShader at 1280×720, the live feed (the default). For each load the page records:
 *
 * - text: ms from navigation to the route's own heading (`main h1`) having text;
 * - input: ms from navigation to the first input answered: a key press sent the moment the
 *   heading shows, answered when its handlers ran (Event Timing's `processingEnd`);
 * - task: the longest main-thread task (Long Tasks API) that ended after the heading showed,
 *   within SETTLE_MS after it; `before`: the longest one before it;
 * - scene: ms from navigation to the scene's first frames (`<html data-scene-ready>`);
 * - loader (Diagnostics only): how long 'Loading component status...' showed (PRODUCT.md §4:
 *   1.5 s).
 *
 * It prints the median and the worst of each per route, and the longest task over the whole run
 * against the 200 ms target. It prints figures; it does not pass or fail.
 *
 * Env: BENCH_LOADS (5), BENCH_ROUTES (comma list, default all), BENCH_EXTRA (appended to the
 * URL, e.g. '&feed=sim'), BENCH_URL (measure a server already running; otherwise the client is
 * built and served like bench:render's), BENCH_PORT (5198), BENCH_OUT, CHROMIUM_PATH.
 */
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from '@playwright/test'
import { COMMON_ARGS, SWIFTSHADER_ARGS } from './lib/gpu-args'
import { startBench } from './lib/render-server'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const LOADS = Number(process.env.BENCH_LOADS ?? 5)
const OUT = process.env.BENCH_OUT ?? join(tmpdir(), 'vpos-bench-load-page')
const PORT = Number(process.env.BENCH_PORT ?? 5198)
const EXTRA = process.env.BENCH_EXTRA ?? ''
const ORIGIN = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/+$/, '')
const ROUTES = (
  process.env.BENCH_ROUTES ??
  '/,/analytics,/database,/compute,/diagnostics,/terminal,/token,/blinks,/game,/labs,/marketplace,/whitelist,/chat,/settings'
).split(',')
/** how long after the heading shows a load is watched (the scene starts within it) */
const SETTLE_MS = 8_000
const TARGET_TASK_MS = 200

interface Load {
  text: number
  input: number
  task: number
  before: number
  scene: number
  loader: number
}

/** Installed before the page's own scripts: long tasks, the heading's time, the loader's span. */
const PROBE = `(() => {
  const p = (window.__vposLoad = { tasks: [], textAt: NaN, loaderFrom: NaN, loaderTo: NaN, input: NaN })
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) p.tasks.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (Number.isNaN(p.input)) p.input = e.processingEnd
  }).observe({ type: 'first-input', buffered: true })
  const watch = () => {
    const now = performance.now()
    const h1 = document.querySelector('main h1')
    if (Number.isNaN(p.textAt) && h1 && h1.textContent.trim()) p.textAt = now
    const loading = [...document.querySelectorAll('[role=status]')].some((e) =>
      e.textContent.includes('Loading component status'),
    )
    if (loading && Number.isNaN(p.loaderFrom)) p.loaderFrom = now
    if (!loading && !Number.isNaN(p.loaderFrom) && Number.isNaN(p.loaderTo)) p.loaderTo = now
  }
  new MutationObserver(watch).observe(document, { childList: true, subtree: true, characterData: true })
})()`

async function loadOnce(browser: Browser, route: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  const page = await context.newPage()
  try {
    await page.addInitScript(PROBE)
    const sep = route.includes('?') ? '&' : '?'
    await page.goto(`${ORIGIN}${route}${sep}boot=0${EXTRA}`, { waitUntil: 'commit' })
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 120_000 })
    // the first input, sent as the text shows: Shift answers nothing visible and moves no focus
    await page.keyboard.press('Shift')
    await page.waitForTimeout(SETTLE_MS)
    const r = (await page.evaluate('window.__vposLoad')) as {
      tasks: [number, number][]
      textAt: number
      input: number
      loaderFrom: number
      loaderTo: number
    }
    const sceneAt = (await page.evaluate(
      `document.documentElement.dataset.sceneReadyAt ?? ''`,
    )) as string
    const after = r.tasks.filter(([t, d]) => t + d > r.textAt && t < r.textAt + SETTLE_MS)
    const before = r.tasks.filter(([t, d]) => t + d <= r.textAt)
    return {
      text: r.textAt,
      input: r.input,
      task: Math.max(0, ...after.map(([, d]) => d)),
      before: Math.max(0, ...before.map(([, d]) => d)),
      scene: sceneAt ? Number(sceneAt) : NaN,
      loader: r.loaderTo - r.loaderFrom,
    }
  } finally {
    await context.close()
  }
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b)
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN
}
const worst = (xs: number[]) => Math.max(...xs.filter((x) => !Number.isNaN(x)), -Infinity)
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '–')
const pair = (xs: number[]) => `${ms(median(xs))} / ${ms(worst(xs))}`

async function main() {
  const { exe, stop } = await startBench({ root: ROOT, outDir: OUT, port: PORT })
  try {
    const browser = await chromium.launch({
      executablePath: exe,
      args: [...SWIFTSHADER_ARGS, ...COMMON_ARGS],
    })
    console.log(
      `bench:load-page — Chromium ${browser.version()}, SwiftShader, 1280×720, ${LOADS} fresh ` +
        `loads per route${EXTRA ? ` (${EXTRA})` : ''}; load average ${loadavg()[0]!.toFixed(1)} ` +
        `on ${cpus().length} cores`,
    )
    console.log('each column: median / worst over the loads, in ms from navigation unless said')
    console.log(
      'route          text        input answered   longest task after text   before text' +
        '   scene ready     Diagnostics loader',
    )
    let longest = 0
    for (const route of ROUTES) {
      const loads: Load[] = []
      for (let i = 0; i < LOADS; i++) loads.push(await loadOnce(browser, route))
      longest = Math.max(longest, ...loads.map((l) => l.task))
      const loader = route === '/diagnostics' ? pair(loads.map((l) => l.loader)) : ''
      console.log(
        `${route.padEnd(14)} ${pair(loads.map((l) => l.text)).padEnd(11)} ` +
          `${pair(loads.map((l) => l.input)).padEnd(16)} ` +
          `${pair(loads.map((l) => l.task)).padEnd(25)} ${pair(loads.map((l) => l.before)).padEnd(13)} ` +
          `${pair(loads.map((l) => l.scene)).padEnd(15)} ${loader}`,
      )
    }
    console.log(
      `longest task after a route's text showed: ${ms(longest)} ms (target ≤ ${TARGET_TASK_MS} ms); ` +
        `load average ${loadavg()[0]!.toFixed(1)} at the end`,
    )
    await browser.close()
  } finally {
    stop()
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
