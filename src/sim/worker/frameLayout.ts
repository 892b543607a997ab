/**
 * The byte layout of a frame the sim worker publishes: every numeric agent field (agents.ts
 * NUMERIC_FIELDS) for `capacity` agents in ONE buffer, each field 8-byte aligned, and the link
 * pairs (a then b) in a second one. The buffers are SharedArrayBuffers where the page is
 * cross-origin isolated and plain ArrayBuffers (transferred back and forth) elsewhere; the views
 * below are the same either way. A link frame is sized for the links it carries, with headroom
 * (linkFrameBytes), not for the worst case of 7 per agent: a swarm averages about 1.7, so at
 * 1,000,000 agents that is ~17 MB a link frame instead of 56. After the fields, the agent frame
 * holds the frame's view set (viewSet.ts): its agent index list, its link pairs and its agents'
 * drawn fields, gathered (viewFields.ts), so the page uploads them without a copy.
 */
import { NUMERIC_FIELDS } from '../agents'
import { MAX_CONNECTIONS } from '../constants'
import type { AgentBuffers, LinkBuffers } from '../types'
import { VIEW_FIELDS, type GatheredView, type ViewField, type ViewFields } from '../viewFields'
import { VIEW_SET_LINKS_PER_AGENT, viewSetCapacity } from '../viewSet'

export type FrameBuffer = ArrayBuffer | SharedArrayBuffer
type NumericField = (typeof NUMERIC_FIELDS)[number]
export type FieldViews = { [F in NumericField]: AgentBuffers[F] }

const ALIGN = 8

type Ctor = {
  new (b: FrameBuffer, off: number, len: number): ArrayLike<number>
  BYTES_PER_ELEMENT: number
}

/** The typed-array type of every numeric field (must match createAgentBuffers). */
const FIELD_CTORS: Record<NumericField, Ctor> = {
  x: Float32Array,
  y: Float32Array,
  size: Float32Array,
  speedX: Float32Array,
  speedY: Float32Array,
  targetX: Float32Array,
  targetY: Float32Array,
  color: Uint32Array,
  mode: Uint8Array,
  type: Uint8Array,
  status: Uint8Array,
  processingPower: Float32Array,
  efficiency: Float32Array,
  connections: Uint8Array,
  lastActiveTime: Float64Array,
  energy: Float32Array,
  pulseRate: Float32Array,
  flags: Uint8Array,
}

export interface FrameLayout {
  capacity: number
  /** byte offset of each field */
  offsets: Record<NumericField, number>
  /** byte offsets of the view set's agent indices (`viewCapacity` u32) and link pairs */
  viewIndexOffset: number
  viewLinksOffset: number
  /** byte offsets of the view set's gathered fields and of its agents' indices as floats */
  viewFieldOffsets: Record<ViewField, number>
  viewIdsOffset: number
  viewCapacity: number
  /** bytes of the agent frame */
  bytes: number
}

/** Layout for `capacity` agents. */
export function frameLayout(capacity: number): FrameLayout {
  let off = 0
  const offsets = {} as Record<NumericField, number>
  for (const f of NUMERIC_FIELDS) {
    offsets[f] = off
    off += Math.ceil((capacity * FIELD_CTORS[f].BYTES_PER_ELEMENT) / ALIGN) * ALIGN
  }
  const viewCapacity = viewSetCapacity(capacity)
  const viewIndexOffset = off
  off += Math.ceil((viewCapacity * 4) / ALIGN) * ALIGN
  const viewLinksOffset = off
  off += viewCapacity * VIEW_SET_LINKS_PER_AGENT * 2 * 4
  const viewFieldOffsets = {} as Record<ViewField, number>
  for (const f of VIEW_FIELDS) {
    viewFieldOffsets[f] = off
    off += Math.ceil((viewCapacity * FIELD_CTORS[f].BYTES_PER_ELEMENT) / ALIGN) * ALIGN
  }
  const viewIdsOffset = off
  off += Math.ceil((viewCapacity * 4) / ALIGN) * ALIGN
  return {
    capacity,
    offsets,
    viewIndexOffset,
    viewLinksOffset,
    viewFieldOffsets,
    viewIdsOffset,
    viewCapacity,
    bytes: off,
  }
}

