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
 * out the agents' x/y as per-vertex attributes for the link segments; they stay its own: each lives
 * in one of its layouts' geometries and is freed with it (the links never free them).
 */
import type { BufferGeometry } from 'three'
import { BufferAttribute, DynamicDrawUsage, InstancedBufferGeometry } from 'three'
import type { AgentBuffers, ViewSet } from '../../sim'
import type { ViewRect } from '../viewUniforms'
import type { AgentDrawMode } from './agentDraw'
import {
  AGENT_ATTRIBUTES,
  MOVING,
  NAMES,
  SLOW,
  attributeOf,
  emptyGeometry,
  identity,
  linkVerticesOf,
  markRange,
  type AttributeName,
  type LinkVertices,
  type Slot,
} from './agentAttributes'
import { ViewSetLayout } from './viewSetLayout'

export { AGENT_ATTRIBUTES, markRange }
export type { LinkVertices }

/**
 * Uploads of the slowly changing attributes are spread out: at most one every this many changes
 * of the buffers (a 1 s agent tick shows within a few frames; positions upload every change), and
 * one as soon as the buffers stop changing.
 */
export const SLOW_UPLOAD_EVERY = 4

export class AgentGeometry {
  geometry: BufferGeometry
  /** the agents' fields as per-vertex attributes (link segments) of the layout in use */
  linkVertices: LinkVertices | null = null
  /** the view set drawn this frame (null: the whole buffers) */
  set: ViewSet | null = null
  private whole: BufferGeometry
  private wholeLinks: LinkVertices | null = null
  /** 'instanced': the links' per-vertex copies of the whole layout's attributes, by source */
  private copies = new Map<AttributeName, Slot>()
  private buffers: AgentBuffers | null = null
  /** the x array the attributes were last pointed at, and its length */
  private boundX: Float32Array | null = null
  private boundLength = -1
  private slots = new Map<AttributeName, Slot>()
  private version = -1
  private setVersion = -1
  private changesSinceSlow = 0
  private slowPending = false
  private drawn = 0
  private pointIndex: BufferAttribute | null = null
  private readonly pointRange = { start: 0, count: 0 }
  private readonly culled: ViewRect = { minX: NaN, minY: NaN, maxX: NaN, maxY: NaN }
  private culledVersion = -1
  private compact: ViewSetLayout | null = null
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
        this.linkVertices = this.compact!.linkVertices
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
      this.linkVertices = this.wholeLinks
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

  /** Copy the fields of the agents `set` lists into the view-set layout and upload those. */
  private gather(buffers: AgentBuffers, set: ViewSet): void {
    this.drawn = this.compact!.gather(buffers, set)
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
    const { minX, maxX, minY, maxY } = r
    let m = 0
    for (let i = 0, n = buffers.count; i < n; i++) {
      const x = xs[i]!
      const y = ys[i]!
      // one branch on 0/1 arithmetic: `&&` mispredicts on which test fails (INSIDE_TEST, viewSet.ts)
      if ((+(x >= minX) & +(x <= maxX) & +(y >= minY) & +(y <= maxY)) !== 0) idx[m++] = i
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
      // instanced mode: the links' per-vertex copy goes up with it
      const copy = this.copies.get(name)
      if (copy) markRange(copy.attribute, copy.range, count)
    }
  }

  /**
   * Same buffers object, new arrays of the same size (the sim worker's next frame, swapped in
   * without a copy): point the attributes at them. GPU buffers stay; what changed uploads as usual.
   */
  private repoint(buffers: AgentBuffers): void {
    for (const name of NAMES) {
      const array = buffers[AGENT_ATTRIBUTES[name]]
      this.slots.get(name)!.attribute.array = array
      const copy = this.copies.get(name)
      if (copy) copy.attribute.array = array
    }
    this.boundX = buffers.x
  }

  private rebuild(buffers: AgentBuffers): void {
    // New arrays ⇒ new GL buffers: fresh geometries, the old ones (and their buffers) disposed.
    this.whole.dispose()
    this.compact?.dispose()
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
    this.copies.clear()
    this.wholeLinks = linkVerticesOf(
      mode,
      whole,
      (name) => this.slots.get(name)!.attribute,
      (name, attribute) => this.copies.set(name, { attribute, range: { start: 0, count: 0 } }),
    )
    if (mode === 'points') {
      this.pointIndex = new BufferAttribute(
        identity(new Uint32Array(buffers.capacity)),
        1,
      ).setUsage(DynamicDrawUsage)
      whole.setIndex(this.pointIndex)
      this.culled.minX = NaN
    }
    this.whole = whole
    this.compact = new ViewSetLayout(mode, buffers)
    this.geometry = whole
    this.linkVertices = this.wholeLinks
    this.set = null
    this.wholeStale = false
    this.buffers = buffers
    this.boundX = buffers.x
    this.boundLength = buffers.x.length
    this.changesSinceSlow = 0
  }

  dispose(): void {
    this.whole.dispose()
    this.compact?.dispose()
    this.compact = null
    this.set = null
    this.buffers = null
    this.slots.clear()
    this.copies.clear()
    this.drawn = 0
  }
}
