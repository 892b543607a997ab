/**
 * AgentGeometry's view-set layout (src/sim/viewSet.ts): small arrays, one per attribute, refilled
 * with the fields of the agents a set lists, and a geometry over them; `instanceIndex` holds each
 * listed agent's index in the swarm. Sized for viewSetCapacity of the swarm.
 */
import type { BufferGeometry } from 'three'
import { BufferAttribute, DynamicDrawUsage, InstancedBufferGeometry } from 'three'
import { viewSetCapacity, type AgentBuffers, type ViewSet } from '../../sim'
import type { AgentDrawMode } from './agentDraw'
import {
  AGENT_ATTRIBUTES,
  NAMES,
  attributeOf,
  emptyGeometry,
  markRange,
  type AttributeName,
  type Slot,
} from './agentAttributes'

type FieldArray = { [i: number]: number; length: number }

export class ViewSetLayout {
  readonly geometry: BufferGeometry
  /** the agents' x/y per vertex (the links): the x/y attributes themselves, or copies ('instanced') */
  readonly positionX: BufferAttribute
  readonly positionY: BufferAttribute
  /** the listed agents' indices, the first `count` gathered (picking maps through them) */
  readonly agents: Uint32Array
  readonly capacity: number
  private readonly arrays = {} as Record<AttributeName, FieldArray>
  private readonly indexArray: Float32Array
  private readonly slots: Slot[] = []

  constructor(mode: AgentDrawMode, buffers: AgentBuffers) {
    const capacity = (this.capacity = viewSetCapacity(buffers.capacity))
    const geometry = (this.geometry = emptyGeometry(mode))
    const add = (name: string, array: ArrayLike<number>) => {
      const attribute = attributeOf(mode, array).setUsage(DynamicDrawUsage)
      geometry.setAttribute(name, attribute)
      this.slots.push({ attribute, range: { start: 0, count: 0 } })
      return attribute
    }
    let x: BufferAttribute | null = null
    let y: BufferAttribute | null = null
    for (const name of NAMES) {
      const src = buffers[AGENT_ATTRIBUTES[name]] as unknown as {
        constructor: new (n: number) => FieldArray
      }
      const array = (this.arrays[name] = new src.constructor(capacity))
      const attribute = add(name, array)
      if (name === 'instanceX') x = attribute
      if (name === 'instanceY') y = attribute
    }
    this.indexArray = new Float32Array(capacity)
    add('instanceIndex', this.indexArray)
    if (mode === 'instanced') {
      // the links read x/y per vertex: separate attributes over the same arrays, uploaded with them
      x = new BufferAttribute(this.arrays.instanceX as Float32Array, 1).setUsage(DynamicDrawUsage)
      y = new BufferAttribute(this.arrays.instanceY as Float32Array, 1).setUsage(DynamicDrawUsage)
      this.slots.push({ attribute: x, range: { start: 0, count: 0 } })
      this.slots.push({ attribute: y, range: { start: 0, count: 0 } })
    }
    this.positionX = x!
    this.positionY = y!
    this.agents = new Uint32Array(capacity)
  }

  /**
   * Copy the fields of the agents `set` lists into the arrays, queue their upload and draw the
   * ones inside its rectangle. Returns how many are drawn.
   */
  gather(buffers: AgentBuffers, set: ViewSet): number {
    const n = Math.min(set.count, this.capacity)
    const index = set.index
    this.agents.set(index.subarray(0, n))
    const ids = this.indexArray
    for (let k = 0; k < n; k++) ids[k] = index[k]!
    for (const name of NAMES) {
      const src = buffers[AGENT_ATTRIBUTES[name]]
      const dst = this.arrays[name]
      for (let k = 0; k < n; k++) dst[k] = src[index[k]!]!
    }
    for (const slot of this.slots) markRange(slot.attribute, slot.range, n)
    const drawn = Math.min(set.drawn, n)
    const g = this.geometry
    if (g instanceof InstancedBufferGeometry) g.instanceCount = drawn
    else g.setDrawRange(0, drawn)
    return drawn
  }

  dispose(): void {
    this.geometry.dispose()
  }
}
