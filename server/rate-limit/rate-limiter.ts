/** A token bucket: `burst` requests at once, then one more every `refillMs`. */
export interface RateRule {
  burst: number
  refillMs: number
}

export interface RateDecision {
  allowed: boolean
  /** whole seconds until the next request would be allowed (0 when allowed) */
  retryAfterS: number
}

/**
 * Per-key rate limiting. The in-memory store serves one instance; RedisRateLimiter backs the same
 * interface with Redis (one key per bucket, the same arithmetic in a Lua script) so instances share
 * state.
 */
export interface RateLimiter {
  consume(key: string, rule: RateRule): Promise<RateDecision>
}

export const RATE_RULES = {
  nonce: { burst: 60, refillMs: 1_000 },
  /**
   * per client IP: every sign-in costs a signature check (RELIABILITY.md §9, finding 8a: it had no
   * limit)
   */
  signIn: { burst: 60, refillMs: 1_000 },
  /** per client IP: new cross-device sign-in requests (each shows a code someone may type) */
  deviceRequest: { burst: 20, refillMs: 6_000 },
  /** per client IP: the waiting browser asks once a second */
  devicePoll: { burst: 30, refillMs: 500 },
  /** per client IP: looking up or approving a code (short codes must not be guessable by volume) */
  deviceCode: { burst: 20, refillMs: 3_000 },
  /** per client IP besides the per-wallet cooldown: fresh wallets are free to make */
  whitelistIp: { burst: 20, refillMs: 10_000 },
  message: { burst: 10, refillMs: 1_000 },
  reaction: { burst: 30, refillMs: 300 },
  participant: { burst: 20, refillMs: 2_000 },
  announcement: { burst: 5, refillMs: 10_000 },
  /** per wallet: reporting messages (one report per message besides) */
  report: { burst: 5, refillMs: 60_000 },
  /** per wallet: staff moderation actions */
  moderation: { burst: 30, refillMs: 1_000 },
  purchase: { burst: 30, refillMs: 1_000 },
  balance: { burst: 20, refillMs: 1_000 },
  /** per client IP: reading the live history (a scrubbing timeline asks a few times a second) */
  history: { burst: 60, refillMs: 100 },
  /** per wallet: opening a push stream (a reconnecting client waits 1 s × 1.5^n between tries) */
  stream: { burst: 20, refillMs: 3_000 },
} satisfies Record<string, RateRule>

export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()
  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  async consume(key: string, rule: RateRule): Promise<RateDecision> {
    const now = this.now()
    const b = this.buckets.get(key) ?? { tokens: rule.burst, at: now }
    const tokens = Math.min(rule.burst, b.tokens + (now - b.at) / rule.refillMs)
    if (tokens >= 1) {
      this.set(key, { tokens: tokens - 1, at: now })
      return { allowed: true, retryAfterS: 0 }
    }
    this.set(key, { tokens, at: now })
    return {
      allowed: false,
      retryAfterS: Math.max(1, Math.ceil(((1 - tokens) * rule.refillMs) / 1000)),
    }
  }

  private set(key: string, value: { tokens: number; at: number }) {
    this.buckets.delete(key)
    this.buckets.set(key, value)
    // Map keeps insertion order: the first key is the least recently used.
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value
      if (oldest !== undefined) this.buckets.delete(oldest)
    }
  }
}
