/**
 * The whole state of a SwarmSim as JSON and back (RELIABILITY.md §6a: a live-feed failover
 * continues the swarm). Generic on purpose: every own field of the sim is captured — agent buffers,
 * the PRNG, tasks, metrics, health, parameters, counters, id sequences, the clock — except the ones
 * listed in NOT_STATE (wiring and caches that are rebuilt), so a field added to the sim later
 * travels too. Typed arrays travel as base64 of their bytes (exact: a Float32 position comes back
 * bit for bit).
 */
import type { SwarmSim } from './engine'

/** Wiring, caches and identity: rebuilt or fixed by the constructor, never part of the state. */
const NOT_STATE = new Set([
  'listeners',
  'stepHooks',
  'ctx',
  'grid',
  'links',
  'linksBack',
  'linkStage',
  'idIndex',
  'world',
  'seed',
])

const SIM_STATE_VERSION = 1

export interface SimState {
  v: typeof SIM_STATE_VERSION
  /** agent capacity of the sim it came from: a state only fits a sim of the same capacity */
  capacity: number
  fields: Record<string, unknown>
}

interface EncodedArray {
  $typed: string
  b64: string
}

const TYPED = {
  Float32Array,
  Float64Array,
  Uint8Array,
  Uint32Array,
  Int32Array,
} as const
type TypedName = keyof typeof TYPED
type Typed = InstanceType<(typeof TYPED)[TypedName]>

function toBase64(bytes: Uint8Array): string {
  let s = ''
  // String.fromCharCode takes arguments: chunk so a large swarm never exceeds the argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(s)
}

function fromBase64(b64: string): Uint8Array<ArrayBuffer> {
  const s = atob(b64)
  const out = new Uint8Array(new ArrayBuffer(s.length))
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}

function isEncodedArray(v: unknown): v is EncodedArray {
  return typeof v === 'object' && v !== null && typeof (v as EncodedArray).$typed === 'string'
}

function encode(v: unknown): unknown {
  if (ArrayBuffer.isView(v)) {
    const name = v.constructor.name
    if (!(name in TYPED)) return undefined
    return {
      $typed: name,
      b64: toBase64(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)),
    } satisfies EncodedArray
  }
  if (Array.isArray(v)) return v.map(encode)
  if (v instanceof Map || v instanceof Set || typeof v === 'function') return undefined
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) {
      const e = encode(x)
      if (e !== undefined) out[k] = e
    }
    return out
  }
  return v
}

function decodeArray(e: EncodedArray): Typed | null {
  if (!(e.$typed in TYPED)) return null
  const bytes = fromBase64(e.b64)
  const Ctor = TYPED[e.$typed as TypedName]
  if (bytes.length % Ctor.BYTES_PER_ELEMENT !== 0) return null
  // Aligned: the decoded bytes start at offset 0 of their own buffer.
  return new Ctor(bytes.buffer, 0, bytes.length / Ctor.BYTES_PER_ELEMENT)
}

function decode(e: unknown): unknown {
  if (isEncodedArray(e)) return decodeArray(e)
  if (Array.isArray(e)) return e.map(decode)
  if (typeof e === 'object' && e !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(e)) out[k] = decode(x)
    return out
  }
  return e
}

/**
 * Writes `value` into `target[key]` in place where the target holds a container (typed arrays,
 * arrays and objects keep their identity, so readonly fields and references held elsewhere — the
 * scene's attribute buffers, the store's task list — stay valid). Mismatched types are skipped.
 */
function assignInto(target: Record<string, unknown>, key: string, value: unknown): void {
  const cur = target[key]
  if (ArrayBuffer.isView(cur)) {
    if (!isEncodedArray(value)) return
    const arr = decodeArray(value)
    const dst = cur as Typed
    if (arr && arr.constructor === dst.constructor) dst.set(arr.subarray(0, dst.length))
  } else if (Array.isArray(cur)) {
    if (!Array.isArray(value)) return
    cur.length = 0
    for (const x of value) cur.push(decode(x))
  } else if (typeof cur === 'object' && cur !== null) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return
    for (const [k, x] of Object.entries(value)) {
      if (Object.hasOwn(cur, k)) assignInto(cur as Record<string, unknown>, k, x)
    }
  } else if (typeof cur === typeof value) {
    target[key] = value
  }
}

/** Everything the sim is, as JSON-safe data. */
export function captureSimState(sim: SwarmSim): SimState {
  const fields: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(sim)) {
    if (NOT_STATE.has(k)) continue
    const e = encode(v)
    if (e !== undefined) fields[k] = e
  }
  return { v: SIM_STATE_VERSION, capacity: sim.buffers.capacity, fields }
}

/**
 * Makes `sim` continue exactly where the captured one was. False (nothing changed) when the state
 * does not fit: another version or another agent capacity.
 */
export function restoreSimState(sim: SwarmSim, state: unknown): boolean {
  if (typeof state !== 'object' || state === null) return false
  const s = state as Partial<SimState>
  if (s.v !== SIM_STATE_VERSION || s.capacity !== sim.buffers.capacity) return false
  if (typeof s.fields !== 'object' || s.fields === null) return false
  const target = sim as unknown as Record<string, unknown>
  for (const [k, v] of Object.entries(s.fields)) {
    if (!NOT_STATE.has(k) && Object.hasOwn(target, k)) assignInto(target, k, v)
  }
  sim.reindex()
  return true
}

/**
 * Raises the console-message and error-event sequences to at least these numbers, so ids issued
 * by a previous writer after its last captured state (m…, e…) are never issued again.
 */
export function raiseEventSequences(sim: SwarmSim, messages: number, errors: number): void {
  const seqs = sim as unknown as { messageSeq: number; errorSeq: number }
  seqs.messageSeq = Math.max(seqs.messageSeq, messages)
  seqs.errorSeq = Math.max(seqs.errorSeq, errors)
}
