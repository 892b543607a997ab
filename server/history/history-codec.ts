/**
 * The compact encoding of the live history (docs/ARCHITECTURE.md "Live history"): every agent
 * field as an integer column (positions as uint16 over the world's size, other numbers at their
 * wire decimals), written as zigzag varints and deflated. A keyframe is the difference of its
 * columns from the keyframe before it under the same base (most fields change rarely: zeros), a
 * chunk's ticks the difference of each tick's positions from the tick before. Decoding rebuilds agent buffers, so the frames served
 * back are made by the very encoders the live feed uses (src/feed/wire.ts, src/feed/protocol.ts).
 */
import { promisify } from 'node:util'
import { deflateRaw, inflateRawSync } from 'node:zlib'
import { MSG, encodeJsonFrame } from '../../src/feed/protocol'
import { buffersToWire } from '../../src/feed/wire'
import { NUMERIC_FIELDS, createAgentBuffers } from '../../src/sim/agents'
import type { AgentBuffers, World } from '../../src/sim/types'

type Column = (typeof NUMERIC_FIELDS)[number]

/** 'wx'/'wy': uint16 over the world's width/height; a number: the integer scale (wire decimals). */
const SCALES: Record<Column, 'wx' | 'wy' | number> = {
  x: 'wx',
  y: 'wy',
  size: 100,
  speedX: 100,
  speedY: 100,
  targetX: 'wx',
  targetY: 'wy',
  color: 1,
  mode: 1,
  type: 1,
  status: 1,
  processingPower: 10,
  efficiency: 100,
  connections: 1,
  lastActiveTime: 1,
  energy: 10,
  pulseRate: 100,
  flags: 1,
}

const Q16 = 65_535

/** A world coordinate as uint16 over [0, size]. */
export function quantise(v: number, size: number): number {
  const q = Math.round((v / size) * Q16)
  return q < 0 ? 0 : q > Q16 ? Q16 : q
}

/** The world coordinate of a uint16 over [0, size]. */
function dequantise(q: number, size: number): number {
  return (q / Q16) * size
}

/** The swarm's columns, quantised: one Float64Array (integers) per agent field. */
export type Columns = Float64Array[]

export function captureColumns(b: AgentBuffers, world: World): Columns {
  // one allocation for all the columns: this runs on the tick, once a keyframe period
  const all = new Float64Array(NUMERIC_FIELDS.length * b.count)
  return NUMERIC_FIELDS.map((f, k) => {
    const src = b[f]
    const s = SCALES[f]
    const out = all.subarray(k * b.count, (k + 1) * b.count)
    if (s === 'wx' || s === 'wy') {
      const size = s === 'wx' ? world.width : world.height
      for (let i = 0; i < b.count; i++) out[i] = quantise(src[i] ?? 0, size)
    } else {
      for (let i = 0; i < b.count; i++) out[i] = Math.round((src[i] ?? 0) * s)
    }
    return out
  })
}

function writeColumns(b: AgentBuffers, cols: Columns, world: World): void {
  NUMERIC_FIELDS.forEach((f, k) => {
    const dst = b[f]
    const col = cols[k]!
    const s = SCALES[f]
    for (let i = 0; i < b.count; i++) {
      const q = col[i] ?? 0
      dst[i] =
        s === 'wx' ? dequantise(q, world.width) : s === 'wy' ? dequantise(q, world.height) : q / s
    }
  })
}

/** A growing byte buffer of varints, doubles and raw bytes. */
class Writer {
  private buf = new Uint8Array(1024)
  private at = 0
  private ensure(n: number): void {
    if (this.at + n <= this.buf.length) return
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.at + n))
    next.set(this.buf.subarray(0, this.at))
    this.buf = next
  }
  /** an unsigned integer up to 2^53 (arithmetic, not 32-bit shifts) */
  uint(n: number): void {
    this.ensure(8)
    let v = n
    while (v >= 0x80) {
      this.buf[this.at++] = (v % 0x80) | 0x80
      v = Math.floor(v / 0x80)
    }
    this.buf[this.at++] = v
  }
  /** a signed integer, zigzag */
  int(n: number): void {
    this.uint(n >= 0 ? n * 2 : -n * 2 - 1)
  }
  f64(n: number): void {
    this.ensure(8)
    new DataView(this.buf.buffer).setFloat64(this.at, n, true)
    this.at += 8
  }
  bytes(b: Uint8Array): void {
    this.uint(b.length)
    this.ensure(b.length)
    this.buf.set(b, this.at)
    this.at += b.length
  }
  done(): Uint8Array {
    return this.buf.subarray(0, this.at)
  }
}

class Reader {
  private at = 0
  private readonly view: DataView
  constructor(private readonly buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
  }
  uint(): number {
    let v = 0
    let mul = 1
    for (;;) {
      if (this.at >= this.buf.length) throw new Error('history record truncated')
      const b = this.buf[this.at++]!
      v += (b & 0x7f) * mul
      if (b < 0x80) return v
      mul *= 0x80
    }
  }
  int(): number {
    const z = this.uint()
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2
  }
  f64(): number {
    const v = this.view.getFloat64(this.at, true)
    this.at += 8
    return v
  }
  bytes(): Uint8Array {
    const n = this.uint()
    const out = this.buf.slice(this.at, this.at + n)
    this.at += n
    return out
  }
}

const deflate = promisify(deflateRaw)

async function pack(w: Writer): Promise<Uint8Array> {
  return new Uint8Array(await deflate(w.done()))
}

const unpack = (data: Uint8Array): Reader => new Reader(new Uint8Array(inflateRawSync(data)))

/** What rarely changes (ids, world) and the full columns the keyframes of this base are deltas of. */
export interface Base {
  ids: string[]
  world: World
  columns: Columns
}

