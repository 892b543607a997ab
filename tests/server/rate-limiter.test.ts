import { describe, expect, it } from 'vitest'
import { MemoryRateLimiter } from '../../server/rate-limit/rate-limiter'

describe('MemoryRateLimiter (token bucket)', () => {
  it.each([
    [{ burst: 3, refillMs: 1_000 }, 3, 1],
    [{ burst: 10, refillMs: 1_000 }, 10, 1],
    [{ burst: 2, refillMs: 10_000 }, 2, 10],
  ])('%j: allows the burst of %d, then asks to wait %d s', async (rule, burst, wait) => {
    let now = 1_000_000
    const limiter = new MemoryRateLimiter(() => now)
    for (let i = 0; i < burst; i++) expect((await limiter.consume('k', rule)).allowed).toBe(true)
    expect(await limiter.consume('k', rule)).toEqual({ allowed: false, retryAfterS: wait })
    now += rule.refillMs
    expect((await limiter.consume('k', rule)).allowed).toBe(true)
    expect((await limiter.consume('k', rule)).allowed).toBe(false)
  })

  it('keeps keys apart and forgets the least recently used beyond its cap', async () => {
    const limiter = new MemoryRateLimiter(() => 0, 2)
    const rule = { burst: 1, refillMs: 60_000 }
    expect((await limiter.consume('a', rule)).allowed).toBe(true)
    expect((await limiter.consume('b', rule)).allowed).toBe(true)
    expect((await limiter.consume('a', rule)).allowed).toBe(false)
    await limiter.consume('c', rule) // evicts 'b', the least recently used
    expect((await limiter.consume('b', rule)).allowed).toBe(true)
  })
})
