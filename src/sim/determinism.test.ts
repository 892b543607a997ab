import { describe, expect, it } from 'vitest'
import { NUMERIC_FIELDS, createAgentBuffers, initAgents, worldForCount } from './agents'
import { bufferDigest, linkDigest, textDigest } from './digest'
import { createSwarmSim } from './engine'
import { Rng } from './random'
import { runScenario } from './scenario'

describe('determinism: same seed ⇒ byte-identical buffers', () => {
  it.each([1, 42, 2024])('seed %s, 10,000 ticks, twice', (seed) => {
    const a = runScenario(seed, 10_000)
    const b = runScenario(seed, 10_000)
    expect(b).toEqual(a)
    // the run really exercised the rules
    expect(a.messageCount).toBeGreaterThan(100)
    expect(a.linkCount).toBeGreaterThan(0)
  })

  it('different seeds give different swarms', () => {
    const digests = new Set([1, 2, 3, 4].map((s) => runScenario(s, 600).digest))
    expect(digests.size).toBe(4)
  })

  it('the buffers themselves are byte-identical, not only the digests', () => {
    const a = createSwarmSim({ seed: 5, count: 300 })
    const b = createSwarmSim({ seed: 5, count: 300 })
    a.advance(20_000)
    b.advance(20_000)
    for (const f of NUMERIC_FIELDS) expect(b.buffers[f]).toEqual(a.buffers[f])
    expect(b.buffers.ids).toEqual(a.buffers.ids)
  })
})

describe('digests notice any change', () => {
  const fresh = () => {
    const buf = createAgentBuffers(20)
    initAgents(buf, 20, worldForCount(20), new Rng(3), 0)
    return buf
  }

  it.each(NUMERIC_FIELDS.map((f) => [f]))('one changed value in %s', (field) => {
    const buf = fresh()
    const before = bufferDigest(buf)
    const arr = buf[field]
    arr[7] = arr[7]! + 1
    expect(bufferDigest(buf)).not.toBe(before)
  })

  it('a changed id, a changed count', () => {
    const buf = fresh()
    const before = bufferDigest(buf)
    buf.ids[3] = 'zzzzzzzz'
    expect(bufferDigest(buf)).not.toBe(before)
    buf.count = 19
    expect(bufferDigest(buf)).not.toBe(before)
  })

  it('links and text digests', () => {
    const links = { count: 1, a: new Uint32Array([1, 0]), b: new Uint32Array([2, 0]) }
    const one = linkDigest(links)
    links.b[0] = 3
    expect(linkDigest(links)).not.toBe(one)
    expect(textDigest('abc')).not.toBe(textDigest('abd'))
    expect(textDigest('abc')).toMatch(/^[0-9a-f]{8}$/)
  })
})