export function encodeBase(b: Base): Promise<Uint8Array> {
  const w = new Writer()
  w.bytes(new TextEncoder().encode(JSON.stringify({ ids: b.ids, world: b.world })))
  for (const col of b.columns) for (const v of col) w.int(v)
  return pack(w)
}

export function decodeBase(data: Uint8Array): Base {
  const r = unpack(data)
  const head = JSON.parse(new TextDecoder().decode(r.bytes())) as { ids: string[]; world: World }
  const n = head.ids.length
  const columns = NUMERIC_FIELDS.map(() => {
    const col = new Float64Array(n)
    for (let i = 0; i < n; i++) col[i] = r.int()
    return col
  })
  return { ids: head.ids, world: head.world, columns }
}

/** One keyframe: the swarm's columns (same agents as its base), metrics (4) and tasks (3) frames. */
export interface Keyframe {
  columns: Columns
  metrics: Uint8Array
  tasks: Uint8Array
}

/**
 * A keyframe as the difference of its columns from `ref`: the previous keyframe of the same base
 * (or the base's own columns for the first).
 */
export function encodeKeyframe(k: Keyframe, ref: Columns): Promise<Uint8Array> {
  const w = new Writer()
  k.columns.forEach((col, c) => {
    const r = ref[c]!
    for (let i = 0; i < col.length; i++) w.int(col[i]! - (r[i] ?? 0))
  })
  w.bytes(k.metrics)
  w.bytes(k.tasks)
  return pack(w)
}

/** The keyframe `data` encodes against `ref` (see encodeKeyframe). */
export function decodeKeyframe(data: Uint8Array, ref: Columns): Keyframe {
  const r = unpack(data)
  const columns = ref.map((prev) => {
    const col = new Float64Array(prev.length)
    for (let i = 0; i < prev.length; i++) col[i] = prev[i]! + r.int()
    return col
  })
  return { columns, metrics: r.bytes(), tasks: r.bytes() }
}

/** The three frames of a keyframe, as the live feed would publish them: state 0, metrics 4, tasks 3. */
export interface KeyframeFrames {
  state: Uint8Array
  metrics: Uint8Array
  tasks: Uint8Array
  /** ids of the agents failing then */
  failing: Set<string>
}

export function keyframeFrames(k: Keyframe, base: Base): KeyframeFrames {
  const n = base.ids.length
  const b = createAgentBuffers(n)
  b.count = n
  for (let i = 0; i < n; i++) b.ids[i] = base.ids[i]!
  writeColumns(b, k.columns, base.world)
  const { agents, failingAgents } = buffersToWire(b)
  const state = encodeJsonFrame(MSG.swarmState, {
    agents,
    metrics: jsonOf(k.metrics),
    failingAgents,
    tasks: jsonOf(k.tasks),
    world: base.world,
  })
  return { state, metrics: k.metrics, tasks: k.tasks, failing: new Set(failingAgents) }
}

/** The JSON payload of a JSON-carrying frame. */
export function jsonOf(frame: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(frame.subarray(1)))
}

/** One recorded tick: its positions (uint16 over the world) and the other frames published. */
export interface Tick {
  t: number
  /** the leader published a full state (0) this tick: the keyframe at t holds it */
  state: boolean
  qx: Uint16Array
  qy: Uint16Array
  /** metrics (4) and task (3) frames as published */
  extras: Uint8Array[]
}

export function encodeChunk(ticks: readonly Tick[], world: World): Promise<Uint8Array> {
  const w = new Writer()
  const t0 = ticks[0]?.t ?? 0
  w.uint(ticks.length)
  w.f64(world.width)
  w.f64(world.height)
  let px: Uint16Array = new Uint16Array(0)
  let py: Uint16Array = new Uint16Array(0)
  for (const tick of ticks) {
    w.uint(tick.t - t0)
    w.uint(tick.state ? 1 : 0)
    w.uint(tick.qx.length)
    for (let i = 0; i < tick.qx.length; i++) w.int(tick.qx[i]! - (px[i] ?? 0))
    for (let i = 0; i < tick.qy.length; i++) w.int(tick.qy[i]! - (py[i] ?? 0))
    w.uint(tick.extras.length)
    for (const e of tick.extras) w.bytes(e)
    px = tick.qx
    py = tick.qy
  }
  return pack(w)
}

/** A tick read back: positions in world units, ready for a type 8 frame. */
export interface DecodedTick {
  t: number
  state: boolean
  x: Float32Array
  y: Float32Array
  extras: Uint8Array[]
}

export function decodeChunk(t0: number, data: Uint8Array): DecodedTick[] {
  const r = unpack(data)
  const n = r.uint()
  const world = { width: r.f64(), height: r.f64() }
  const out: DecodedTick[] = []
  let px = new Float64Array(0)
  let py = new Float64Array(0)
  for (let k = 0; k < n; k++) {
    const t = t0 + r.uint()
    const state = r.uint() === 1
    const count = r.uint()
    const qx = new Float64Array(count)
    const qy = new Float64Array(count)
    for (let i = 0; i < count; i++) qx[i] = (px[i] ?? 0) + r.int()
    for (let i = 0; i < count; i++) qy[i] = (py[i] ?? 0) + r.int()
    const extras: Uint8Array[] = []
    for (let e = r.uint(); e > 0; e--) extras.push(r.bytes())
    const x = new Float32Array(count)
    const y = new Float32Array(count)
    for (let i = 0; i < count; i++) {
      x[i] = dequantise(qx[i]!, world.width)
      y[i] = dequantise(qy[i]!, world.height)
    }
    out.push({ t, state, x, y, extras })
    px = qx
    py = qy
  }
  return out
}
