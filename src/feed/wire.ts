/**
 * Conversions between the sim's structure-of-arrays buffers (src/sim/types.ts) and the §7.1 wire
 * objects. Pure: the server uses the "to wire" half, the client the "from wire" half.
 */
import {
  AGENT_TYPE,
  AGENT_TYPE_NAMES,
  type AgentBuffers,
  FLAG,
  MODE,
  MODE_NAMES,
  STATUS,
  STATUS_NAMES,
} from '../sim/types'
import type { PositionUpdate, WireAgent } from './protocol'

/** Rounds to one decimal: sub-pixel precision is invisible and halves the JSON. */
const r1 = (v: number) => Math.round(v * 10) / 10
const r2 = (v: number) => Math.round(v * 100) / 100

function colorToHex(c: number): string {
  return `#${(c & 0xffffff).toString(16).padStart(6, '0')}`
}

function hexToColor(s: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(s)
  return m?.[1] ? parseInt(m[1], 16) : 0x2dd4bf
}

/** Agent i of the buffers as a §3 wire agent. */
function agentToWire(b: AgentBuffers, i: number): WireAgent {
  const flags = b.flags[i] ?? 0
  return {
    id: b.ids[i] ?? '',
    x: r1(b.x[i] ?? 0),
    y: r1(b.y[i] ?? 0),
    size: r2(b.size[i] ?? 0),
    speedX: r2(b.speedX[i] ?? 0),
    speedY: r2(b.speedY[i] ?? 0),
    color: colorToHex(b.color[i] ?? 0),
    target: { x: r1(b.targetX[i] ?? 0), y: r1(b.targetY[i] ?? 0) },
    mode: MODE_NAMES[b.mode[i] ?? 0] ?? 'explore',
    type: AGENT_TYPE_NAMES[b.type[i] ?? 0] ?? 'other',
    status: STATUS_NAMES[b.status[i] ?? 0] ?? 'other',
    processingPower: r1(b.processingPower[i] ?? 0),
    efficiency: r2(b.efficiency[i] ?? 0),
    connections: b.connections[i] ?? 0,
    lastActiveTime: Math.round(b.lastActiveTime[i] ?? 0),
    energyLevel: r1(b.energy[i] ?? 0),
    glow: (flags & FLAG.glow) !== 0,
    pulseRate: r2(b.pulseRate[i] ?? 0),
  }
}

/** All live agents as wire agents, plus the ids of the failing ones. */
export function buffersToWire(b: AgentBuffers): { agents: WireAgent[]; failingAgents: string[] } {
  const agents: WireAgent[] = []
  const failingAgents: string[] = []
  for (let i = 0; i < b.count; i++) {
    agents.push(agentToWire(b, i))
    if (((b.flags[i] ?? 0) & FLAG.failing) !== 0) failingAgents.push(b.ids[i] ?? '')
  }
  return { agents, failingAgents }
}

/** The type 1 payload for the live agents. */
export function buffersToPositions(b: AgentBuffers): PositionUpdate[] {
  const out: PositionUpdate[] = new Array<PositionUpdate>(b.count)
  for (let i = 0; i < b.count; i++)
    out[i] = { id: b.ids[i] ?? '', x: r1(b.x[i] ?? 0), y: r1(b.y[i] ?? 0) }
  return out
}

function enumIndex<T extends Record<string, number>>(
  table: T,
  name: string,
  fallback: number,
): number {
  return Object.hasOwn(table, name) ? (table[name] as number) : fallback
}

/**
 * Writes wire agents into buffers (growing nothing: agents beyond `capacity` are dropped) and sets
 * `count`. Unknown enum names map to the spec's "other" looks.
 */
export function wireToBuffers(
  agents: readonly WireAgent[],
  failing: ReadonlySet<string>,
  b: AgentBuffers,
): void {
  const n = Math.min(agents.length, b.capacity)
  for (let i = 0; i < n; i++) {
    const a = agents[i] as WireAgent
    b.ids[i] = a.id
    b.x[i] = a.x
    b.y[i] = a.y
    b.size[i] = num(a.size, 3)
    b.speedX[i] = num(a.speedX, 0)
    b.speedY[i] = num(a.speedY, 0)
    b.targetX[i] = num(a.target?.x, a.x)
    b.targetY[i] = num(a.target?.y, a.y)
    b.color[i] = hexToColor(String(a.color))
    b.mode[i] = enumIndex(MODE, String(a.mode), MODE.explore)
    b.type[i] = enumIndex(AGENT_TYPE, String(a.type), AGENT_TYPE.other)
    b.status[i] = enumIndex(STATUS, String(a.status), STATUS.other)
    b.processingPower[i] = num(a.processingPower, 50)
    b.efficiency[i] = num(a.efficiency, 90)
    b.connections[i] = Math.max(0, Math.min(7, Math.round(num(a.connections, 0))))
    b.lastActiveTime[i] = num(a.lastActiveTime, 0)
    b.energy[i] = Math.max(0, Math.min(100, num(a.energyLevel, 75)))
    b.pulseRate[i] = num(a.pulseRate, 1)
    b.flags[i] = (a.glow ? FLAG.glow : 0) | (failing.has(a.id) ? FLAG.failing : 0)
  }
  b.ids.length = n
  b.count = n
}

const num = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback
