/**
 * The agents' instanced geometry: a unit quad whose per-instance attributes ARE the sim's typed
 * arrays (AgentBuffers): no copy, no Object3D or Matrix4 per agent. The agents pass and the GPU
 * picking pass draw this same geometry, so the attribute buffers are uploaded once per change.
 */
import {
  BufferAttribute,
  DynamicDrawUsage,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
} from 'three'
import { unboundedSphere } from '../geometryBounds'
import type { AgentBuffers } from '../../sim'

/** Per-instance attribute name → AgentBuffers field. */
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
 * of the buffers (a 1 s agent tick shows within a few frames; positions upload every change).
 */
export const SLOW_UPLOAD_EVERY = 4

function quad(): InstancedBufferGeometry {
  const g = new InstancedBufferGeometry()
  g.setAttribute('position', new BufferAttribute(new Float32Array([-1, -1, 1, -1, 1, 1, -1, 1]), 2))
  g.setIndex([0, 1, 2, 0, 2, 3])
  g.boundingSphere = unboundedSphere()
  g.instanceCount = 0
  return g
}

interface Slot {
  attribute: InstancedBufferAttribute
  /** one preallocated update range, reused every upload (addUpdateRange allocates) */
  range: { start: number; count: number }
}

export class AgentGeometry {
  geometry: InstancedBufferGeometry = quad()
  private buffers: AgentBuffers | null = null
  private slots = new Map<AttributeName, Slot>()
  private version = -1
  private changesSinceSlow = 0
  private slowPending = false

  /**
   * Point the geometry at `buffers` and upload what changed since the last call. Returns true when
   * the geometry object was replaced (new buffers: meshes must pick up `geometry`).
   */
  sync(buffers: AgentBuffers, version: number): boolean {
    let replaced = false
    if (buffers !== this.buffers) {
      this.rebuild(buffers)
      replaced = true
    }
    if (version !== this.version || replaced) {
      const count = buffers.count
      this.geometry.instanceCount = count
      this.upload(MOVING, count)
      this.slowPending = true
      if (replaced || ++this.changesSinceSlow >= SLOW_UPLOAD_EVERY) this.flush()
      this.version = version
    } else if (this.slowPending) {
      // the buffers stopped changing: bring the slow attributes up to date now
      this.flush()
    }
    return replaced
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
    for (const name of names) {
      const slot = this.slots.get(name)!
      slot.range.count = count
      slot.attribute.updateRanges.length = 0
      slot.attribute.updateRanges.push(slot.range)
      slot.attribute.needsUpdate = true
    }
  }

  private rebuild(buffers: AgentBuffers): void {
    // New arrays ⇒ new GL buffers: a fresh geometry, the old one (and its buffers) disposed.
    this.geometry.dispose()
    this.geometry = quad()
    this.slots.clear()
    for (const name of NAMES) {
      const array = buffers[AGENT_ATTRIBUTES[name]]
      const attribute = new InstancedBufferAttribute(array, 1)
      if (MOVING.includes(name)) attribute.setUsage(DynamicDrawUsage)
      this.geometry.setAttribute(name, attribute)
      this.slots.set(name, { attribute, range: { start: 0, count: 0 } })
    }
    this.buffers = buffers
    this.changesSinceSlow = 0
  }

  dispose(): void {
    this.geometry.dispose()
    this.buffers = null
    this.slots.clear()
  }
}
