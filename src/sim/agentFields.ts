/**
 * A PRODUCT.md §3 agent, field by field: the one table every conversion of an agent is derived from
 * — the plain Agent objects of panels and snapshot files (toAgent, writeAgent), and the live feed's
 * wire agents both ways (src/feed/wire.ts: the server's frames, its resume state, the browser's
 * live mirror). A field says where it is stored, what it is called on the wire, how many decimals
 * the wire keeps, what a missing value becomes and what range a value is clamped into.
 *
 * The decoding rule, the same whichever door an agent comes in by (a wire agent, an export file, a
 * plain Agent): the buffers only ever hold what the sim itself could hold. The sim's own values are
 * within every range, so what the sim wrote comes back bit for bit.
 * - A number must be finite: missing, NaN, ±Infinity or not a number gives the field's `missing`
 *   value (size 3, speeds 0, energy 75, …); a missing target is the agent's own position.
 * - A finite number is clamped into the field's range: the ranges snapshot import enforces
 *   (AGENT_RANGES), so a live swarm saved as a snapshot loads again. Connections are rounded to a
 *   whole number first. Positions are not clamped: their range depends on the world.
 * - An unknown mode reads as explore; an unknown type or status as other (the neutral look).
 * - A colour that is not '#rrggbb' gives the colour of the agent's type; a failing agent is red
 *   whatever its colour says (the sim's failing look, setFailingLook).
 * - glow and failing are set only by `true`; an id that is not a string is ''.
 */
import { TYPE_COLORS, type NUMERIC_FIELDS } from './agents'
import { FAILING_COLOR } from './constants'
import { AGENT_RANGES, type NumberRange } from './snapshot/snapshotBounds'
import {
  AGENT_TYPE,
  AGENT_TYPE_NAMES,
  FLAG,
  MODE_NAMES,
  STATUS_NAMES,
  type AgentBuffers,
  type AgentTypeName,
  type ModeName,
  type StatusName,
} from './types'

/**
 * A plain PRODUCT.md §3 Agent, for panels, the live-feed JSON and snapshot export. Never per frame.
 */
export interface Agent {
  id: string
  x: number
  y: number
  size: number
  speedX: number
  speedY: number
  /** CSS colour '#rrggbb' */
  color: string
  target: { x: number; y: number }
  mode: ModeName
  type: AgentTypeName
  status: StatusName
  processingPower: number
  efficiency: number
  connections: number
  lastActiveTime: number
  energyLevel: number
  glow: boolean
  pulseRate: number
  /** Not a PRODUCT.md §3 field; carried so a snapshot/live state knows which agents are failing. */
  failing?: boolean
}

/**
 * A PRODUCT.md §3 agent from outside the buffers (the wire, a file): any field may be missing or
 * wrong.
 */
export type AgentRecord = { readonly [K in keyof Agent]?: unknown }

/** The agent as the live feed carries it: every field but `failing` (that is failingAgents). */
export type FeedAgent = Omit<Agent, 'failing'>

type NumberName = {
  [K in keyof Agent]-?: NonNullable<Agent[K]> extends number ? K : never
}[keyof Agent]

interface NumberField {
  kind: 'number'
  name: NumberName
  buffer: (typeof NUMERIC_FIELDS)[number]
  /** decimals kept on the wire */
  decimals: number
  missing: number
  /** none for positions: their range is the world's */
  range?: NumberRange
  /** rounded to a whole number before the clamp */
  whole?: true
}

interface EnumField {
  kind: 'enum'
  name: 'mode' | 'type' | 'status'
  buffer: 'mode' | 'type' | 'status'
  names: readonly string[]
  /** also what an index outside `names` reads as */
  missing: string
}

type AgentField =
  | { kind: 'id'; name: 'id'; buffer: 'ids' }
  | NumberField
  | { kind: 'target'; name: 'target'; buffer: readonly ['targetX', 'targetY']; decimals: number }
  | { kind: 'color'; name: 'color'; buffer: 'color' }
  | EnumField
  | { kind: 'flag'; name: 'glow' | 'failing'; buffer: 'flags'; bit: number; wire?: false }

/** A number field, its columns in a row: name, buffer, wire decimals, value when missing, range. */
function num(
  name: NumberName,
  buffer: NumberField['buffer'],
  decimals: number,
  missing: number,
  range?: NumberRange,
): NumberField {
  return { kind: 'number', name, buffer, decimals, missing, range }
}

/** An enum field, stored as the index of its name (the buffer has the field's name). */
function named<N extends EnumField['name']>(name: N, names: readonly string[], missing: string) {
  return { kind: 'enum', name, buffer: name, names, missing } satisfies EnumField
}

const R = AGENT_RANGES
const ID = { kind: 'id', name: 'id', buffer: 'ids' } as const
const X = num('x', 'x', 1, 0)
const Y = num('y', 'y', 1, 0)
const TYPE = named('type', AGENT_TYPE_NAMES, 'other')

/**
 * Every PRODUCT.md §3 field in PRODUCT.md §3 order: the order of an Agent's keys, so of the JSON of
 * files and frames.
 */
