/**
 * Conversions between the sim's structure-of-arrays buffers (src/sim/types.ts) and the
 * PRODUCT.md §7.1 wire objects, derived from the sim's agent field table (src/sim/agentFields.ts:
 * its decoding rule holds here too). Pure: the server uses the "to wire" half, the client the "from
 * wire" half.
 */
import { toFeedAgent, toFeedPosition, writeAgent } from '../sim/agentFields'
import { type AgentBuffers, FLAG } from '../sim/types'
import type { PositionUpdate, WireAgent } from './protocol'

/** All live agents as wire agents, plus the ids of the failing ones. */
export function buffersToWire(b: AgentBuffers): { agents: WireAgent[]; failingAgents: string[] } {
  const agents: WireAgent[] = []
  const failingAgents: string[] = []
  for (let i = 0; i < b.count; i++) {
    agents.push(toFeedAgent(b, i))
    if (((b.flags[i] ?? 0) & FLAG.failing) !== 0) failingAgents.push(b.ids[i] ?? '')
  }
  return { agents, failingAgents }
}

/** The type 1 payload for the live agents. */
export function buffersToPositions(b: AgentBuffers): PositionUpdate[] {
  const out: PositionUpdate[] = new Array<PositionUpdate>(b.count)
  for (let i = 0; i < b.count; i++) out[i] = toFeedPosition(b, i)
  return out
}

/** Writes wire agent `a` into slot i; it is failing when `failing` holds its id. */
export function writeWireAgent(
  b: AgentBuffers,
  i: number,
  a: WireAgent,
  failing: ReadonlySet<string>,
): void {
  writeAgent(b, i, a, failing.has(a.id))
}

/**
 * Writes wire agents into buffers (growing nothing: agents beyond `capacity` are dropped) and sets
 * `count`.
 */
export function wireToBuffers(
  agents: readonly WireAgent[],
  failing: ReadonlySet<string>,
  b: AgentBuffers,
): void {
  const n = Math.min(agents.length, b.capacity)
  for (let i = 0; i < n; i++) writeWireAgent(b, i, agents[i]!, failing)
  b.ids.length = n
  b.count = n
}
