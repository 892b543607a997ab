/**
 * The agents' geometry. Its per-agent attributes ARE the sim's typed arrays (AgentBuffers): no
 * copy, no Object3D or Matrix4 per agent. 'instanced': a unit quad (InstancedBufferGeometry) with
 * one instance per agent; 'points': one vertex per agent (see agentDraw.ts). The agents pass and
 * the GPU picking pass draw this same geometry, so the buffers are uploaded once per change. It
 * also hands out the agents' x/y as per-vertex attributes for the link segments.
 */
import {
  BufferAttribute,
  BufferGeometry,
  DynamicDrawUsage,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
} from 'three'
import { LINK_DISTANCE, type AgentBuffers } from '../../sim'
import { MOTION_SLACK } from '../links/linkGeometry'
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

/**
 * 'points' mode uploads only the agents near the view while they are at most this share of the
 * swarm (a zoomed-in view of a big swarm: at 1,000,000 agents every agent's x/y was 8 MB a frame,
 * a third of the main thread under SwiftShader); above it, one upload of every agent is cheaper.
 */
export const RANGED_MAX_SHARE = 1 / 8
/** Runs of nearby agents closer than this many indices are uploaded as one range. */
const NEAR_GAP = 16
/**
 * "Near the view": within the drawn rectangle grown by what the link index may reach — a link's
 * first end within LINK_DISTANCE + MOTION_SLACK of the view, its other end LINK_DISTANCE further,
 * plus the motion until the next link search. (A function: linkGeometry imports this module.)
 */
const NEAR_MARGIN = () => 2 * (LINK_DISTANCE + MOTION_SLACK) + MOTION_SLACK

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

/** Index 0..n−1: a points draw of the first `count` agents (three draws indexed geometry by index count). */
function identityIndex(n: number): BufferAttribute {
  const a = new Uint32Array(n)
  for (let i = 0; i < n; i++) a[i] = i
  return new BufferAttribute(a, 1)
}

interface Slot {
  attribute: BufferAttribute
  range: Range
  /** update ranges of uploadNear(), reused */
  pool: Range[]
}

export class AgentGeometry {
  geometry: BufferGeometry
  /** the agents' x and y as per-vertex attributes (link segments); shared with `geometry` in 'points' */
  positionX: BufferAttribute | null = null
  positionY: BufferAttribute | null = null
  private buffers: AgentBuffers | null = null
  /** the x array the attributes were last pointed at, and its length */
  private boundX: Float32Array | null = null
  private boundLength = -1
  private slots = new Map<AttributeName, Slot>()
  private readonly positionRanges = { x: { start: 0, count: 0 }, y: { start: 0, count: 0 } }
  private version = -1
  private changesSinceSlow = 0
  private slowPending = false
  private drawn = 0
  private pointIndex: BufferAttribute | null = null
  private readonly pointRange = { start: 0, count: 0 }
  private readonly culled: ViewRect = { minX: NaN, minY: NaN, maxX: NaN, maxY: NaN }
  /** 'points': indices of the agents near the view (drawn or linked), the first `nearCount` */
  private near: Uint32Array | null = null
  private nearCount = 0
  private runStart = new Uint32Array(0)
  private runCount = new Uint32Array(0)
  /** the last upload covered only the agents near the view (uploadNear) */
  ranged = false
  /** +1 per uploadNear() */
  nearUploads = 0
  private readonly extraPools: [Range[], Range[]] = [[], []]
  private culledVersion = -1
  /** +1 whenever uploads are queued (the frame must be drawn for them to reach the GPU) */
  changes = 0

  constructor(readonly mode: AgentDrawMode) {
    this.geometry = emptyGeometry(mode)
  }

  /** Agents in the buffers (drawn when visible, pickable). */
  get count(): number {
    return this.drawn
  }

  /**
   * 'points': the indices of the agents submitted this frame (the first `submitted` entries), for
   * picking only those; null for instanced quads (every agent is submitted).
   */
  get submittedIndices(): Uint32Array | null {
    return this.mode === 'points' && this.pointIndex ? (this.pointIndex.array as Uint32Array) : null
  }

