/**
 * The agents' geometry, in one of two layouts:
 *  - whole: its per-agent attributes ARE the sim's typed arrays (AgentBuffers): no copy, no
 *    Object3D or Matrix4 per agent; what changed is uploaded.
 *  - view set (src/sim/viewSet.ts): when a view of a big swarm shows a small share of it, only the
 *    listed agents' fields are gathered into small arrays and uploaded — the main thread never
 *    uploads (or, with the worker's set, scans) the whole swarm. Used whenever a set is given.
 * 'instanced': a unit quad (InstancedBufferGeometry) with one instance per agent; 'points': one
 * vertex per agent (see agentDraw.ts). Either way `instanceIndex` holds each drawn agent's index in
 * the swarm (the shaders' per-agent phase and the pick result). The agents pass and the GPU
 * picking pass draw this same geometry, so the buffers are uploaded once per change. It also hands
 * out the agents' x/y as per-vertex attributes for the link segments.
 */
import {
  BufferAttribute,
  BufferGeometry,
  DynamicDrawUsage,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
} from 'three'
import { viewSetCapacity, type AgentBuffers, type ViewSet } from '../../sim'
import { unboundedSphere } from '../geometryBounds'
import type { ViewRect } from '../viewUniforms'
import type { AgentDrawMode } from './agentDraw'

/** Per-agent attribute name → AgentBuffers field. */
export const AGENT_ATTRIBUTES = {
  instanceX: 'x',
  instanceY: 'y',
  instanceSize: 'size',
  instanceEnergy: 'energy',
  instancePulseRate: 'pulseRate',
  instanceType: 'type',
  instanceStatus: 'status',
  instanceFlags: 'flags',
} as const satisfies Record<string, keyof AgentBuffers>

type AttributeName = keyof typeof AGENT_ATTRIBUTES

const NAMES = Object.keys(AGENT_ATTRIBUTES) as AttributeName[]
/** Positions change every sim frame; the others change on agent ticks (every second) or events. */
const MOVING: readonly AttributeName[] = ['instanceX', 'instanceY']
const SLOW: readonly AttributeName[] = NAMES.filter((n) => !MOVING.includes(n))

/**
 * Uploads of the slowly changing attributes are spread out: at most one every this many changes
 * of the buffers (a 1 s agent tick shows within a few frames; positions upload every change), and
 * one as soon as the buffers stop changing.
 */
export const SLOW_UPLOAD_EVERY = 4

type Range = { start: number; count: number }

/** Upload the first `count` items next render, reusing one range object (addUpdateRange allocates). */
export function markRange(attr: BufferAttribute, range: Range, count: number): void {
  range.count = count
  attr.updateRanges.length = 0
  attr.updateRanges.push(range)
  attr.needsUpdate = true
}

function emptyGeometry(mode: AgentDrawMode): BufferGeometry {
  const g = mode === 'instanced' ? new InstancedBufferGeometry() : new BufferGeometry()
  if (g instanceof InstancedBufferGeometry) {
    g.setAttribute(
      'position',
      new BufferAttribute(new Float32Array([-1, -1, 1, -1, 1, 1, -1, 1]), 2),
    )
    g.setIndex([0, 1, 2, 0, 2, 3])
    g.instanceCount = 0
  }
  g.boundingSphere = unboundedSphere()
  return g
}

/** 0, 1, …, n−1 as an index list (Uint32Array) or agent indices for instanceIndex (Float32Array). */
function identity<T extends Uint32Array | Float32Array>(a: T): T {
  for (let i = 0; i < a.length; i++) a[i] = i
  return a
}

function attributeOf(mode: AgentDrawMode, array: ArrayLike<number>): BufferAttribute {
  const a = array as unknown as Float32Array
  return mode === 'instanced' ? new InstancedBufferAttribute(a, 1) : new BufferAttribute(a, 1)
}

interface Slot {
  attribute: BufferAttribute
  range: Range
}

