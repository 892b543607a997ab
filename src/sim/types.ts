/**
 * The swarm's data layout: structure-of-arrays typed buffers (ARCHITECTURE.md "Simulation"). This
 * is the contract between the simulation (writer), the valtio store, the scene (reads the buffers
 * every frame as instance attributes), GPU picking and the live-feed codec. Index i is agent i.
 */

/** Agent.mode (PRODUCT.md §3). 'analyze' only appears in the detail view / live data. */
export const MODE = { explore: 0, idle: 1, target: 2, analyze: 3 } as const
export type ModeName = keyof typeof MODE
export const MODE_NAMES: readonly ModeName[] = ['explore', 'idle', 'target', 'analyze']

/** Agent.type (PRODUCT.md §3); OTHER gets the default teal look. */
export const AGENT_TYPE = {
  standard: 0,
  analyzer: 1,
  collector: 2,
  processor: 3,
  other: 4,
} as const
export type AgentTypeName = keyof typeof AGENT_TYPE
export const AGENT_TYPE_NAMES: readonly AgentTypeName[] = [
  'standard',
  'analyzer',
  'collector',
  'processor',
  'other',
]

/** Agent.status (PRODUCT.md §3); OTHER is shown neutral. */
export const STATUS = { active: 0, idle: 1, processing: 2, other: 3 } as const
export type StatusName = keyof typeof STATUS
export const STATUS_NAMES: readonly StatusName[] = ['active', 'idle', 'processing', 'other']

/** Bits of AgentBuffers.flags. */
export const FLAG = { glow: 1, failing: 2 } as const

/**
 * Every Agent field of PRODUCT.md §3, one typed array per field. Arrays are allocated at `capacity`
 * and only the first `count` entries are live. Positions are world units (1 unit = 1 CSS px at zoom
 * 1); the world spans [0, width] × [0, height].
 */
export interface AgentBuffers {
  count: number
  capacity: number
  /** 8-char random ids; the first 5 are the short name. */
  ids: string[]
  x: Float32Array
  y: Float32Array
  size: Float32Array
  speedX: Float32Array
  speedY: Float32Array
  targetX: Float32Array
  targetY: Float32Array
  /** 0xRRGGBB */
  color: Uint32Array
  mode: Uint8Array
  type: Uint8Array
  status: Uint8Array
  /** 10–99 */
  processingPower: Float32Array
  /** simulation scale 85–100 (the detail view also reads it as a 0..1 fraction) */
  efficiency: Float32Array
  /** 0–7 */
  connections: Uint8Array
  /** ms timestamp (simulated clock) */
  lastActiveTime: Float64Array
  /** 0–100 */
  energy: Float32Array
  pulseRate: Float32Array
  /** FLAG bits: glow, failing */
  flags: Uint8Array
}

/** Links between agents: pair k joins agents a[k] and b[k]; at most `connections[i]` per agent. */
export interface LinkBuffers {
  count: number
  a: Uint32Array
  b: Uint32Array
}

export interface World {
  width: number
  height: number
}