  /** Vertices submitted to the GPU this frame ('points': the visible agents only). */
  get submitted(): number {
    const g = this.geometry
    return g instanceof InstancedBufferGeometry ? g.instanceCount : g.drawRange.count
  }

  /**
   * Point the geometry at `buffers` and upload what changed since the last call. Returns true when
   * the geometry object was replaced (new buffers: meshes must pick up `geometry`).
   */
  sync(buffers: AgentBuffers, version: number, visible: ViewRect | null = null): boolean {
    let replaced = false
    if (buffers !== this.buffers || buffers.x.length !== this.boundLength) {
      this.rebuild(buffers)
      replaced = true
    } else if (buffers.x !== this.boundX) {
      this.repoint(buffers)
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
    const culled =
      this.mode === 'points' && visible !== null && this.cull(buffers, version, visible)
    if (culled && this.nearCount <= count * RANGED_MAX_SHARE) {
      // Only the agents near the view are drawn or linked: upload theirs alone.
      this.uploadNear()
      this.ranged = true
      return replaced
    }
    // Leaving ranged uploads (zoomed out, or no view given): agents far from the view are stale on
    // the GPU, so every attribute of every agent goes up once.
    const leaving = this.ranged && (culled || visible === null)
    if (changed || leaving) {
      this.upload(MOVING, count)
      this.slowPending = true
      if (replaced || leaving || ++this.changesSinceSlow >= SLOW_UPLOAD_EVERY) this.flush()
      this.ranged = false
    } else if (this.slowPending) {
      // the buffers stopped changing: bring the slow attributes up to date now
      this.flush()
    }
    return replaced
  }

  /**
   * 'points': submit only the agents inside `visible` (the view grown by an agent's reach). GOTCHA:
   * software WebGL fetches and converts every attribute of every submitted vertex even when the
   * shader culls it, so 100,000 agents cost the frame rate for the few hundred on screen. The
   * attributes stay the sim's arrays; only the index lists the visible ones. Re-culled when the
   * agents moved or the view changed.
   */
  private cull(buffers: AgentBuffers, version: number, r: ViewRect): boolean {
    const c = this.culled
    if (
      version === this.culledVersion &&
      r.minX === c.minX &&
      r.minY === c.minY &&
      r.maxX === c.maxX &&
      r.maxY === c.maxY
    ) {
      return false
    }
    const idx = this.pointIndex!.array as Uint32Array
    const near = this.near!
    const xs = buffers.x
    const ys = buffers.y
    const g = NEAR_MARGIN()
    const nx0 = r.minX - g
    const nx1 = r.maxX + g
    const ny0 = r.minY - g
    const ny1 = r.maxY + g
    let m = 0
    let k = 0
    for (let i = 0, n = buffers.count; i < n; i++) {
      const x = xs[i]!
      const y = ys[i]!
      if (x >= nx0 && x <= nx1 && y >= ny0 && y <= ny1) {
        near[k++] = i
        if (x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY) idx[m++] = i
      }
    }
    this.nearCount = k
    this.geometry.setDrawRange(0, m)
    if (m > 0) markRange(this.pointIndex!, this.pointRange, m)
    Object.assign(c, r)
    this.culledVersion = version
    this.changes++
    return true
  }

  /**
   * Upload every attribute of the agents listed in `near` only (runs of nearby indices merged, at
   * most NEAR_GAP apart): what the points and the links draw. The others keep stale values on the
   * GPU, which nothing reads (they are neither submitted nor in the link index).
   */
  private uploadNear(): void {
    const near = this.near!
    const n = this.nearCount
    this.changes++
    let runs = 0
    for (let k = 0; k < n;) {
      const start = near[k]!
      let end = start
      for (k++; k < n && near[k]! - end <= NEAR_GAP; k++) end = near[k]!
      this.runStart[runs] = start
      this.runCount[runs] = end - start + 1
      runs++
    }
    for (const name of NAMES) {
      const slot = this.slots.get(name)!
      const attr = slot.attribute
      const pool = slot.pool
      attr.updateRanges.length = 0
      for (let q = 0; q < runs; q++) {
        // three merges adjacent ranges in place: pooled objects are rewritten every call
        const range = (pool[q] ??= { start: 0, count: 0 })
        range.start = this.runStart[q]!
        range.count = this.runCount[q]!
        attr.updateRanges.push(range)
      }
      if (runs > 0) attr.needsUpdate = true
    }
    this.changesSinceSlow = 0
    this.slowPending = false
    this.nearUploads++
  }

  /**
   * While uploads are ranged: also upload the x/y of these agents (the link index's ends, which a
   * stale link search may have carried beyond the near margin). Call after sync() in the frame.
   */
  uploadPositionsOf(indices: Uint32Array, count: number): void {
    if (!this.ranged || count === 0) return
    const attrs = [this.positionX!, this.positionY!]
    for (let a = 0; a < 2; a++) {
      const attr = attrs[a]!
      const pool = this.extraPools[a]!
      for (let k = 0; k < count; k++) {
        const range = (pool[k] ??= { start: 0, count: 1 })
        range.start = indices[k]!
        range.count = 1
        attr.updateRanges.push(range)
      }
      attr.needsUpdate = true
    }
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
    if (names === MOVING && this.mode === 'instanced' && this.positionX && this.positionY) {
      markRange(this.positionX, this.positionRanges.x, count)
      markRange(this.positionY, this.positionRanges.y, count)
    }
  }

  /**
   * Same buffers object, new arrays of the same size (the sim worker's next frame, swapped in
   * without a copy): point the attributes at them. GPU buffers stay; what changed uploads as usual.
   */
  private repoint(buffers: AgentBuffers): void {
    for (const name of NAMES)
      this.slots.get(name)!.attribute.array = buffers[AGENT_ATTRIBUTES[name]]
    if (this.mode === 'instanced' && this.positionX && this.positionY) {
      this.positionX.array = buffers.x
      this.positionY.array = buffers.y
    }
    this.boundX = buffers.x
  }

  private rebuild(buffers: AgentBuffers): void {
    // New arrays ⇒ new GL buffers: a fresh geometry, the old one (and its buffers) disposed.
    this.geometry.dispose()
    this.geometry = emptyGeometry(this.mode)
    this.slots.clear()
    const instanced = this.mode === 'instanced'
    for (const name of NAMES) {
      const array = buffers[AGENT_ATTRIBUTES[name]]
      const attribute = instanced
        ? new InstancedBufferAttribute(array, 1)
        : new BufferAttribute(array, 1)
      if (MOVING.includes(name)) attribute.setUsage(DynamicDrawUsage)
      this.geometry.setAttribute(name, attribute)
      this.slots.set(name, { attribute, range: { start: 0, count: 0 }, pool: [] })
    }
    if (instanced) {
      this.positionX = new BufferAttribute(buffers.x, 1).setUsage(DynamicDrawUsage)
      this.positionY = new BufferAttribute(buffers.y, 1).setUsage(DynamicDrawUsage)
    } else {
      this.pointIndex = identityIndex(buffers.capacity).setUsage(DynamicDrawUsage)
      this.geometry.setIndex(this.pointIndex)
      this.culled.minX = NaN
      this.near = new Uint32Array(buffers.capacity)
      this.runStart = new Uint32Array(buffers.capacity)
      this.runCount = new Uint32Array(buffers.capacity)
      this.ranged = false
      this.positionX = this.slots.get('instanceX')!.attribute
      this.positionY = this.slots.get('instanceY')!.attribute
    }
    this.buffers = buffers
    this.boundX = buffers.x
    this.boundLength = buffers.x.length
    this.changesSinceSlow = 0
  }

  dispose(): void {
    this.geometry.dispose()
    this.buffers = null
    this.slots.clear()
    this.drawn = 0
  }
}
