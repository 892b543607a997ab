import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Rng, hashSeed } from './random'

const draw = (seed: number, n: number) => {
  const rng = new Rng(seed)
  return Array.from({ length: n }, () => rng.next())
}

describe('seeded PRNG', () => {
  it('same seed ⇒ same sequence; different seeds ⇒ different sequences', () => {
    expect(draw(42, 100)).toEqual(draw(42, 100))
    expect(draw(42, 10)).not.toEqual(draw(43, 10))
  })

  it.each([0, 1, -1, 2 ** 31, 1.5])('seed %s starts a well-mixed state', (seed) => {
    expect(new Rng(seed).state).toBe(hashSeed(seed))
    expect(hashSeed(seed)).toBeGreaterThanOrEqual(0)
    expect(hashSeed(seed)).toBeLessThan(2 ** 32)
  })

  it('next() stays in [0, 1) and is roughly uniform', () => {
    const values = draw(7, 20_000)
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...values)).toBeLessThan(1)
    const mean = values.reduce((a, b) => a + b, 0) / values.length
    expect(mean).toBeGreaterThan(0.49)
    expect(mean).toBeLessThan(0.51)
  })

  it('chance(p) hits about p of the time', () => {
    const rng = new Rng(3)
    let hits = 0
    for (let i = 0; i < 20_000; i++) if (rng.chance(0.3)) hits++
    expect(hits / 20_000).toBeCloseTo(0.3, 1)
  })

  it('saving and restoring the state replays the sequence', () => {
    const rng = new Rng(9)
    rng.next()
    const saved = rng.state
    const a = [rng.next(), rng.next()]
    rng.state = saved
    expect([rng.next(), rng.next()]).toEqual(a)
  })

  it('int, range, pick and id stay in bounds (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const rng = new Rng(seed)
        const i = rng.int(n)
        const r = rng.range(-5, 5)
        const id = rng.id(8)
        return (
          Number.isInteger(i) &&
          i >= 0 &&
          i < n &&
          r >= -5 &&
          r < 5 &&
          /^[a-z0-9]{8}$/.test(id) &&
          ['a', 'b', 'c'].includes(rng.pick(['a', 'b', 'c']))
        )
      }),
    )
  })
})
