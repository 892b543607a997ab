/**
 * The range of every number a snapshot holds (RELIABILITY.md §12, finding 7). An imported
 * file passed ±1e308 through: a world that wide made the link grid ask for a typed array of 7.5e306
 * cells, and replay threw a RangeError every frame, again after each reload (IndexedDB kept it).
 * The ranges are what the sim and the live feed (the same sim, on the server) can produce, with
 * room to spare; both doors into the snapshot list check them: import (snapshotFile.ts, with zod)
 * and the IndexedDB load (state/snapshotPersistence.ts, snapshotRangeProblem here, no zod).
 */
import type { Metrics } from '../model'
import type { Snapshot } from './snapshot'
import { AGENT_TYPE_NAMES, FLAG, MODE_NAMES, STATUS_NAMES, type AgentBuffers } from '../types'

export interface NumberRange {
  min: number
  max: number
}

/** The most agents a snapshot holds: the most the app runs (MAX_AGENTS of state/urlParams.ts). */
export const MAX_SNAPSHOT_AGENTS = 1_000_000
/** A side of the world: worldForCount(1,000,000) is 132,417 × 82,761; a link grid ~13 MB. */
const MAX_WORLD_SIDE = 150_000
/**
 * The sim keeps agents and their targets in [0, width] × [0, height]; the margin is slack for a
 * feed that draws an agent a little past the edge, never enough to matter to a grid.
 */
const COORDINATE_MARGIN = 1_000
/** The latest time a JS Date holds: a later one makes toISOString() throw a RangeError. */
const MAX_TIME_MS = 8.64e15

/** The snapshot's own numbers (metrics below). */
export const SNAPSHOT_RANGES = {
  timestamp: { min: 0, max: MAX_TIME_MS },
  worldSide: { min: 1, max: MAX_WORLD_SIDE },
  /** the swarm's efficiency: the sim keeps it in 75–99.9 */
  efficiency: { min: 0, max: 100 },
} as const satisfies Record<string, NumberRange>

export const METRIC_RANGES = {
  totalAgents: { min: 0, max: MAX_SNAPSHOT_AGENTS },
  activeAgents: { min: 0, max: MAX_SNAPSHOT_AGENTS },
  /** Σ processingPower of the healthy agents */
  processingPower: { min: 0, max: MAX_SNAPSHOT_AGENTS * 100 },
  averageEfficiency: { min: 0, max: 100 },
  /** ms: the Latency reading + 0.5 per failing agent */
  networkLatency: { min: 0, max: 1_000_000 },
  /** a count that only grows: any whole number a double holds exactly */
  completedTasks: { min: 0, max: Number.MAX_SAFE_INTEGER },
} as const satisfies Record<keyof Metrics, NumberRange>

/** An agent's numbers by their export-file names (x, y and target: coordinateRange). */
export const AGENT_RANGES = {
  /** the sim draws 2–5 */
  size: { min: 0, max: 20 },
  /** units per frame at speed 5; the sim's are within ±0.8 */
  speedX: { min: -10, max: 10 },
  speedY: { min: -10, max: 10 },
  /** PRODUCT.md §3: 10–99 */
  processingPower: { min: 0, max: 100 },
  /** PRODUCT.md §3: 85–100 (the detail view also reads 0..1) */
  efficiency: { min: 0, max: 100 },
  /** PRODUCT.md §3: 0–7, whole */
  connections: { min: 0, max: 7 },
  lastActiveTime: { min: 0, max: MAX_TIME_MS },
  /** PRODUCT.md §3: 0–100 */
  energyLevel: { min: 0, max: 100 },
  /** the sim's are 0.5, 1, 1.8 and 3 */
  pulseRate: { min: 0, max: 10 },
} as const satisfies Record<string, NumberRange>

/** Where an agent (or its target) may be along a world side of this length. */
export function coordinateRange(side: number): NumberRange {
  return { min: -COORDINATE_MARGIN, max: side + COORDINATE_MARGIN }
}

/** False for NaN and for anything not a number. */
export function inRange(v: unknown, r: NumberRange): v is number {
  return typeof v === 'number' && v >= r.min && v <= r.max
}