/** The view-set layout: small arrays of the listed agents' fields, refilled from the set. */
interface Compact {
  geometry: BufferGeometry
  /** field arrays, `capacity` long, filled with the listed agents' values */
  arrays: Record<AttributeName, { [i: number]: number; length: number }>
  /** instanceIndex: the listed agents' indices (as floats) */
  indexArray: Float32Array
  /** the listed agents' indices, the first `count` (picking maps through them) */
  agents: Uint32Array
  slots: Slot[]
  positionX: BufferAttribute
  positionY: BufferAttribute
  capacity: number
}

export class AgentGeometry {
  geometry: BufferGeometry
  /** the agents' x and y as per-vertex attributes (link segments) of the layout in use */
  positionX: BufferAttribute | null = null
  positionY: BufferAttribute | null = null
  /** the view set drawn this frame (null: the whole buffers) */
  set: ViewSet | null = null
  private whole: BufferGeometry
  private wholeX: BufferAttribute | null = null
  private wholeY: BufferAttribute | null = null
  private buffers: AgentBuffers | null = null
  /** the x array the attributes were last pointed at, and its length */
  private boundX: Float32Array | null = null
  private boundLength = -1
  private slots = new Map<AttributeName, Slot>()
  private readonly positionRanges = { x: { start: 0, count: 0 }, y: { start: 0, count: 0 } }
  private version = -1
  private setVersion = -1
  private changesSinceSlow = 0
  private slowPending = false
  private drawn = 0
  private pointIndex: BufferAttribute | null = null
  private readonly pointRange = { start: 0, count: 0 }
  private readonly culled: ViewRect = { minX: NaN, minY: NaN, maxX: NaN, maxY: NaN }
  private culledVersion = -1
  private compact: Compact | null = null
  /** the whole layout's GPU buffers missed changes while a view set was drawn */
  private wholeStale = false
  /** +1 whenever uploads are queued (the frame must be drawn for them to reach the GPU) */
  changes = 0
  /** +1 whenever the view set's agents were gathered anew (its links follow) */
  setChanges = 0

  constructor(readonly mode: AgentDrawMode) {
    this.whole = emptyGeometry(mode)
    this.geometry = this.whole
  }

  /** Agents in the buffers (drawn when visible, pickable). */
  get count(): number {
    return this.buffers ? this.buffers.count : 0
  }

  /**
   * The agent index of each of the first `submitted` vertices/instances this frame (picking packs
   * only those); null when vertex k is agent k (instanced quads of the whole buffers).
   */
  get submittedIndices(): Uint32Array | null {
    if (this.set) return this.compact!.agents
    return this.mode === 'points' && this.pointIndex ? (this.pointIndex.array as Uint32Array) : null
  }

  /** Vertices/instances submitted to the GPU this frame. */
  get submitted(): number {
    if (this.set) return this.drawn
    const g = this.geometry
    return g instanceof InstancedBufferGeometry ? g.instanceCount : g.drawRange.count
  }

  /**
   * Point the geometry at `buffers` and upload what changed since the last call: the agents of
   * `set` only when one is given (`setVersion` +1 whenever its contents changed), else the whole
   * buffers ('points' submits only those inside `visible`). Returns true when the geometry object
   * was replaced (meshes must pick up `geometry`).
   */
  sync(
    buffers: AgentBuffers,
    version: number,
    visible: ViewRect | null = null,
    set: ViewSet | null = null,
    setVersion = 0,
  ): boolean {
    let replaced = false
    if (buffers !== this.buffers || buffers.x.length !== this.boundLength) {
      this.rebuild(buffers)
      replaced = true
    } else if (buffers.x !== this.boundX) {
      this.repoint(buffers)
    }
    if (set) {
      if (this.geometry !== this.compact!.geometry) {
        this.geometry = this.compact!.geometry
        this.positionX = this.compact!.positionX
        this.positionY = this.compact!.positionY
        replaced = true
      }
      if (set !== this.set || setVersion !== this.setVersion || replaced) this.gather(buffers, set)
      this.set = set
      this.setVersion = setVersion
      this.version = version
      this.wholeStale = true
      return replaced
    }
    const leaving = this.set !== null
    if (leaving) {
      this.set = null
      this.geometry = this.whole
      this.positionX = this.wholeX
      this.positionY = this.wholeY
      this.culled.minX = NaN
      replaced = true
    }
    const changed = version !== this.version || replaced
    const count = buffers.count
    if (changed) {
      const g = this.geometry
      if (g instanceof InstancedBufferGeometry) g.instanceCount = count
      else g.setDrawRange(0, count)
      this.drawn = count
      this.version = version
    }
    if (this.mode === 'points' && visible !== null) this.cull(buffers, version, visible)
    if (changed) {
      // back from a view set: the whole buffers' GPU copies are stale, every field goes up once
      const stale = this.wholeStale
      this.upload(MOVING, count)
      this.slowPending = true
      if (replaced || stale || ++this.changesSinceSlow >= SLOW_UPLOAD_EVERY) this.flush()
      this.wholeStale = false
    } else if (this.slowPending) {
      // the buffers stopped changing: bring the slow attributes up to date now
      this.flush()
    }
    return replaced
  }

