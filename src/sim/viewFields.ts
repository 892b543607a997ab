/**
 * A view set's drawn fields (viewSet.ts): the per-agent fields the scene draws, gathered for the
 * agents a set lists, so entry k belongs to agent `index[k]`. The sim worker gathers them into the
 * frame it publishes (frameLayout.ts), and the page's main thread uploads them as they are,
 * copying nothing. A set built on the page (a fast pan, a source without a worker) is gathered
 * there by the same function.
 */
import type { AgentBuffers } from './types'

/** The fields the scene draws per agent (its attributes map onto these: agentAttributes.ts). */
export const VIEW_FIELDS = [
  'x',
  'y',
  'size',
  'energy',
  'pulseRate',
  'type',
  'status',
  'mode',
  'flags',
] as const
export type ViewField = (typeof VIEW_FIELDS)[number]
export type ViewFields = { [F in ViewField]: AgentBuffers[F] }

/** Gathered fields of a set's agents, and each agent's index as a float (the shaders' instanceIndex). */
export interface GatheredView {
  fields: ViewFields
  ids: Float32Array
}

/** Arrays for `capacity` gathered agents, each field of the same type as in `buffers`. */
export function createGatheredView(buffers: AgentBuffers, capacity: number): GatheredView {
  const fields = {} as Record<ViewField, ArrayLike<number>>
  for (const f of VIEW_FIELDS) {
    const ctor = buffers[f].constructor as new (n: number) => ArrayLike<number>
    fields[f] = new ctor(capacity)
  }
  return { fields: fields as ViewFields, ids: new Float32Array(capacity) }
}

/** Copy the drawn fields of the first `count` agents `index` lists into `out`. */
export function gatherView(
  buffers: AgentBuffers,
  index: Uint32Array,
  count: number,
  out: GatheredView,
): void {
  const ids = out.ids
  for (let k = 0; k < count; k++) ids[k] = index[k]!
  for (const f of VIEW_FIELDS) {
    const src = buffers[f]
    const dst = out.fields[f]
    for (let k = 0; k < count; k++) dst[k] = src[index[k]!]!
  }
}
