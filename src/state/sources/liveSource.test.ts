import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { WireAgent } from '../../feed/protocol'
import { wireToBuffers } from '../../feed/wire'
import { toAgent } from '../../sim/agentFields'
import {
  DECODING_CASES,
  PROPERTY_RUNS,
  anyAgentRecord,
  patched,
  ONE_AGENT_METRICS,
} from '../../testing/agentSupport'
import { createSwarmSim } from '../../sim/engine'
import { bufferDigest } from '../../sim/digest'
import { LiveFeedSource } from './liveSource'

const METRICS = ONE_AGENT_METRICS

/** A live source on its own (no store): it is not on screen, the page is not paused. */
function newLive(): LiveFeedSource {
  return new LiveFeedSource({
    seed: 1,
    world: { width: 1600, height: 1000 },
    isShown: () => false,
    isPaused: () => false,
  })
}

/** The live mirror's buffers after a state holding only `record`. */
function liveDecoded(record: Record<string, unknown>, failing: boolean) {
  const live = newLive()
  live.applyState({
    agents: [record as unknown as WireAgent],
    metrics: METRICS,
    failingAgents: failing ? [record.id as string] : [],
    world: { width: 1600, height: 1000 },
  })
  return live.buffers
}

describe('the live mirror decodes wire agents by the shared rule', () => {
  it.each(DECODING_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(toAgent(liveDecoded(patched(c), c.failing ?? false), 0)).toMatchObject(c.expected)
  })

  it('as the server’s resume does (wireToBuffers, then the failing look), for any record', () => {
    fc.assert(
      fc.property(anyAgentRecord, fc.boolean(), (r, failing) => {
        const server = createSwarmSim({ seed: 1, count: 1 })
        const ids = new Set(failing ? [r.id as string] : [])
        wireToBuffers([r as unknown as WireAgent], ids, server.buffers)
        server.resyncFailing()
        expect(bufferDigest(liveDecoded(r, failing))).toBe(bufferDigest(server.buffers))
      }),
      { ...PROPERTY_RUNS, numRuns: 100 },
    )
  })
})

describe('metrics', () => {
  it('takes the swarm’s efficiency from the metrics when the server sends it', () => {
    const live = newLive()
    live.applyMetrics({ ...METRICS, efficiency: 88.4 })
    expect(live.readings().efficiency).toBe(88.4)
    live.applyMetrics(METRICS)
    expect(live.readings().efficiency).toBe(88.4)
  })
})
