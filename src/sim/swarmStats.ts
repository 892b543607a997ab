/**
 * Swarm-level figures: efficiency (PRODUCT.md §4), system health, task progress and PRODUCT.md §3
 * metrics.
 */
import {
  EFFICIENCY_DEFAULT,
  EFFICIENCY_DROP_PER_FAILING,
  EFFICIENCY_MAX,
  EFFICIENCY_MIN,
  EFFICIENCY_PULL,
  EFFICIENCY_WALK,
  ERROR_RATE_TREND_THRESHOLD,
} from './constants'
import type { SwarmSim } from './engine'
import type { HealthItem, Trend } from './model'
import { FLAG, STATUS, type AgentBuffers } from './types'

/** Clamp to 75–99.9. */
export function clampEfficiency(v: number): number {
  return v < EFFICIENCY_MIN ? EFFICIENCY_MIN : v > EFFICIENCY_MAX ? EFFICIENCY_MAX : v
}

/**
 * Next efficiency: −0.2 per failing agent, else a ±0.3 random walk (`r` uniform in [0,1)) that also
 * closes `pull` of the gap to 97.3 (EFFICIENCY_PULL, our rule; 0 is PRODUCT.md §4 as written);
 * clamped.
 */
export function nextEfficiency(
  current: number,
  failing: number,
  r: number,
  pull: number = EFFICIENCY_PULL,
): number {
  const next =
    failing > 0
      ? current - EFFICIENCY_DROP_PER_FAILING * failing
      : current + pull * (EFFICIENCY_DEFAULT - current) + (r * 2 - 1) * EFFICIENCY_WALK
  return clampEfficiency(next)
}

/** Efficiency as shown: 1 decimal ('97.3'). */
export function formatEfficiency(v: number): string {
  return v.toFixed(1)
}

/** Error Rate health: failing/total × 100 with 2 decimals and '%'; trend 'up' when more than 3 fail. */
export function errorRate(failing: number, total: number): { value: string; trend: Trend } {
  const pct = total > 0 ? (failing / total) * 100 : 0
  return {
    value: `${pct.toFixed(2)}%`,
    trend: failing > ERROR_RATE_TREND_THRESHOLD ? 'up' : 'stable',
  }
}

export function updateEfficiency(sim: SwarmSim): void {
  // Always draw, so the random sequence does not depend on whether agents fail.
  const r = sim.rng.next()
  sim.efficiency = nextEfficiency(sim.efficiency, sim.failingCount, r)
}

function setItem(items: HealthItem[], name: string, value: string, trend: Trend): void {
  for (const item of items) {
    if (item.name === name) {
      item.value = value
      item.trend = trend
    }
  }
}

/** What the health items' drift reads and writes: a simulation, or the live mirror. */
export interface HealthDrift {
  readonly health: HealthItem[]
  readonly rng: { next(): number }
  readonly failingCount: number
  readonly buffers: { readonly count: number }
}

function walk(
  sim: HealthDrift,
  value: number,
  step: number,
  min: number,
  max: number,
): { v: number; trend: Trend } {
  const d = (sim.rng.next() * 2 - 1) * step
  const v = Math.min(max, Math.max(min, value + d))
  return { v, trend: d > step / 3 ? 'up' : d < -step / 3 ? 'down' : 'stable' }
}

/** Demo drift of Memory/Processing/Network/Latency; Error Rate from the failing count; Uptime fixed. */
export function updateHealth(sim: HealthDrift): void {
  const h = sim.health
  const num = (name: string) => parseFloat(h.find((x) => x.name === name)?.value ?? '0')
  const mem = walk(sim, num('Memory'), 4, 40, 90)
  setItem(h, 'Memory', `${Math.round(mem.v)}%`, mem.trend)
  const proc = walk(sim, num('Processing'), 4, 60, 99)
  setItem(h, 'Processing', `${Math.round(proc.v)}%`, proc.trend)
  const net = walk(sim, num('Network'), 0.5, 95, 99.9)
  setItem(h, 'Network', `${net.v.toFixed(1)}%`, net.trend)
  const lat = walk(sim, num('Latency'), 3, 5, 40)
  setItem(h, 'Latency', `${Math.round(lat.v)}ms`, lat.trend)
  const er = errorRate(sim.failingCount, sim.buffers.count)
  setItem(h, 'Error Rate', er.value, er.trend)
}

/** Active tasks advance 0–3 points; at 100 a task completes (completedTasks++) and restarts. */
export function updateTasks(sim: SwarmSim): void {
  for (const task of sim.tasks) {
    if (task.status === 'pending') {
      if (sim.rng.next() < 0.1) task.status = 'active'
      continue
    }
    task.progress = Math.min(100, task.progress + Math.round(sim.rng.next() * 3))
    if (task.progress >= 100) {
      task.progress = 0
      sim.metrics.completedTasks++
    }
  }
}

