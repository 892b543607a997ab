/**
 * Event-loop lag for the benches: how late a 10 ms timer fires, sampled continuously. On the shared
 * 2-core machine other processes steal the CPU, so every figure comes with a CONTROL: the same
 * sampler in an otherwise idle Node process during the same window. Server lag minus control lag
 * is what the server's own work adds.
 */
import { fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'

export interface LagFigures {
  p50: number
  p99: number
  max: number
  samples: number
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

function summarize(sorted: readonly number[]): LagFigures {
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    samples: sorted.length,
  }
}

/** Samples this process's timer lateness until the returned stop function is called. */
export function lagSampler(periodMs = 10): () => LagFigures {
  const lags: number[] = []
  let expected = performance.now() + periodMs
  let timer: NodeJS.Timeout
  const tick = () => {
    const now = performance.now()
    lags.push(Math.max(0, now - expected))
    expected = now + periodMs
    timer = setTimeout(tick, periodMs)
  }
  timer = setTimeout(tick, periodMs)
  return () => {
    clearTimeout(timer)
    return summarize(lags.sort((a, b) => a - b))
  }
}

export interface ControlProbe {
  /** starts the window (clears what was sampled so far) */
  start(): void
  /** ends the window and the probe process */
  stop(): Promise<LagFigures>
}

/** The control: an idle child process sampling its own lag between start() and stop(). */
export async function controlProbe(): Promise<ControlProbe> {
  const child = fork(fileURLToPath(new URL('../lag-probe.mjs', import.meta.url)), {
    stdio: 'inherit',
  })
  await new Promise<void>((resolve) => child.once('message', () => resolve()))
  return {
    start: () => child.send('start'),
    stop: () =>
      new Promise<LagFigures>((resolve) => {
        child.once('message', (m) => resolve(m as LagFigures))
        child.send('stop')
      }),
  }
}

export const fmt = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a')
export const lagText = (l: LagFigures) =>
  `p50 ${fmt(l.p50)} / p99 ${fmt(l.p99)} / max ${fmt(l.max, 0)} ms`

/** The machine's busyness, printed with every figure: load average and Linux CPU pressure (PSI). */
export function machineLoad(): string {
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
  let psi = 'n/a'
  try {
    const m = /some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))
    if (m) psi = `${m[1]}%`
  } catch {
    /* not Linux, or no PSI */
  }
  return `${cpus().length} CPUs, load average ${load}, CPU pressure (time some task waited for a CPU, last 10 s) ${psi}`
}
