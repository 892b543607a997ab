/**
 * `npm run bench:lighthouse`: Lighthouse (from npm) against the built app, every route of
 * src/app/routes.tsx at its mobile preset (slow 4G, 4× slower CPU, a phone's screen: simulated
 * throttling, Lighthouse's default) and its desktop preset, several runs each, and the median of
 * each figure: performance score, FCP, LCP, total blocking time, CLS, and the accessibility score.
 * Targets (issue 36, on a quiet machine): mobile performance ≥ 90 on every route, LCP ≤ 2.5 s,
 * blocking ≤ 200 ms, CLS ≤ 0.1; desktop ≥ 98; accessibility 100. It prints figures; it does not
 * pass or fail on them.
 *
 * The client is built into its own folder and served by the real server (production mode, SQLite
 * in memory), unless BENCH_URL names one already running. Routes open with `?boot=0` (the boot
 * sequence is a show, not a load). Chromium is Debian's, started by Playwright with a DevTools
 * port that Lighthouse drives; WebGL is SwiftShader's, as in the other browser benches.
 *
 * Env: LH_ROUTES ("/,/analytics": only those), LH_RUNS (3), LH_PRESETS ("mobile,desktop"),
 * BENCH_PORT (5197), BENCH_OUT (build folder, default $TMPDIR/vpos-bench-lighthouse), BENCH_URL,
 * LH_JSON_DIR (each run's full report written there as JSON: what shifted, the LCP element, the
 * main thread's breakdown, the request chains; with LH_TRACE=1 the page's trace beside it).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { COMMON_ARGS, SWIFTSHADER_ARGS } from './lib/gpu-args'
import { startBench } from './lib/render-server'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PORT = Number(process.env.BENCH_PORT ?? 5197)
const ORIGIN = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/+$/, '')
const RUNS = Math.max(1, Math.floor(Number(process.env.LH_RUNS ?? 3)) || 1)
const PRESETS = (process.env.LH_PRESETS ?? 'mobile,desktop').split(',') as Preset[]
/** the DevTools port Lighthouse connects to */
const DEBUG_PORT = Number(process.env.LH_DEBUG_PORT ?? 9333)

type Preset = 'mobile' | 'desktop'

interface Figures {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  a11y: number
}

/** Each route's path (an optional parameter dropped: /signin/:code? is measured as /signin). */
function routes(): string[] {
  const source = readFileSync(join(ROOT, 'src/app/routes.tsx'), 'utf8')
  const all = [...source.matchAll(/path: '([^']+)'/g)].map(([, p]) => p!.replace(/\/:\w+\?$/, ''))
  const only = process.env.LH_ROUTES?.split(',').map((r) => r.trim())
  return only ? all.filter((p) => only.includes(p)) : all
}

function median(values: number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  if (s.length === 0) return NaN
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

/** One Lighthouse run of `url` at `preset`: its figures, or null when the run failed. */
async function audit(url: string, preset: Preset): Promise<Figures | null> {
  const flags = {
    port: DEBUG_PORT,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance', 'accessibility'],
  }
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined)
  const lhr = result?.lhr
  const dir = process.env.LH_JSON_DIR
  if (dir && lhr) {
    mkdirSync(dir, { recursive: true })
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`
    writeFileSync(join(dir, name), JSON.stringify(lhr))
    // the page's trace beside it: which script each long task ran (its CPU samples)
    if (process.env.LH_TRACE) {
      const trace = (result.artifacts as { Trace?: unknown }).Trace
      writeFileSync(join(dir, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace))
    }
  }
  if (!lhr || lhr.runtimeError) {
    console.log(`  ${url} (${preset}): ${lhr?.runtimeError?.message ?? 'no result'}`)
    return null
  }
  const audits = lhr.audits
  const value = (id: string) => audits[id]?.numericValue ?? NaN
  return {
    score: (lhr.categories.performance?.score ?? NaN) * 100,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    a11y: (lhr.categories.accessibility?.score ?? NaN) * 100,
  }
}

async function measure(path: string, preset: Preset): Promise<Figures> {
  const runs: Figures[] = []
  for (let k = 0; k < RUNS; k++) {
    const f = await audit(`${ORIGIN}${path}?boot=0`, preset)
    if (f) runs.push(f)
  }
  const pick = (key: keyof Figures) => median(runs.map((r) => r[key]))
  return {
    score: pick('score'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    a11y: pick('a11y'),
  }
}

const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '—')
const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v).toLocaleString('en-US')} ms` : '—')
const n = (v: number) => (Number.isFinite(v) ? String(Math.round(v)) : '—')

function row(path: string, byPreset: Map<Preset, Figures>): string {
  const cells = [path.padEnd(13)]
  for (const preset of PRESETS) {
    const f = byPreset.get(preset)!
    cells.push(
      `${n(f.score).padStart(4)} ${s(f.fcp).padStart(6)} ${s(f.lcp).padStart(6)} ` +
        `${ms(f.tbt).padStart(9)} ${f.cls.toFixed(3).padStart(6)} ${n(f.a11y).padStart(4)}`,
    )
  }
  return cells.join('   ')
}

async function main() {
  const { exe, stop } = await startBench({
    root: ROOT,
    outDir: process.env.BENCH_OUT ?? join(tmpdir(), 'vpos-bench-lighthouse'),
    port: PORT,
  })
  const browser = await chromium.launch({
    executablePath: exe,
    args: [...SWIFTSHADER_ARGS, ...COMMON_ARGS, `--remote-debugging-port=${DEBUG_PORT}`],
  })
  try {
    const version = browser.version()
    console.log(
      `bench:lighthouse — Chromium ${version}; ${RUNS} runs per route and preset, medians; ` +
        `load average ${loadavg()[0]!.toFixed(1)} at start`,
    )
    const head = PRESETS.map((p) => `${p.padEnd(6)} perf    FCP    LCP  blocking    CLS a11y`)
    console.log(`\n${'route'.padEnd(13)}   ${head.join('   ')}`)
    for (const path of routes()) {
      const byPreset = new Map<Preset, Figures>()
      for (const preset of PRESETS) byPreset.set(preset, await measure(path, preset))
      console.log(row(path, byPreset))
    }
    console.log(`\nload average ${loadavg()[0]!.toFixed(1)} at the end`)
  } finally {
    await browser.close()
    stop()
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
