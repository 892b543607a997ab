/**
 * Agent buffers: allocation, seeded initial agents, copies. Plain PRODUCT.md §3 Agents:
 * agentFields.ts.
 */
import { BASE_WORLD, DEFAULT_AGENT_COUNT, EXPLORE_SPEED_SPREAD, FAILING_COLOR } from './constants'
import type { Rng } from './random'
import { AGENT_TYPE, FLAG, MODE, STATUS, type AgentBuffers, type World } from './types'

/** Base colour per agent type (0xRRGGBB); 'other' gets the default teal. Failing agents are red. */
export const TYPE_COLORS: readonly number[] = [0x00d4ff, 0xb266ff, 0x33ff99, 0xffb020, 0x14b8a6]
export { FAILING_COLOR }

/** World size for `count` agents: BASE_WORLD holds 146; the area grows linearly with the count. */
export function worldForCount(count: number): World {
  const scale = Math.sqrt(Math.max(count, DEFAULT_AGENT_COUNT) / DEFAULT_AGENT_COUNT)
  return {
    width: Math.round(BASE_WORLD.width * scale),
    height: Math.round(BASE_WORLD.height * scale),
  }
}

/** Zeroed buffers for up to `capacity` agents (count 0). */
export function createAgentBuffers(capacity: number): AgentBuffers {
  return {
    count: 0,
    capacity,
    ids: new Array<string>(capacity).fill(''),
    x: new Float32Array(capacity),
    y: new Float32Array(capacity),
    size: new Float32Array(capacity),
    speedX: new Float32Array(capacity),
    speedY: new Float32Array(capacity),
    targetX: new Float32Array(capacity),
    targetY: new Float32Array(capacity),
    color: new Uint32Array(capacity),
    mode: new Uint8Array(capacity),
    type: new Uint8Array(capacity),
    status: new Uint8Array(capacity),
    processingPower: new Float32Array(capacity),
    efficiency: new Float32Array(capacity),
    connections: new Uint8Array(capacity),
    lastActiveTime: new Float64Array(capacity),
    energy: new Float32Array(capacity),
    pulseRate: new Float32Array(capacity),
    flags: new Uint8Array(capacity),
  }
}

/** The typed-array fields of AgentBuffers, in a fixed order (digest, copy, snapshot). */
export const NUMERIC_FIELDS = [
  'x',
  'y',
  'size',
  'speedX',
  'speedY',
  'targetX',
  'targetY',
  'color',
  'mode',
  'type',
  'status',
  'processingPower',
  'efficiency',
  'connections',
  'lastActiveTime',
  'energy',
  'pulseRate',
  'flags',
] as const satisfies readonly (keyof AgentBuffers)[]

/**
 * Fill `count` agents with the PRODUCT.md §3 initial ranges: processingPower 10–99, efficiency
 * 85–100, connections 0–7, energy 50–99, unique 8-char ids.
 */
export function initAgents(
  buf: AgentBuffers,
  count: number,
  world: World,
  rng: Rng,
  nowMs: number,
): void {
  if (count > buf.capacity) throw new RangeError(`count ${count} exceeds capacity ${buf.capacity}`)
  const seen = new Set<string>()
  for (let i = 0; i < count; i++) {
    let id = rng.id(8)
    while (seen.has(id)) id = rng.id(8)
    seen.add(id)
    buf.ids[i] = id
    buf.x[i] = rng.range(0, world.width)
    buf.y[i] = rng.range(0, world.height)
    buf.size[i] = rng.range(2, 5)
    buf.speedX[i] = (rng.next() - 0.5) * EXPLORE_SPEED_SPREAD
    buf.speedY[i] = (rng.next() - 0.5) * EXPLORE_SPEED_SPREAD
    buf.targetX[i] = rng.range(0, world.width)
    buf.targetY[i] = rng.range(0, world.height)
    const type = rng.int(4)
    buf.type[i] = type
    buf.color[i] = TYPE_COLORS[type] ?? TYPE_COLORS[AGENT_TYPE.other]!
    const m = rng.next()
    buf.mode[i] = m < 0.5 ? MODE.explore : m < 0.8 ? MODE.target : MODE.idle
    const s = rng.next()
    buf.status[i] = s < 0.6 ? STATUS.active : s < 0.8 ? STATUS.processing : STATUS.idle
    buf.processingPower[i] = 10 + rng.int(90)
    buf.efficiency[i] = rng.range(85, 100)
    buf.connections[i] = rng.int(8)
    buf.lastActiveTime[i] = nowMs
    const energy = 50 + rng.int(50)
    buf.energy[i] = energy
    buf.flags[i] = energy > 80 ? FLAG.glow : 0
    buf.pulseRate[i] = energy > 80 ? 1.8 : 1
  }
  buf.count = count
}

/** Copy the first `src.count` agents of src into dst (same capacity or larger). */
export function copyAgentBuffers(src: AgentBuffers, dst: AgentBuffers): void {
  if (src.count > dst.capacity) throw new RangeError('destination buffers too small')
  for (const f of NUMERIC_FIELDS) {
    ;(dst[f] as { set(a: ArrayLike<number>): void }).set(src[f].subarray(0, src.count))
  }
  for (let i = 0; i < src.count; i++) dst.ids[i] = src.ids[i] ?? ''
  dst.count = src.count
}

/** A tight copy (capacity = count) of the live agents: snapshots. */
export function cloneAgentBuffers(src: AgentBuffers): AgentBuffers {
  const dst = createAgentBuffers(src.count)
  copyAgentBuffers(src, dst)
  return dst
}
