/**
 * AgentGeometry's view-set layout (src/sim/viewSet.ts): one attribute per drawn field over the
 * fields of the agents a set lists, and a geometry over them; `instanceIndex` holds each listed
 * agent's index in the swarm. The sim worker's sets come with those fields gathered into its frame
 * (viewFields.ts): the attributes are pointed at them and uploaded, nothing is copied. Other sets
 * are gathered into arrays of its own. Sized for viewSetCapacity of the swarm.
 */
import type { BufferAttribute, BufferGeometry } from 'three'
import { DynamicDrawUsage, InstancedBufferGeometry } from 'three'
import {
  createGatheredView,
  gatherView,
  viewSetCapacity,
  type AgentBuffers,
  type ViewField,
  type ViewSet,
} from '../../sim'
import type { AgentDrawMode } from './agentDraw'
import {
  AGENT_ATTRIBUTES,
  NAMES,
  attributeOf,
  emptyGeometry,
  linkVerticesOf,
  markRange,
  type AttributeName,
  type LinkVertices,
  type Slot,
} from './agentAttributes'

/** An attribute and the gathered field it shows (null: the agents' indices). */
interface FieldSlot extends Slot {
  field: ViewField | null
}

type Gathered = NonNullable<ViewSet['gathered']>

export class ViewSetLayout {
  readonly geometry: BufferGeometry
  /** the agents' fields per vertex (the links): the attributes themselves, or copies ('instanced') */
  readonly linkVertices: LinkVertices
  /** the listed agents' indices, the first `count` gathered (picking maps through them) */
  readonly agents: Uint32Array
  readonly capacity: number
  /** the arrays sets without gathered fields are copied into */
  private readonly own: Gathered
  private readonly slots: FieldSlot[] = []
  /** the gathered fields the attributes point at now */
  private shown: Gathered

  constructor(mode: AgentDrawMode, buffers: AgentBuffers) {
    const capacity = (this.capacity = viewSetCapacity(buffers.capacity))
    const geometry = (this.geometry = emptyGeometry(mode))
    const own = (this.own = this.shown = createGatheredView(buffers, capacity))
    const slot = (field: ViewField | null, attribute: BufferAttribute) => {
      attribute.setUsage(DynamicDrawUsage)
      this.slots.push({ attribute, range: { start: 0, count: 0 }, field })
      return attribute
    }
    const byName = new Map<AttributeName, BufferAttribute>()
    for (const name of NAMES) {
      const field = AGENT_ATTRIBUTES[name]
      const attribute = slot(field, attributeOf(mode, own.fields[field]))
      geometry.setAttribute(name, attribute)
      byName.set(name, attribute)
    }
    geometry.setAttribute('instanceIndex', slot(null, attributeOf(mode, own.ids)))
    // 'instanced': the links' per-vertex copies are slots of the same fields, uploaded with them
    this.linkVertices = linkVerticesOf(
      mode,
      geometry,
      (name) => byName.get(name)!,
      (name, copy) => slot(AGENT_ATTRIBUTES[name], copy),
    )
    this.agents = new Uint32Array(capacity)
  }

  /**
   * Point the attributes at the fields of the agents `set` lists (gathering them first when the
   * set does not carry them), queue their upload and draw the ones inside its rectangle. Returns
   * how many are drawn.
   */
  gather(buffers: AgentBuffers, set: ViewSet): number {
    const n = Math.min(set.count, this.capacity)
    this.agents.set(set.index.subarray(0, n))
    const carried = set.gathered
    let g: Gathered
    if (carried && carried.ids.length === this.capacity) {
      g = carried
    } else {
      gatherView(buffers, set.index, n, this.own)
      g = this.own
    }
    if (g !== this.shown) {
      this.shown = g
      for (const s of this.slots) s.attribute.array = s.field ? g.fields[s.field] : g.ids
    }
    for (const s of this.slots) markRange(s.attribute, s.range, n)
    const drawn = Math.min(set.drawn, n)
    const geometry = this.geometry
    if (geometry instanceof InstancedBufferGeometry) geometry.instanceCount = drawn
    else geometry.setDrawRange(0, drawn)
    return drawn
  }

  dispose(): void {
    this.geometry.dispose()
  }
}