export const AGENT_FIELDS: readonly AgentField[] = [
  ID,
  X,
  Y,
  num('size', 'size', 2, 3, R.size),
  num('speedX', 'speedX', 2, 0, R.speedX),
  num('speedY', 'speedY', 2, 0, R.speedY),
  { kind: 'color', name: 'color', buffer: 'color' },
  { kind: 'target', name: 'target', buffer: ['targetX', 'targetY'], decimals: 1 },
  named('mode', MODE_NAMES, 'explore'),
  TYPE,
  named('status', STATUS_NAMES, 'other'),
  num('processingPower', 'processingPower', 1, 50, R.processingPower),
  num('efficiency', 'efficiency', 2, 90, R.efficiency),
  { ...num('connections', 'connections', 0, 0, R.connections), whole: true },
  num('lastActiveTime', 'lastActiveTime', 0, 0, R.lastActiveTime),
  num('energyLevel', 'energy', 1, 75, R.energyLevel),
  { kind: 'flag', name: 'glow', buffer: 'flags', bit: FLAG.glow },
  num('pulseRate', 'pulseRate', 2, 1, R.pulseRate),
  // not on the wire: a state frame lists the failing agents' ids as failingAgents
  { kind: 'flag', name: 'failing', buffer: 'flags', bit: FLAG.failing, wire: false },
]

const WIRE_FIELDS = AGENT_FIELDS.filter((f) => f.kind !== 'flag' || f.wire !== false)

/** `v` kept to `decimals` decimals; without `decimals`, as it is. */
function keep(v: number, decimals: number | undefined): number {
  if (decimals === undefined) return v
  const scale = 10 ** decimals
  return Math.round(v * scale) / scale
}

/**
 * Field f of agent i as its PRODUCT.md §3 value; `wire`: numbers kept to the field's wire decimals.
 */
function readField(f: AgentField, b: AgentBuffers, i: number, wire: boolean): unknown {
  switch (f.kind) {
    case 'id':
      return b.ids[i] ?? ''
    case 'number':
      return keep(b[f.buffer][i] ?? 0, wire ? f.decimals : undefined)
    case 'target': {
      const d = wire ? f.decimals : undefined
      return { x: keep(b.targetX[i] ?? 0, d), y: keep(b.targetY[i] ?? 0, d) }
    }
    case 'color':
      return `#${((b.color[i] ?? 0) & 0xffffff).toString(16).padStart(6, '0')}`
    case 'enum':
      return f.names[b[f.buffer][i] ?? 0] ?? f.missing
    case 'flag':
      return ((b.flags[i] ?? 0) & f.bit) !== 0
  }
}

function record<T>(b: AgentBuffers, i: number, fields: readonly AgentField[], wire: boolean): T {
  const out: Record<string, unknown> = {}
  for (const f of fields) out[f.name] = readField(f, b, i, wire)
  return out as T
}

/**
 * Agent i as a plain PRODUCT.md §3 object (allocates; for panels and JSON, not the per-frame path).
 */
export function toAgent(buf: AgentBuffers, i: number): Agent {
  return record(buf, i, AGENT_FIELDS, false)
}

/**
 * Agent i as the live feed carries it (PRODUCT.md §7.1): numbers kept to each field's wire
 * decimals.
 */
export function toFeedAgent(buf: AgentBuffers, i: number): FeedAgent {
  return record(buf, i, WIRE_FIELDS, true)
}

/** Agent i's id and position as a type 1 position update carries them (10 Hz: no field loop). */
export function toFeedPosition(buf: AgentBuffers, i: number): { id: string; x: number; y: number } {
  return {
    id: buf.ids[i] ?? '',
    x: keep(buf.x[i] ?? 0, X.decimals),
    y: keep(buf.y[i] ?? 0, Y.decimals),
  }
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function decodeNumber(f: NumberField, v: unknown): number {
  if (!finite(v)) return f.missing
  const n = f.whole ? Math.round(v) : v
  const r = f.range
  // compared, not Math.max/min: those would turn a -0 the sim wrote into +0
  return r === undefined ? n : n < r.min ? r.min : n > r.max ? r.max : n
}

function decodeEnum(f: EnumField, v: unknown): number {
  const i = f.names.indexOf(v as string)
  return i >= 0 ? i : f.names.indexOf(f.missing)
}

function decodeColor(a: AgentRecord, failing: boolean): number {
  if (failing) return FAILING_COLOR
  const m = typeof a.color === 'string' ? /^#?([0-9a-f]{6})$/i.exec(a.color) : null
  if (m) return parseInt(m[1]!, 16)
  return TYPE_COLORS[decodeEnum(TYPE, a.type)] ?? TYPE_COLORS[AGENT_TYPE.other]!
}

function writeField(f: AgentField, b: AgentBuffers, i: number, a: AgentRecord, failing: boolean) {
  switch (f.kind) {
    case 'id':
      b.ids[i] = typeof a.id === 'string' ? a.id : ''
      return
    case 'number':
      b[f.buffer][i] = decodeNumber(f, a[f.name])
      return
    case 'target': {
      const t = (typeof a.target === 'object' && a.target) || {}
      const { x, y } = t as { x?: unknown; y?: unknown }
      b.targetX[i] = decodeNumber(X, finite(x) ? x : a.x)
      b.targetY[i] = decodeNumber(Y, finite(y) ? y : a.y)
      return
    }
    case 'color':
      b.color[i] = decodeColor(a, failing)
      return
    case 'enum':
      b[f.buffer][i] = decodeEnum(f, a[f.name])
      return
    case 'flag': {
      const on = f.name === 'failing' ? failing : a[f.name] === true
      b.flags[i] = ((b.flags[i] ?? 0) & ~f.bit) | (on ? f.bit : 0)
    }
  }
}

/**
 * Writes a PRODUCT.md §3 agent into slot i under the decoding rule above. `failing` is the record's
 * own flag unless given (the wire carries it apart, as failingAgents).
 */
export function writeAgent(
  buf: AgentBuffers,
  i: number,
  a: AgentRecord,
  failing = a.failing === true,
): void {
  for (const f of AGENT_FIELDS) writeField(f, buf, i, a, failing)
}
