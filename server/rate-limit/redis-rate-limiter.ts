import { Redis } from 'ioredis'
import {
  MemoryRateLimiter,
  type RateDecision,
  type RateLimiter,
  type RateRule,
} from './rate-limiter'

/**
 * The MemoryRateLimiter's token bucket, kept in Redis so every instance draws from the same bucket
 * (ARCHITECTURE.md "Rate limits"). One hash per key {tokens, at}; the script reads the clock from
 * Redis (TIME) so instances with skewed clocks still agree. Keys expire once a bucket would be full
 * again.
 */
const TOKEN_BUCKET = `
local burst = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / refill)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * refill) + 1000)
if allowed == 1 then return {1, 0} end
return {0, math.max(1, math.ceil((1 - tokens) * refill / 1000))}
`

/** While Redis is down, how often a background PING checks whether it is back. */
const PROBE_MS = 1_000

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis
  /** used while Redis is unreachable: limits stay per instance rather than off */
  private readonly fallback = new MemoryRateLimiter()
  private warned = false
  /**
   * Set by the first failed call (RELIABILITY.md §6a): requests then go straight to the fallback
   * and a background probe, not a request, finds out when Redis answers again. So a Redis that
   * hangs costs one request its timeout, not every request.
   */
  private probe: NodeJS.Timeout | undefined

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly onFallback: (err: unknown) => void = () => {},
  ) {
    // No offline queue and one retry: a Redis outage must cost a request milliseconds, not hang it.
    this.redis = new Redis(url, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1_000,
    })
    this.redis.on('error', () => {})
    this.redis.defineCommand('vposTokenBucket', { numberOfKeys: 1, lua: TOKEN_BUCKET })
  }

  /** true while the limits are kept per instance (Redis unreachable) */
  get degraded(): boolean {
    return this.probe !== undefined
  }

  private startProbe(): void {
    if (this.probe) return
    this.probe = setInterval(() => {
      this.redis.ping().then(
        () => {
          clearInterval(this.probe)
          this.probe = undefined
          this.warned = false
        },
        () => {},
      )
    }, PROBE_MS)
    this.probe.unref()
  }

  async consume(key: string, rule: RateRule): Promise<RateDecision> {
    if (this.probe) return this.fallback.consume(key, rule)
    try {
      const r = (await (
        this.redis as unknown as {
          vposTokenBucket(k: string, burst: number, refillMs: number): Promise<[number, number]>
        }
      ).vposTokenBucket(`${this.prefix}:rl:${key}`, rule.burst, rule.refillMs)) ?? [1, 0]
      this.warned = false
      return { allowed: r[0] === 1, retryAfterS: Number(r[1]) }
    } catch (err) {
      if (!this.warned) this.onFallback(err)
      this.warned = true
      this.startProbe()
      return this.fallback.consume(key, rule)
    }
  }

  async close(): Promise<void> {
    clearInterval(this.probe)
    this.redis.disconnect()
  }
}
