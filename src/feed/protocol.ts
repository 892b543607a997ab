/**
 * The live-feed wire protocol (PRODUCT.md §7.1), shared by the browser client and the server.
 *
 * Every frame is binary. Byte 0 is the message type; for types 0–5 the rest is UTF-8 JSON text:
 *
 * | type | direction | payload |
 * |---|---|---|
 * | 0 | server → client | swarm state `{ agents: WireAgent[], metrics, failingAgents?, tasks?, world? }` |
 * | 1 | server → client | agent position updates `[{ id, x, y }, …]` (same order as the last type 0) |
 * | 2 | server → client | system message `{ id, type, text, timestamp }` |
 * | 3 | server → client | task updates `[{ name, progress, status }, …]` |
 * | 4 | server → client | metrics update `{ totalAgents, activeAgents, … }` |
 * | 5 | server → client | error event `{ id, errorCode, message, timestamp, agentId }` |
 * | 6 | client → server | ping: the single byte 6 |
 * | 7 | server → client | pong: the single byte 7 |
 * | 8 | server → client | packed positions (extension, below) |
 *
 * Type 8 is OUR extension for large swarms; a spec client never sees it. A client asks for it by
 * opening `/ws?positions=f32`; the server then sends type 8 instead of type 1. Layout (little endian):
 * byte 0 = 8, byte 1 = layout version (1), bytes 2–3 = 0, bytes 4–7 = uint32 agent count n, then n
 * float32 x, then n float32 y, in the agent order of the last type 0 frame. 8 + 8n bytes in all.
 *
 * `decodeFrame` never throws: non-binary data is ignored, an unknown type is a console warning,
 * unparsable or malformed JSON is console-logged; each returns null.
 */
import type { Agent } from '../sim/agentFields'
import type { Metrics } from '../sim/model'

export const MSG = {
  swarmState: 0,
  positions: 1,
  systemMessage: 2,
  taskUpdates: 3,
  metrics: 4,
  errorEvent: 5,
  ping: 6,
  pong: 7,
  packedPositions: 8,
} as const

const PACKED_LAYOUT_VERSION = 1
export const PACKED_HEADER_BYTES = 8

/**
 * PRODUCT.md §3 Agent as it travels on the wire: the agent's fields (sim/agentFields.ts) but `failing` (that is
 * `failingAgents`), with the enum fields as plain names a decoder must check, colour as '#rrggbb'.
 */
export type WireAgent = Omit<Agent, 'mode' | 'type' | 'status' | 'failing'> & {
  mode: string
  type: string
  status: string
}

/** PRODUCT.md §3 Metrics, plus the swarm's efficiency. */
export type WireMetrics = Metrics & {
  /**
   * The swarm's efficiency, 1 decimal (the status panel's figure). Our addition: PRODUCT.md §3 Metrics has no
   * such field, so a spec server omits it and a client keeps the efficiency it shows.
   */
  efficiency?: number
}

export interface WireTask {
  name: string
  progress: number
  status: string
}

export interface SwarmStatePayload {
  agents: WireAgent[]
  metrics: WireMetrics
  /** ids of failing agents (our addition: a spec client ignores it) */
  failingAgents?: string[]
  tasks?: WireTask[]
  world?: { width: number; height: number }
}

export interface PositionUpdate {
  id: string
  x: number
  y: number
}

export interface SystemMessagePayload {
  id: string
  type: string
  text: string
  timestamp: string
}

export interface ErrorEventPayload {
  id: string
  errorCode: string
  message: string
  timestamp: string
  agentId: string
}

interface PackedPositions {
  count: number
  x: Float32Array
  y: Float32Array
}

export type FeedMessage =
  | { type: 0; payload: SwarmStatePayload }
  | { type: 1; payload: PositionUpdate[] }
  | { type: 2; payload: SystemMessagePayload }
  | { type: 3; payload: WireTask[] }
  | { type: 4; payload: WireMetrics }
  | { type: 5; payload: ErrorEventPayload }
  | { type: 6 }
  | { type: 7 }
  | { type: 8; payload: PackedPositions }

/** Where decode problems are reported; `console` by default, a spy in tests. */
export interface FeedLogger {
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
}

const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/** Encodes one JSON-carrying frame: the type byte followed by the payload's JSON text. */
export function encodeJsonFrame(type: 0 | 1 | 2 | 3 | 4 | 5, payload: unknown): Uint8Array {
  const body = encoder.encode(JSON.stringify(payload))
  const out = new Uint8Array(body.length + 1)
  out[0] = type
  out.set(body, 1)
  return out
}

/** Encodes any message; ping and pong are the single bytes 6 and 7. */
export function encodeFrame(msg: FeedMessage): Uint8Array {
  switch (msg.type) {
    case 6:
    case 7:
      return Uint8Array.of(msg.type)
    case 8:
      return encodePackedPositions(msg.payload.x, msg.payload.y, msg.payload.count)
    default:
      return encodeJsonFrame(msg.type, msg.payload)
  }
}

