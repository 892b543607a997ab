import fc from 'fast-check'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { toAgent, writeAgent, type Agent, type FeedAgent } from '../sim/agentFields'
import {
  DECODING_CASES,
  PROPERTY_RUNS,
  anyAgentRecord,
  patched,
  simAgent,
  ONE_AGENT_METRICS,
} from '../testing/agentSupport'
import { createAgentBuffers } from '../sim/agents'
import { bufferDigest } from '../sim/digest'
import type { AgentBuffers } from '../sim/types'
import { MSG, decodeFrame, encodeJsonFrame, type WireAgent } from './protocol'
import { buffersToPositions, buffersToWire, wireToBuffers } from './wire'

/** Up to `maxLength` agents with distinct ids (a wire agent fails by its id). */
const swarmOf = (agent: fc.Arbitrary<Agent>, minLength: number, maxLength: number) =>
  fc.uniqueArray(agent, { minLength, maxLength, selector: (a) => a.id })

/** The sim's buffers holding these agents. */
function simBuffers(agents: readonly Agent[]): AgentBuffers {
  const b = createAgentBuffers(agents.length)
  agents.forEach((a, i) => writeAgent(b, i, a))
  b.count = agents.length
  return b
}

/** The buffers as a client has them after a type 0 frame: encoded, sent as bytes, decoded. */
function overTheWire(b: AgentBuffers): AgentBuffers {
  const { agents, failingAgents } = buffersToWire(b)
  const frame = encodeJsonFrame(MSG.swarmState, { agents, failingAgents, metrics: METRICS })
  const msg = decodeFrame(frame)
  if (msg?.type !== MSG.swarmState) throw new Error('the frame did not decode')
  const out = createAgentBuffers(b.count)
  wireToBuffers(msg.payload.agents, new Set(msg.payload.failingAgents), out)
  return out
}

const METRICS = ONE_AGENT_METRICS

const agentsOf = (b: AgentBuffers) => Array.from({ length: b.count }, (_, i) => toAgent(b, i))

describe('sim buffers → wire → buffers', () => {
  it('a wire agent has every §3 field the sim’s Agent has, but failing', () => {
    expectTypeOf<keyof WireAgent>().toEqualTypeOf<keyof FeedAgent>()
  })

  it('gives back the sim’s Agents, failing included, for any agents the sim could hold', () => {
    fc.assert(
      fc.property(swarmOf(simAgent, 1, 8), (agents) => {
        const b = simBuffers(agents)
        expect(agentsOf(overTheWire(b))).toEqual(agentsOf(b))
        expect(bufferDigest(overTheWire(b))).toBe(bufferDigest(b))
      }),
      PROPERTY_RUNS,
    )
  })

  it('a second trip changes nothing: what the wire rounded stays as it is', () => {
    const anyNumber = fc.double({ min: -1e4, max: 1e4, noNaN: true })
    const rough = fc
      .tuple(simAgent, anyNumber, anyNumber, anyNumber)
      .map(([a, x, size, energyLevel]) => ({ ...a, x, size, energyLevel }))
    fc.assert(
      fc.property(swarmOf(rough, 1, 4), (agents) => {
        const once = overTheWire(simBuffers(agents))
        expect(bufferDigest(overTheWire(once))).toBe(bufferDigest(once))
      }),
      PROPERTY_RUNS,
    )
  })

  it('the position updates carry the state frame’s ids and positions', () => {
    fc.assert(
      fc.property(swarmOf(simAgent, 0, 8), (agents) => {
        const b = simBuffers(agents)
        const state = buffersToWire(b).agents.map(({ id, x, y }) => ({ id, x, y }))
        expect(buffersToPositions(b)).toEqual(state)
      }),
      PROPERTY_RUNS,
    )
  })
})

describe('wire → buffers: the decoding rule', () => {
  it.each(DECODING_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const b = createAgentBuffers(1)
    const a = patched(c) as unknown as WireAgent
    wireToBuffers([a], new Set(c.failing ? [a.id] : []), b)
    expect(toAgent(b, 0)).toMatchObject(c.expected)
  })

  it('decodes any record exactly as the sim’s writeAgent does', () => {
    fc.assert(
      fc.property(anyAgentRecord, fc.boolean(), (r, failing) => {
        const wire = createAgentBuffers(1)
        wireToBuffers([r as unknown as WireAgent], new Set(failing ? [r.id as string] : []), wire)
        const sim = createAgentBuffers(1)
        writeAgent(sim, 0, r, failing)
        sim.count = 1
        expect(bufferDigest(wire)).toBe(bufferDigest(sim))
      }),
      PROPERTY_RUNS,
    )
  })

  it('drops the agents beyond the capacity', () => {
    const agents = buffersToWire(
      simBuffers(fc.sample(swarmOf(simAgent, 5, 5), { numRuns: 1, seed: 1 })[0]!),
    ).agents
    const b = createAgentBuffers(3)
    wireToBuffers(agents, new Set(), b)
    expect(b.count).toBe(3)
    expect(b.ids).toEqual(agents.slice(0, 3).map((a) => a.id))
  })
})
