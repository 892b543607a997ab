/**
 * A swarm store for one unit test: what the page builds with `createSwarmStore`, with the
 * simulation on the main thread (Node has no workers) and its clock at 0 unless the test sets it.
 */
import { createSwarmStore, type SwarmStore } from '../state/swarmStore'

export function testStore(o: {
  seed: number
  count: number
  paused?: boolean
  epochMs?: number
}): SwarmStore {
  return createSwarmStore({
    seed: o.seed,
    agents: o.count,
    paused: o.paused ?? false,
    epochMs: o.epochMs ?? 0,
    simThread: 'main',
  })
}
