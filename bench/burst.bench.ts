/**
 * `npm run bench:burst`: what the Swarm Core page feels of the sim's first PRODUCT.md §4 failure
 * tick. Every FAILURE_TICK_STEPS steps (2 minutes) each healthy agent fails with 10 %, so a big
 * swarm fails thousands of agents in one step and the recovery ticks restore 40 % of them every
 * half second. The bench opens the whole page (sim live in its worker, SwiftShader, 1280×720) at
 * each size, waits until the System Status panel's failing count jumps, and prints the page's
 * longest main-thread task and longest frame around that moment (from 10 s before — the panel shows
 * the jump only once a long task ends — to 5 s after) and over the rest of the run. About 2.5
 * minutes per size. It prints figures; it does not pass or fail.
 *
 * Env: BENCH_AGENTS ("100000,1000000"), BENCH_EXTRA (appended to the URL: '&sim=main' watches the
 * main-thread simulation), BENCH_URL (measure a server already running; otherwise the client is
 * built and served like bench:render's), BENCH_PORT (5199), BENCH_OUT, CHROMIUM_PATH.
 */
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from '@playwright/test'
import { FAILURE_TICK_STEPS, STEP_MS } from '../src/sim/constants'
import { COMMON_ARGS, SWIFTSHADER_ARGS } from './lib/gpu-args'
import { startBench } from './lib/render-server'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const AGENTS = (process.env.BENCH_AGENTS ?? '100000,1000000').split(',').map(Number)
const OUT = process.env.BENCH_OUT ?? join(tmpdir(), 'vpos-bench-render')
const PORT = Number(process.env.BENCH_PORT ?? 5199)
const EXTRA = process.env.BENCH_EXTRA ?? ''
const ORIGIN = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/+$/, '')
/** The tick falls FAILURE_TICK_STEPS steps after the worker starts; a slow worker lags behind. */
const TICK_MS = FAILURE_TICK_STEPS * STEP_MS
const GIVE_UP_MS = TICK_MS + 60_000

interface Burst {
  /** ms after the page's start when the failing count jumped (NaN: it did not within GIVE_UP_MS) */
  at: number
  failing: number
  /** longest main-thread task and longest frame (ms) within [at − 10 s, at + 5 s], and elsewhere */
  task: number
  frame: number
  taskElsewhere: number
  frameElsewhere: number
}

/** Installed in the page: long tasks and frame gaps with their times (ms since page start). */
const PROBE = `(() => {
  const p = (window.__vposBurst = { tasks: [], frames: [], last: performance.now() })
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) p.tasks.push([e.startTime, e.duration])
  }).observe({ type: 'longtask' })
  const tick = (t) => {
    if (t - p.last > 50) p.frames.push([p.last, t - p.last])
    p.last = t
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})()`

async function measure(browser: Browser, agents: number): Promise<Burst> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  const page = await context.newPage()
  try {
    await page.goto(`${ORIGIN}/?boot=0&feed=sim&seed=7&agents=${agents}${EXTRA}`)
    await page.waitForFunction(() => document.documentElement.dataset.sceneReady === '1', null, {
      timeout: 300_000,
    })
    await page.evaluate(PROBE)
    const failing = page.getByTestId('failing-count').first()
    const readFailing = async () => Number((await failing.textContent())?.replace(/\D/g, '') || 0)
    let at = NaN
    let count = 0
    const started = Date.now()
    while (Date.now() - started < GIVE_UP_MS) {
      await page.waitForTimeout(500)
      count = await readFailing()
      if (count > agents * 0.02) {
        at = (await page.evaluate('performance.now()')) as number
        break
      }
    }
    if (!Number.isNaN(at)) await page.waitForTimeout(5_000)
    const { tasks, frames } = (await page.evaluate('window.__vposBurst')) as {
      tasks: [number, number][]
      frames: [number, number][]
    }
    // the panel shows the jump within ~250 ms (readings) and the poll's 500 ms of the page taking
    // the tick's message in, which may itself be the long task
    const near = (t: number) => t >= at - 10_000 && t <= at + 5_000
    const longest = (list: [number, number][], inside: boolean) =>
      Math.max(0, ...list.filter(([t]) => near(t) === inside).map(([, d]) => d))
    return {
      at,
      failing: count,
      task: longest(tasks, true),
      frame: longest(frames, true),
      taskElsewhere: longest(tasks, false),
      frameElsewhere: longest(frames, false),
    }
  } finally {
    await context.close()
  }
}

async function main() {
  const { exe, stop } = await startBench({ root: ROOT, outDir: OUT, port: PORT })
  try {
    const browser = await chromium.launch({
      executablePath: exe,
      args: [...SWIFTSHADER_ARGS, ...COMMON_ARGS],
    })
    console.log(
      `bench:burst — Chromium ${browser.version()}, SwiftShader, 1280×720; the first failure tick ` +
        `falls ~${Math.round(TICK_MS / 1000)} s after the page starts; load average ` +
        `${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
    )
    console.log(
      '   agents   tick at  failing   longest task · frame (ms)   elsewhere: task · frame',
    )
    for (const n of AGENTS) {
      const b = await measure(browser, n)
      const at = Number.isNaN(b.at) ? 'none' : `${(b.at / 1000).toFixed(0)} s`
      console.log(
        `${n.toLocaleString('en-US').padStart(9)} ${at.padStart(9)} ${String(b.failing).padStart(8)}` +
          `   ${b.task.toFixed(0).padStart(12)} · ${b.frame.toFixed(0).padEnd(12)}` +
          `${b.taskElsewhere.toFixed(0).padStart(9)} · ${b.frameElsewhere.toFixed(0)}`,
      )
    }
    await browser.close()
  } finally {
    stop()
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