/** Type 8: packs the first `count` x and y values (see the layout above). */
export function encodePackedPositions(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  count: number,
): Uint8Array {
  const out = new Uint8Array(PACKED_HEADER_BYTES + 8 * count)
  const view = new DataView(out.buffer)
  out[0] = MSG.packedPositions
  out[1] = PACKED_LAYOUT_VERSION
  view.setUint32(4, count, true)
  if (LITTLE_ENDIAN_HOST) {
    const f = new Float32Array(out.buffer, PACKED_HEADER_BYTES, 2 * count)
    for (let i = 0; i < count; i++) {
      f[i] = x[i] ?? 0
      f[count + i] = y[i] ?? 0
    }
  } else {
    for (let i = 0; i < count; i++) {
      view.setFloat32(PACKED_HEADER_BYTES + 4 * i, x[i] ?? 0, true)
      view.setFloat32(PACKED_HEADER_BYTES + 4 * (count + i), y[i] ?? 0, true)
    }
  }
  return out
}

/** Views binary WebSocket data (ArrayBuffer, Buffer/Uint8Array, other views, Buffer[] chunks) as bytes. */
export function asBytes(data: unknown): Uint8Array | null {
  if (data instanceof Uint8Array) return data
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
  if (Array.isArray(data) && data.length > 0 && data.every((d) => d instanceof Uint8Array)) {
    const chunks = data as Uint8Array[]
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
    let at = 0
    for (const c of chunks) {
      out.set(c, at)
      at += c.length
    }
    return out
  }
  return null
}

/**
 * Decodes one frame; null (and a log line where PRODUCT.md §8 asks for one) for anything it cannot
 * use.
 */
export function decodeFrame(data: unknown, log: FeedLogger = console): FeedMessage | null {
  const bytes = asBytes(data)
  // PRODUCT.md §8: a non-binary message is ignored silently.
  if (!bytes || bytes.length === 0) return null
  const type = bytes[0]
  try {
    switch (type) {
      case MSG.ping:
      case MSG.pong:
        return { type }
      case MSG.packedPositions:
        return decodePacked(bytes, log)
      case MSG.swarmState:
      case MSG.positions:
      case MSG.systemMessage:
      case MSG.taskUpdates:
      case MSG.metrics:
      case MSG.errorEvent: {
        const payload: unknown = JSON.parse(decoder.decode(bytes.subarray(1)))
        if (!PAYLOAD_OK[type](payload)) {
          log.error(`[feed] malformed payload for message type ${type}`)
          return null
        }
        return { type, payload } as FeedMessage
      }
      default:
        log.warn(`[feed] unknown message type ${String(type)}`)
        return null
    }
  } catch (err) {
    log.error(
      `[feed] failed to parse message type ${String(type)}:`,
      err instanceof Error ? err.message : err,
    )
    return null
  }
}

function decodePacked(bytes: Uint8Array, log: FeedLogger): FeedMessage | null {
  if (bytes.length < PACKED_HEADER_BYTES || bytes[1] !== PACKED_LAYOUT_VERSION) {
    log.error('[feed] malformed packed positions frame')
    return null
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const count = view.getUint32(4, true)
  if (bytes.length !== PACKED_HEADER_BYTES + 8 * count) {
    log.error('[feed] packed positions frame has the wrong length')
    return null
  }
  const x = new Float32Array(count)
  const y = new Float32Array(count)
  const start = bytes.byteOffset + PACKED_HEADER_BYTES
  if (LITTLE_ENDIAN_HOST && start % 4 === 0) {
    const all = new Float32Array(bytes.buffer, start, 2 * count)
    x.set(all.subarray(0, count))
    y.set(all.subarray(count))
  } else {
    for (let i = 0; i < count; i++) {
      x[i] = view.getFloat32(PACKED_HEADER_BYTES + 4 * i, true)
      y[i] = view.getFloat32(PACKED_HEADER_BYTES + 4 * (count + i), true)
    }
  }
  return { type: 8, payload: { count, x, y } }
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isStr = (v: unknown): v is string => typeof v === 'string'

function isPosition(v: unknown): boolean {
  return isObj(v) && isStr(v.id) && isNum(v.x) && isNum(v.y)
}
function isAgent(v: unknown): boolean {
  return isPosition(v) && isObj(v) && (v.target === undefined || isObj(v.target))
}
function isMetrics(v: unknown): boolean {
  return isObj(v) && isNum(v.totalAgents) && isNum(v.activeAgents)
}
function isTask(v: unknown): boolean {
  return isObj(v) && isStr(v.name) && isNum(v.progress)
}

/** Structural checks: enough that a consumer can index the fields it uses without throwing. */
const PAYLOAD_OK: Record<0 | 1 | 2 | 3 | 4 | 5, (p: unknown) => boolean> = {
  0: (p) => isObj(p) && Array.isArray(p.agents) && p.agents.every(isAgent) && isMetrics(p.metrics),
  1: (p) => Array.isArray(p) && p.every(isPosition),
  2: (p) => isObj(p) && isStr(p.id) && isStr(p.type) && isStr(p.text),
  3: (p) => Array.isArray(p) && p.every(isTask),
  4: isMetrics,
  5: (p) => isObj(p) && isStr(p.errorCode) && isStr(p.message) && isStr(p.agentId),
}
