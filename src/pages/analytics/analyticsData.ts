/**
 * Analytics demo series (PRODUCT.md §2: 24 hourly performance points, 12 resource points at 5 min,
 * 15 traffic points at 2 min), the agent type distribution counted from the swarm's buffers, and
 * the chart helpers (nearest point, time labels). Pure: random source and clock injected. The page
 * seeds its random source from `?seed=N`.
 */
import type { Rng } from '../../sim/random'
import { AGENT_TYPE_NAMES, type AgentTypeName } from '../../sim/types'

export const HOUR_MS = 3_600_000
const PERFORMANCE_POINTS = 24
const RESOURCE_POINTS = 12
export const RESOURCE_STEP_MS = 5 * 60_000
const TRAFFIC_POINTS = 15
export const TRAFFIC_STEP_MS = 2 * 60_000

export interface PerformancePoint {
  /** ms timestamp, start of the hour */
  time: number
  /** percent */
  efficiency: number
  /** percent */
  load: number
  /** tasks completed in that hour */
  tasks: number
}

export interface ResourcePoint {
  time: number
  cpu: number
  memory: number
  network: number
}

export interface TrafficPoint {
  time: number
  /** MB/s */
  inbound: number
  /** MB/s */
  outbound: number
}

export interface TypeCount {
  type: AgentTypeName
  count: number
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v))
}

function round1(v: number): number {
  return Math.round(v * 10) / 10
}

/** A bounded random walk of `n` values starting in [start0, start1). */
export function randomWalk(
  rng: Rng,
  n: number,
  start: [number, number],
  step: number,
  lo: number,
  hi: number,
): number[] {
  const out: number[] = []
  let v = rng.range(start[0], start[1])
  for (let i = 0; i < n; i++) {
    out.push(round1(v))
    v = clamp(v + rng.range(-step, step), lo, hi)
  }
  return out
}

/** `n` timestamps `stepMs` apart, the last one at `now` floored to the step. Oldest first. */
export function timeAxis(now: number, n: number, stepMs: number): number[] {
  const last = Math.floor(now / stepMs) * stepMs
  return Array.from({ length: n }, (_, i) => last - (n - 1 - i) * stepMs)
}

/** 24 hourly points ending with the current hour. */
export function performanceSeries(rng: Rng, now: number): PerformancePoint[] {
  const times = timeAxis(now, PERFORMANCE_POINTS, HOUR_MS)
  const efficiency = randomWalk(rng, PERFORMANCE_POINTS, [88, 96], 2, 80, 99.5)
  const load = randomWalk(rng, PERFORMANCE_POINTS, [45, 75], 8, 20, 98)
  return times.map((time, i) => ({
    time,
    efficiency: efficiency[i]!,
    load: load[i]!,
    tasks: 20 + rng.int(60),
  }))
}

/** 12 points at 5 min ending now. */
export function resourceSeries(rng: Rng, now: number): ResourcePoint[] {
  const times = timeAxis(now, RESOURCE_POINTS, RESOURCE_STEP_MS)
  const cpu = randomWalk(rng, RESOURCE_POINTS, [45, 70], 6, 15, 95)
  const memory = randomWalk(rng, RESOURCE_POINTS, [50, 70], 4, 30, 90)
  const network = randomWalk(rng, RESOURCE_POINTS, [20, 50], 10, 5, 95)
  return times.map((time, i) => ({ time, cpu: cpu[i]!, memory: memory[i]!, network: network[i]! }))
}

/** 15 points at 2 min ending now. */
export function trafficSeries(rng: Rng, now: number): TrafficPoint[] {
  const times = timeAxis(now, TRAFFIC_POINTS, TRAFFIC_STEP_MS)
  const inbound = randomWalk(rng, TRAFFIC_POINTS, [50, 90], 15, 20, 120)
  const outbound = randomWalk(rng, TRAFFIC_POINTS, [30, 60], 12, 10, 90)
  return times.map((time, i) => ({ time, inbound: inbound[i]!, outbound: outbound[i]! }))
}

/** Tasks completed over the 24 h series. */
export function tasksInSeries(points: readonly PerformancePoint[]): number {
  return points.reduce((s, p) => s + p.tasks, 0)
}

/**
 * Agents per type from the swarm's type buffer (first `count` entries). The four PRODUCT.md §3
 * types always appear; 'other' only when some agent has it.
 */
export function countAgentTypes(types: ArrayLike<number>, count: number): TypeCount[] {
  const counts = new Array<number>(AGENT_TYPE_NAMES.length).fill(0)
  const n = Math.min(count, types.length)
  for (let i = 0; i < n; i++) {
    const t = types[i]!
    counts[t < counts.length ? t : counts.length - 1]!++
  }
  return AGENT_TYPE_NAMES.map((type, i) => ({ type, count: counts[i]! })).filter(
    (c) => c.type !== 'other' || c.count > 0,
  )
}

/** Index of the value in `centers` nearest to `x` (−1 for an empty list). */
export function nearestIndex(centers: readonly number[], x: number): number {
  let best = -1
  let bestD = Infinity
  for (let i = 0; i < centers.length; i++) {
    const d = Math.abs(centers[i]! - x)
    if (d < bestD) {
      bestD = d
      best = i
    }
  }
  return best
}

/** Local time as 'HH:MM'. */
export function formatHM(ms: number): string {
  const d = new Date(ms)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/** Tick indices for `count` points when at most `maxTicks` labels fit: every k-th, ending on the last. */
export function tickIndices(count: number, maxTicks: number): number[] {
  if (count <= 0) return []
  const step = Math.max(1, Math.ceil(count / Math.max(1, maxTicks)))
  const out: number[] = []
  for (let i = count - 1; i >= 0; i -= step) out.unshift(i)
  return out
}