  /** Copy the fields of the agents `set` lists into the view-set arrays and upload those. */
  private gather(buffers: AgentBuffers, set: ViewSet): void {
    const c = this.compact!
    const n = Math.min(set.count, c.capacity)
    const index = set.index
    c.agents.set(index.subarray(0, n))
    const ids = c.indexArray
    for (let k = 0; k < n; k++) ids[k] = index[k]!
    for (const name of NAMES) {
      const src = buffers[AGENT_ATTRIBUTES[name]]
      const dst = c.arrays[name]
      for (let k = 0; k < n; k++) dst[k] = src[index[k]!]!
    }
    for (const slot of c.slots) markRange(slot.attribute, slot.range, n)
    const drawn = Math.min(set.drawn, n)
    const g = c.geometry
    if (g instanceof InstancedBufferGeometry) g.instanceCount = drawn
    else g.setDrawRange(0, drawn)
    this.drawn = drawn
    this.changes++
    this.setChanges++
  }

  /**
   * 'points', whole buffers: submit only the agents inside `visible` (the view grown by an agent's
   * reach). GOTCHA: software WebGL fetches and converts every attribute of every submitted vertex
   * even when the shader culls it, so 100,000 agents cost the frame rate for the few hundred on
   * screen. The attributes stay the sim's arrays; only the index lists the visible ones. Re-culled
   * when the agents moved or the view changed.
   */
  private cull(buffers: AgentBuffers, version: number, r: ViewRect): void {
    const c = this.culled
    if (
      version === this.culledVersion &&
      r.minX === c.minX &&
      r.minY === c.minY &&
      r.maxX === c.maxX &&
      r.maxY === c.maxY
    ) {
      return
    }
    const idx = this.pointIndex!.array as Uint32Array
    const xs = buffers.x
    const ys = buffers.y
    let m = 0
    for (let i = 0, n = buffers.count; i < n; i++) {
      const x = xs[i]!
      const y = ys[i]!
      if (x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY) idx[m++] = i
    }
    this.geometry.setDrawRange(0, m)
    this.drawn = m
    if (m > 0) markRange(this.pointIndex!, this.pointRange, m)
    Object.assign(c, r)
    this.culledVersion = version
    this.changes++
  }

  /** Upload the slowly changing attributes now. */
  flush(): void {
    if (!this.buffers) return
    this.upload(SLOW, this.buffers.count)
    this.changesSinceSlow = 0
    this.slowPending = false
  }

  private upload(names: readonly AttributeName[], count: number): void {
    if (count === 0) return
    this.changes++
    for (const name of names) {
      const slot = this.slots.get(name)!
      markRange(slot.attribute, slot.range, count)
    }
    // Instanced mode keeps separate per-vertex copies of x/y for the links.
    if (names === MOVING && this.mode === 'instanced' && this.wholeX && this.wholeY) {
      markRange(this.wholeX, this.positionRanges.x, count)
      markRange(this.wholeY, this.positionRanges.y, count)
    }
  }

  /**
   * Same buffers object, new arrays of the same size (the sim worker's next frame, swapped in
   * without a copy): point the attributes at them. GPU buffers stay; what changed uploads as usual.
   */
  private repoint(buffers: AgentBuffers): void {
    for (const name of NAMES)
      this.slots.get(name)!.attribute.array = buffers[AGENT_ATTRIBUTES[name]]
    if (this.mode === 'instanced' && this.wholeX && this.wholeY) {
      this.wholeX.array = buffers.x
      this.wholeY.array = buffers.y
    }
    this.boundX = buffers.x
  }