/** Views of an agent frame's view set: agent indices, link pairs and gathered fields (viewSet.ts). */
export function viewSetViews(
  layout: FrameLayout,
  buffer: FrameBuffer,
): { index: Uint32Array; links: Uint32Array; gathered: GatheredView } {
  const n = layout.viewCapacity
  const fields = {} as Record<ViewField, ArrayLike<number>>
  for (const f of VIEW_FIELDS) fields[f] = new FIELD_CTORS[f](buffer, layout.viewFieldOffsets[f], n)
  return {
    index: new Uint32Array(buffer, layout.viewIndexOffset, n),
    links: new Uint32Array(buffer, layout.viewLinksOffset, n * VIEW_SET_LINKS_PER_AGENT * 2),
    gathered: {
      fields: fields as unknown as ViewFields,
      ids: new Float32Array(buffer, layout.viewIdsOffset, n),
    },
  }
}

/** Allocate a frame buffer: shared when `shared` (the page is cross-origin isolated). */
function allocFrame(bytes: number, shared: boolean): FrameBuffer {
  return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes)
}

/** Frame buffers of one kind in a pool: one displayed, one waiting on the page, one being filled. */
export const FRAME_POOL = 3

/** The worker's buffers of one kind (agent frames or link frames), at most FRAME_POOL out at once. */
export class FramePool {
  private readonly free: FrameBuffer[] = []
  /** buffers made and not let go (free or out) */
  allocated = 0

  constructor(private readonly shared: boolean) {}

  /**
   * A free buffer of at least `bytes` (a smaller one is let go), else a new one of `alloc` bytes
   * while fewer than FRAME_POOL exist; null: the page holds them all.
   */
  take(bytes: number, alloc = bytes): FrameBuffer | null {
    const free = this.free.pop()
    if (free && free.byteLength >= bytes) return free
    if (free) this.allocated--
    if (this.allocated >= FRAME_POOL) return null
    this.allocated++
    return allocFrame(alloc, this.shared)
  }

  /** A buffer the page handed back. */
  give(buffer: FrameBuffer): void {
    this.free.push(buffer)
  }
}

/** Typed-array views of every numeric field over `buffer` (no copy). */
export function fieldViews(layout: FrameLayout, buffer: FrameBuffer): FieldViews {
  const v = {} as Record<NumericField, ArrayLike<number>>
  for (const f of NUMERIC_FIELDS) {
    v[f] = new FIELD_CTORS[f](buffer, layout.offsets[f], layout.capacity)
  }
  return v as unknown as FieldViews
}

/** Point the numeric fields of `buf` at `views` (the displayed agents become the frame's). */
export function adoptViews(buf: AgentBuffers, views: FieldViews): void {
  for (const f of NUMERIC_FIELDS) (buf as unknown as Record<NumericField, unknown>)[f] = views[f]
}

/** Copy the first `count` agents of every numeric field of `src` into `dst` (views of a frame). */
export function writeFields(src: AgentBuffers, dst: FieldViews, count: number): void {
  for (const f of NUMERIC_FIELDS) {
    ;(dst[f] as { set(a: ArrayLike<number>): void }).set(src[f].subarray(0, count))
  }
}

/** Link pairs a link frame holds at least (a small swarm's frames never need to grow). */
const MIN_LINK_PAIRS = 4096

/**
 * Bytes of a link frame for `count` links of a swarm of `capacity` agents: a quarter more than
 * `count`, so a swarm whose link count drifts up reuses its frames, and never more than the most
 * it can have (MAX_CONNECTIONS per agent).
 */
export function linkFrameBytes(count: number, capacity: number): number {
  const most = Math.max(1, capacity * MAX_CONNECTIONS)
  return Math.min(most, Math.max(MIN_LINK_PAIRS, Math.ceil(count * 1.25))) * 4 * 2
}

/** Views of a link frame: pairs a[k]–b[k] (its size says how many it holds). */
export function linkViews(buffer: FrameBuffer): { a: Uint32Array; b: Uint32Array } {
  const n = buffer.byteLength / 8
  return { a: new Uint32Array(buffer, 0, n), b: new Uint32Array(buffer, n * 4, n) }
}

/** Copy `links` into a link frame's views. */
export function writeLinks(links: LinkBuffers, dst: { a: Uint32Array; b: Uint32Array }): void {
  dst.a.set(links.a.subarray(0, links.count))
  dst.b.set(links.b.subarray(0, links.count))
}
