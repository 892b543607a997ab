/**
 * The server's FeedSimSource: an adapter over the shared simulation (src/sim), so the live swarm
 * follows exactly the PRODUCT.md §4 rules the browser's local sim follows. The main-view timers are
 * attached too (random errors/recoveries, demo console lines), since the feed stands in for that
 * view's sim.
 */
import type { SwarmStatePayload, WireMetrics, WireTask } from '../../src/feed/protocol'
import { type SimEvent, attachMainView, createSwarmSim } from '../../src/sim'
import type { World } from '../../src/sim/types'
import { wireToBuffers } from '../../src/feed/wire'
import { captureSimState, raiseEventSequences, restoreSimState } from '../../src/sim/resumeState'
import type { ResumeInput, SwarmEvent, FeedSimSource } from './feed-engine'

export interface SimSourceOptions {
  agents: number
  seed: number
  world?: World
}

/**
 * '[ERROR:…]' console alerts are not relayed: the type 5 event carries the same failure
 * (PRODUCT.md §8).
 */
const ERROR_ALERT = /^\[ERROR:/

export function createSimSource(opts: SimSourceOptions): FeedSimSource {
  const sim = createSwarmSim({
    seed: opts.seed,
    count: opts.agents,
    epochMs: Date.now(),
    ...(opts.world ? { world: opts.world } : {}),
  })
  const pending: SwarmEvent[] = []
  sim.on((e: SimEvent) => {
    if (e.kind === 'message' && !ERROR_ALERT.test(e.message.text)) {
      pending.push({ kind: 'message', payload: { ...e.message } })
    } else if (e.kind === 'error') {
      pending.push({ kind: 'error', payload: { ...e.error } })
    }
  })
  attachMainView(sim)
  return {
    agents: sim.buffers,
    world: sim.world,
    step(dtMs) {
      sim.advance(dtMs)
      return pending.splice(0)
    },
    metrics(): WireMetrics {
      return { ...sim.metrics, efficiency: Math.round(sim.efficiency * 10) / 10 }
    },
    tasks(): WireTask[] {
      return sim.tasks.map((t) => ({ ...t }))
    },
    resume(state: SwarmStatePayload) {
      wireToBuffers(state.agents, new Set(state.failingAgents ?? []), sim.buffers)
      sim.reindex()
      sim.resyncFailing()
    },
    captureState() {
      return captureSimState(sim)
    },
    continueFrom(input: ResumeInput) {
      // Once another sim's state is taken over, the events this instance's sim queued while it was
      // not running (its own "initializing" line) belong to no swarm anyone watches.
      const ok = input.state === undefined ? false : restoreSimState(sim, input.state)
      if (ok) pending.length = 0
      // The main view's held 2 s error belongs to the previous leader's timer.
      sim.heldFailing = -1
      const p = input.positions
      if (p && p.count === sim.buffers.count) {
        sim.buffers.x.set(p.x.subarray(0, p.count))
        sim.buffers.y.set(p.y.subarray(0, p.count))
      }
      raiseEventSequences(sim, input.messageSeq ?? 0, input.errorSeq ?? 0)
      if (input.skipMs && input.skipMs > 0) sim.skip(input.skipMs)
      return ok
    },
  }
}
