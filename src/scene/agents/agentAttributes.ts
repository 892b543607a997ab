/** The agents' per-agent attributes and the pieces both geometry layouts build them from. */
import {
  BufferAttribute,
  BufferGeometry,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
} from 'three'
import type { ViewField } from '../../sim'
import { unboundedSphere } from '../geometryBounds'
import type { AgentDrawMode } from './agentDraw'

/** Per-agent attribute name → AgentBuffers field (one of the fields a view draws: viewFields.ts). */
export const AGENT_ATTRIBUTES = {
  instanceX: 'x',
  instanceY: 'y',
  instanceSize: 'size',
  instanceEnergy: 'energy',
  instancePulseRate: 'pulseRate',
  instanceType: 'type',
  instanceStatus: 'status',
  instanceMode: 'mode',
  instanceFlags: 'flags',
} as const satisfies Record<string, ViewField>

export type AttributeName = keyof typeof AGENT_ATTRIBUTES

export const NAMES = Object.keys(AGENT_ATTRIBUTES) as AttributeName[]
/** Positions change every sim frame; the others change on agent ticks (every second) or events. */
export const MOVING: readonly AttributeName[] = ['instanceX', 'instanceY']
export const SLOW: readonly AttributeName[] = NAMES.filter((n) => !MOVING.includes(n))

export type Range = { start: number; count: number }

/** Upload the first `count` items next render, reusing one range object (addUpdateRange allocates). */
export function markRange(attr: BufferAttribute, range: Range, count: number): void {
  range.count = count
  attr.updateRanges.length = 0
  attr.updateRanges.push(range)
  attr.needsUpdate = true
}

export function emptyGeometry(mode: AgentDrawMode): BufferGeometry {
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
export function identity<T extends Uint32Array | Float32Array>(a: T): T {
  for (let i = 0; i < a.length; i++) a[i] = i
  return a
}

export function attributeOf(mode: AgentDrawMode, array: ArrayLike<number>): BufferAttribute {
  const a = array as unknown as Float32Array
  return mode === 'instanced' ? new InstancedBufferAttribute(a, 1) : new BufferAttribute(a, 1)
}

export interface Slot {
  attribute: BufferAttribute
  range: Range
}

/**
 * The links' per-vertex attributes (links.vert.glsl: a link's two ends are agents) → the agents'
 * attribute each shows: positions, and what the filter tests so a link follows it.
 */
const LINK_ATTRIBUTES = {
  agentX: 'instanceX',
  agentY: 'instanceY',
  agentType: 'instanceType',
  agentStatus: 'instanceStatus',
  agentMode: 'instanceMode',
  agentEnergy: 'instanceEnergy',
  agentFlags: 'instanceFlags',
} as const satisfies Record<string, AttributeName>
type LinkAttributeName = keyof typeof LINK_ATTRIBUTES
/** The agents' fields as the links' vertices (one vertex per agent). */
export type LinkVertices = Record<LinkAttributeName, BufferAttribute>
const LINK_NAMES = Object.keys(LINK_ATTRIBUTES) as LinkAttributeName[]

/**
 * The links' vertex attributes over the agents' attributes (`of`): in 'points' mode the very same
 * attributes; in 'instanced' mode per-vertex attributes over the same arrays (an instanced
 * attribute cannot feed a plain draw), which `copied` registers so they upload with their source.
 * `g` holds the copies (the agents' shaders never read them), so they are freed with the layout
 * they copy, never by the links.
 */
export function linkVerticesOf(
  mode: AgentDrawMode,
  g: BufferGeometry,
  of: (name: AttributeName) => BufferAttribute,
  copied: (name: AttributeName, copy: BufferAttribute) => void,
): LinkVertices {
  const out = {} as LinkVertices
  for (const name of LINK_NAMES) {
    const source = of(LINK_ATTRIBUTES[name])
    if (mode === 'points') {
      out[name] = source
      continue
    }
    const copy = new BufferAttribute(source.array, 1).setUsage(source.usage)
    g.setAttribute(name, copy)
    copied(LINK_ATTRIBUTES[name], copy)
    out[name] = copy
  }
  return out
}