  private rebuild(buffers: AgentBuffers): void {
    // New arrays ⇒ new GL buffers: fresh geometries, the old ones (and their buffers) disposed.
    this.whole.dispose()
    this.compact?.geometry.dispose()
    const mode = this.mode
    const whole = emptyGeometry(mode)
    this.slots.clear()
    for (const name of NAMES) {
      const attribute = attributeOf(mode, buffers[AGENT_ATTRIBUTES[name]])
      if (MOVING.includes(name)) attribute.setUsage(DynamicDrawUsage)
      whole.setAttribute(name, attribute)
      this.slots.set(name, { attribute, range: { start: 0, count: 0 } })
    }
    whole.setAttribute(
      'instanceIndex',
      attributeOf(mode, identity(new Float32Array(buffers.capacity))),
    )
    if (mode === 'instanced') {
      this.wholeX = new BufferAttribute(buffers.x, 1).setUsage(DynamicDrawUsage)
      this.wholeY = new BufferAttribute(buffers.y, 1).setUsage(DynamicDrawUsage)
    } else {
      this.pointIndex = new BufferAttribute(
        identity(new Uint32Array(buffers.capacity)),
        1,
      ).setUsage(DynamicDrawUsage)
      whole.setIndex(this.pointIndex)
      this.culled.minX = NaN
      this.wholeX = this.slots.get('instanceX')!.attribute
      this.wholeY = this.slots.get('instanceY')!.attribute
    }
    this.whole = whole
    this.compact = this.createCompact(buffers)
    this.geometry = whole
    this.positionX = this.wholeX
    this.positionY = this.wholeY
    this.set = null
    this.wholeStale = false
    this.buffers = buffers
    this.boundX = buffers.x
    this.boundLength = buffers.x.length
    this.changesSinceSlow = 0
  }

  /** The view-set layout for a swarm of `buffers.capacity` agents (viewSetCapacity of it). */
  private createCompact(buffers: AgentBuffers): Compact {
    const mode = this.mode
    const capacity = viewSetCapacity(buffers.capacity)
    const geometry = emptyGeometry(mode)
    const arrays = {} as Compact['arrays']
    const slots: Slot[] = []
    const add = (name: string, array: ArrayLike<number>) => {
      const attribute = attributeOf(mode, array).setUsage(DynamicDrawUsage)
      geometry.setAttribute(name, attribute)
      slots.push({ attribute, range: { start: 0, count: 0 } })
      return attribute
    }
    for (const name of NAMES) {
      const src = buffers[AGENT_ATTRIBUTES[name]] as unknown as {
        constructor: new (n: number) => Compact['arrays'][AttributeName]
      }
      arrays[name] = new src.constructor(capacity)
      add(name, arrays[name])
    }
    const indexArray = new Float32Array(capacity)
    add('instanceIndex', indexArray)
    const x = slots[NAMES.indexOf('instanceX')]!.attribute
    const y = slots[NAMES.indexOf('instanceY')]!.attribute
    let positionX = x
    let positionY = y
    if (mode === 'instanced') {
      // the links read x/y per vertex: separate attributes over the same arrays, uploaded with them
      positionX = new BufferAttribute(arrays.instanceX as Float32Array, 1).setUsage(
        DynamicDrawUsage,
      )
      positionY = new BufferAttribute(arrays.instanceY as Float32Array, 1).setUsage(
        DynamicDrawUsage,
      )
      slots.push({ attribute: positionX, range: { start: 0, count: 0 } })
      slots.push({ attribute: positionY, range: { start: 0, count: 0 } })
    }
    return {
      geometry,
      arrays,
      indexArray,
      agents: new Uint32Array(capacity),
      slots,
      positionX,
      positionY,
      capacity,
    }
  }

  dispose(): void {
    this.whole.dispose()
    this.compact?.geometry.dispose()
    this.compact = null
    this.set = null
    this.buffers = null
    this.slots.clear()
    this.drawn = 0
  }
}