const grouped = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 3 })

/** 'must be between -1,000 and 2,600 (it is 1e+308)': the message of an out-of-range number. */
export function rangeMessage(r: NumberRange, value: unknown): string {
  return `must be between ${grouped(r.min)} and ${grouped(r.max)} (it is ${String(value)})`
}

/** Buffer field → export-file name, where they differ (the messages use the file's names). */
const FILE_NAMES: Partial<Record<keyof AgentBuffers, string>> = {
  energy: 'energyLevel',
  targetX: 'target.x',
  targetY: 'target.y',
}

/** The agent fields of the buffers with a fixed range; x, y and the target depend on the world. */
const BUFFER_RANGES: readonly [keyof AgentBuffers, NumberRange][] = [
  ['size', AGENT_RANGES.size],
  ['speedX', AGENT_RANGES.speedX],
  ['speedY', AGENT_RANGES.speedY],
  ['processingPower', AGENT_RANGES.processingPower],
  ['efficiency', AGENT_RANGES.efficiency],
  ['connections', AGENT_RANGES.connections],
  ['lastActiveTime', AGENT_RANGES.lastActiveTime],
  ['energy', AGENT_RANGES.energyLevel],
  ['pulseRate', AGENT_RANGES.pulseRate],
  // what import writes for a colour and the names; anything else is damage
  ['color', { min: 0, max: 0xffffff }],
  ['mode', { min: 0, max: MODE_NAMES.length - 1 }],
  ['type', { min: 0, max: AGENT_TYPE_NAMES.length - 1 }],
  ['status', { min: 0, max: STATUS_NAMES.length - 1 }],
  ['flags', { min: 0, max: FLAG.glow | FLAG.failing }],
]

/** The first agent of `values[0..n)` outside `r`, or -1 (one tight loop per field: 1M agents). */
function firstOutside(values: ArrayLike<number>, n: number, r: NumberRange): number {
  const { min, max } = r
  for (let i = 0; i < n; i++) {
    const v = values[i]!
    if (!(v >= min && v <= max)) return i
  }
  return -1
}

function agentProblem(a: AgentBuffers, world: Snapshot['world']): string | null {
  const xr = coordinateRange(world.width)
  const yr = coordinateRange(world.height)
  const fields: readonly [keyof AgentBuffers, NumberRange][] = [
    ['x', xr],
    ['y', yr],
    ['targetX', xr],
    ['targetY', yr],
    ...BUFFER_RANGES,
  ]
  for (const [field, r] of fields) {
    const values = a[field] as ArrayLike<number>
    const i = firstOutside(values, a.count, r)
    if (i >= 0) return `agents.${i}.${FILE_NAMES[field] ?? field}: ${rangeMessage(r, values[i])}`
  }
  return null
}

/**
 * The first number of `s` outside its range, in words ('agents.12.x: must be between -1,000 and
 * 2,600 (it is Infinity)'), or null when every one is within: for a snapshot that did not come
 * through import (a stored one). `s` must have the Snapshot shape (typed arrays ≥ count long).
 */
export function snapshotRangeProblem(s: Snapshot): string | null {
  const head: [string, unknown, NumberRange][] = [
    ['timestamp', s.timestamp, SNAPSHOT_RANGES.timestamp],
    ['world.width', s.world.width, SNAPSHOT_RANGES.worldSide],
    ['world.height', s.world.height, SNAPSHOT_RANGES.worldSide],
    ['efficiency', s.efficiency, SNAPSHOT_RANGES.efficiency],
    ['agents.length', s.agents.count, { min: 0, max: MAX_SNAPSHOT_AGENTS }],
  ]
  for (const [k, r] of Object.entries(METRIC_RANGES)) {
    head.push([`metrics.${k}`, (s.metrics as unknown as Record<string, unknown>)[k], r])
  }
  for (const [where, v, r] of head) if (!inRange(v, r)) return `${where}: ${rangeMessage(r, v)}`
  return agentProblem(s.agents, s.world)
}