/** scanTotals' sums: energy, power, efficiency (healthy agents), then the counts. */
const TOTALS = new Float64Array(7)
const [ENERGY, POWER, EFFICIENCY, FAILING_N, ACTIVE, PROCESSING_N, IDLE_N] = [0, 1, 2, 3, 4, 5, 6]

/** PRODUCT.md §3 metrics from the buffers (one pass; no allocation). */
export function updateMetrics(sim: SwarmSim): void {
  const buf = sim.buffers
  const n = buf.count
  const t = scanTotals(n, buf.flags, buf.status, buf.processingPower, buf.efficiency, buf.energy)
  const active = t[ACTIVE]!
  const power = t[POWER]!
  const eff = t[EFFICIENCY]!
  const healthy = n - t[FAILING_N]!
  const m = sim.metrics
  m.totalAgents = n
  m.activeAgents = active
  m.processingPower = Math.round(power)
  m.averageEfficiency = healthy > 0 ? Math.round((eff / healthy) * 10) / 10 : 0
  const latency = parseFloat(sim.health.find((x) => x.name === 'Latency')?.value ?? '12')
  m.networkLatency = latency + sim.failingCount * 0.5
}

/** Failing agents' ids a scan keeps (the error popup lists these). */
export const FAILING_IDS_CAP = 100

/** What one pass over a swarm's agents gives the panels (the same figures for every source). */
export interface SwarmScan {
  count: number
  failing: number
  /** ids of the first `idsCap` failing agents */
  failingIds: string[]
  /** healthy agents not idle */
  active: number
  /** processing power of the healthy agents, rounded */
  power: number
  /** mean efficiency of the healthy agents, 1 decimal */
  averageEfficiency: number
  /** mean energy of all agents */
  averageEnergy: number
  processing: number
  idle: number
}

/**
 * One pass over the first `buf.count` agents. O(N): at 1,000,000 agents ~10 ms, so the sim worker
 * runs it with its readings and the page only where the source has no worker.
 */
export function scanSwarm(
  buf: Pick<
    AgentBuffers,
    'count' | 'ids' | 'flags' | 'status' | 'processingPower' | 'efficiency' | 'energy'
  >,
  idsCap: number,
): SwarmScan {
  const n = buf.count
  const t = scanTotals(n, buf.flags, buf.status, buf.processingPower, buf.efficiency, buf.energy)
  const failing = t[FAILING_N]!
  const ids: string[] = []
  if (failing > 0 && idsCap > 0) {
    const flags = buf.flags
    for (let i = 0; i < n && ids.length < idsCap; i++) {
      if ((flags[i]! & FLAG.failing) !== 0) ids.push(buf.ids[i]!)
    }
  }
  const healthy = n - failing
  return {
    count: n,
    failing,
    failingIds: ids,
    active: t[ACTIVE]!,
    power: Math.round(t[POWER]!),
    averageEfficiency: healthy > 0 ? Math.round((t[EFFICIENCY]! / healthy) * 10) / 10 : 0,
    averageEnergy: n > 0 ? t[ENERGY]! / n : 0,
    processing: t[PROCESSING_N]!,
    idle: t[IDLE_N]!,
  }
}

/**
 * The hot loop of scanSwarm over typed arrays and numbers only, its sums in TOTALS. GOTCHA
 * (speed): with the buffers object and the failing ids inside the loop, the sim worker's V8
 * deoptimised it on a map check again and again (~40 times in 30 s at 100,000 agents), and each
 * call that ran unoptimised boxed a HeapNumber per agent: 1 MB a call, 4 calls a second. A
 * healthy agent's sums take its values times 1, a failing one's times 0 (the values are finite),
 * so there is no branch on the random flags either.
 */
function scanTotals(
  n: number,
  flags: Uint8Array,
  status: Uint8Array,
  processingPower: Float32Array,
  efficiency: Float32Array,
  energies: Float32Array,
): Float64Array {
  let failing = 0
  let active = 0
  let power = 0
  let eff = 0
  let energy = 0
  let processing = 0
  let idle = 0
  // module-local copies for the loop (see the GOTCHA in links.ts)
  const PROCESSING = STATUS.processing
  const IDLE = STATUS.idle
  const FAILING = FLAG.failing
  for (let i = 0; i < n; i++) {
    energy += energies[i]!
    const s = status[i]!
    // 0/1 arithmetic: the status is random, and a branch on it mispredicts about every third agent
    const notIdle = +(s !== IDLE)
    processing += +(s === PROCESSING)
    idle += 1 - notIdle
    const bad = +((flags[i]! & FAILING) !== 0)
    const ok = 1 - bad
    failing += bad
    power += processingPower[i]! * ok
    eff += efficiency[i]! * ok
    active += notIdle & ok
  }
  const t = TOTALS
  t[ENERGY] = energy
  t[POWER] = power
  t[EFFICIENCY] = eff
  t[FAILING_N] = failing
  t[ACTIVE] = active
  t[PROCESSING_N] = processing
  t[IDLE_N] = idle
  return t
}
