import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AGENT_FIELDS,
  toAgent,
  toFeedAgent,
  toFeedPosition,
  writeAgent,
  type Agent,
} from './agentFields'
import { DECODING_CASES, PROPERTY_RUNS, patched, simAgent } from '../testing/agentSupport'
import { NUMERIC_FIELDS, createAgentBuffers, initAgents, worldForCount } from './agents'
import { bufferDigest } from './digest'
import { Rng } from './random'
import { AGENT_TYPE, FLAG, STATUS } from './types'

function seeded(seed: number, count: number) {
  const buf = createAgentBuffers(count)
  initAgents(buf, count, worldForCount(count), new Rng(seed), 1000)
  return buf
}

/** Record `a` decoded into a one-agent buffer. */
function decoded(a: Parameters<typeof writeAgent>[2], failing?: boolean) {
  const buf = createAgentBuffers(1)
  writeAgent(buf, 0, a, failing)
  buf.count = 1
  return buf
}

/**
 * Every PRODUCT.md §3 field in PRODUCT.md §3 order, spelled out: the table must name exactly these.
 */
const SECTION_3: Record<keyof Agent, true> = {
  id: true,
  x: true,
  y: true,
  size: true,
  speedX: true,
  speedY: true,
  color: true,
  target: true,
  mode: true,
  type: true,
  status: true,
  processingPower: true,
  efficiency: true,
  connections: true,
  lastActiveTime: true,
  energyLevel: true,
  glow: true,
  pulseRate: true,
  failing: true,
}

describe('the field table', () => {
  it('names every Agent field once, in §3 order (the order of the JSON)', () => {
    expect(AGENT_FIELDS.map((f) => f.name)).toEqual(Object.keys(SECTION_3))
  })

  it('stores into every buffer of AgentBuffers, and only those', () => {
    const stored = new Set(AGENT_FIELDS.flatMap((f) => f.buffer))
    expect([...stored].sort()).toEqual([...NUMERIC_FIELDS, 'ids'].sort())
  })
})

describe('plain Agent conversion', () => {
  it('toAgent → writeAgent round-trips every field of a seeded swarm', () => {
    const buf = seeded(11, 50)
    const copy = createAgentBuffers(50)
    for (let i = 0; i < 50; i++) writeAgent(copy, i, toAgent(buf, i))
    copy.count = 50
    expect(bufferDigest(copy)).toBe(bufferDigest(buf))
  })

  it('writeAgent → toAgent gives back any agent the sim could hold', () => {
    fc.assert(
      fc.property(simAgent, (a) => {
        expect(toAgent(decoded(a), 0)).toEqual(a)
      }),
      PROPERTY_RUNS,
    )
  })

  it('a failing agent keeps its flag and red colour; unknown names map to other', () => {
    const a = { ...toAgent(seeded(2, 1), 0), failing: true, type: 'drone', status: 'sleeping' }
    const out = decoded(a)
    expect(out.flags[0]! & FLAG.failing).toBe(FLAG.failing)
    expect(out.color[0]).toBe(0xff3344)
    expect(out.type[0]).toBe(AGENT_TYPE.other)
    expect(out.status[0]).toBe(STATUS.other)
  })

  it('toAgent gives §3 names and a CSS colour', () => {
    const buf = seeded(3, 1)
    const a = toAgent(buf, 0)
    expect(a.color).toMatch(/^#[0-9a-f]{6}$/)
    expect(['explore', 'idle', 'target']).toContain(a.mode)
    expect(a.target).toEqual({ x: buf.targetX[0], y: buf.targetY[0] })
    expect(a.energyLevel).toBe(buf.energy[0])
  })

  it('an explicit failing argument wins over the record’s own flag', () => {
    expect(toAgent(decoded({ ...toAgent(seeded(2, 1), 0), failing: true }, false), 0).failing).toBe(
      false,
    )
  })

  it('an id that is not a string is empty', () => {
    expect(decoded({ id: 42 }).ids[0]).toBe('')
  })
})

describe('the decoding rule (writeAgent)', () => {
  it.each(DECODING_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(toAgent(decoded(patched(c), c.failing ?? false), 0)).toMatchObject(c.expected)
  })
})

describe('the feed’s view of an agent', () => {
  it.each([
    ['x', 12.345, 12.3],
    ['size', 2.345678, 2.35],
    ['lastActiveTime', 1000.6, 1001],
    ['energyLevel', 66.66, 66.7],
  ] as const)('%s %s is sent as %s', (field, value, sent) => {
    const buf = decoded({ ...toAgent(seeded(5, 1), 0), [field]: value })
    expect(toFeedAgent(buf, 0)[field]).toBe(sent)
  })

  it('has no failing field (the state frame lists failing ids apart)', () => {
    expect(
      toFeedAgent(decoded({ ...toAgent(seeded(5, 1), 0), failing: true }), 0),
    ).not.toHaveProperty('failing')
  })

  it('a position update is the agent’s id, x and y as the state frame sends them', () => {
    const buf = seeded(6, 20)
    for (let i = 0; i < 20; i++) {
      const { id, x, y } = toFeedAgent(buf, i)
      expect(toFeedPosition(buf, i)).toEqual({ id, x, y })
    }
  })
})
