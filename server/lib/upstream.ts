/**
 * Guard for calls to external services (market data, Solana RPC): a per-key TTL cache, request
 * coalescing, a hard timeout and a circuit breaker. When the upstream fails the last good value is
 * served marked stale; with no value at all the caller gets UpstreamUnavailableError (→ 503). A
 * request therefore never waits longer than `timeoutMs` (DESIGN §3: never hang).
 */

export class UpstreamUnavailableError extends Error {
  constructor(
    readonly upstream: string,
    readonly reason: string,
  ) {
    super(`${upstream} unavailable: ${reason}`)
    this.name = 'UpstreamUnavailableError'
  }
}

export interface UpstreamOptions {
  /** how long a good value is served without asking again */
  ttlMs: number
  /** hard limit for one upstream call */
  timeoutMs: number
  /** consecutive failures that open the breaker */
  failureThreshold: number
  /** how long an open breaker fails fast before one trial call (half-open) */
  openMs: number
  now?: () => number
}

export type BreakerState = 'closed' | 'open' | 'half-open'

export interface Guarded<T> {
  value: T
  stale: boolean
  /** ms timestamp of the upstream answer this value came from */
  fetchedAt: number
}

interface Entry<T> {
  value: T
  fetchedAt: number
}

export class CircuitBreaker {
  private failures = 0
  private openedAt = 0
  private trialInFlight = false
  state: BreakerState = 'closed'

  constructor(
    private readonly threshold: number,
    private readonly openMs: number,
    private readonly now: () => number,
  ) {}

  /** true when a call may go out now (claims the single half-open trial) */
  allow(): boolean {
    if (this.state === 'closed') return true
    if (this.state === 'open' && this.now() - this.openedAt >= this.openMs) this.state = 'half-open'
    if (this.state === 'half-open' && !this.trialInFlight) {
      this.trialInFlight = true
      return true
    }
    return false
  }

  success(): void {
    this.failures = 0
    this.trialInFlight = false
    this.state = 'closed'
  }

  failure(): void {
    this.trialInFlight = false
    this.failures++
    if (this.state === 'half-open' || this.failures >= this.threshold) {
      this.state = 'open'
      this.openedAt = this.now()
    }
  }
}

export class GuardedUpstream<T> {
  readonly breaker: CircuitBreaker
  private readonly cache = new Map<string, Entry<T>>()
  private readonly inFlight = new Map<string, Promise<Guarded<T>>>()
  private readonly now: () => number

  constructor(
    readonly name: string,
    private readonly opts: UpstreamOptions,
  ) {
    this.now = opts.now ?? Date.now
    this.breaker = new CircuitBreaker(opts.failureThreshold, opts.openMs, this.now)
  }

  /** The value for `key`: fresh from cache, fetched, or the last good one marked stale. */
  get(key: string, fetcher: (signal: AbortSignal) => Promise<T>): Promise<Guarded<T>> {
    const hit = this.cache.get(key)
    if (hit && this.now() - hit.fetchedAt < this.opts.ttlMs)
      return Promise.resolve({ ...hit, stale: false })
    const pending = this.inFlight.get(key)
    if (pending) return pending
    const p = this.refresh(key, fetcher).finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, p)
    return p
  }

  private async refresh(
    key: string,
    fetcher: (signal: AbortSignal) => Promise<T>,
  ): Promise<Guarded<T>> {
    if (!this.breaker.allow()) return this.fallback(key, 'circuit open')
    try {
      const value = await withTimeout(fetcher, this.opts.timeoutMs)
      this.breaker.success()
      const entry = { value, fetchedAt: this.now() }
      this.cache.set(key, entry)
      return { ...entry, stale: false }
    } catch (err) {
      this.breaker.failure()
      return this.fallback(key, err instanceof Error ? err.message : String(err))
    }
  }

  private fallback(key: string, reason: string): Guarded<T> {
    const last = this.cache.get(key)
    if (last) return { ...last, stale: true }
    throw new UpstreamUnavailableError(this.name, reason)
  }
}

/** Runs fetcher with an abort signal and rejects after `ms` even if the fetcher ignores the signal. */
async function withTimeout<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  ms: number,
): Promise<T> {
  const ctrl = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctrl.abort()
      reject(new Error(`timed out after ${ms} ms`))
    }, ms)
  })
  try {
    return await Promise.race([fetcher(ctrl.signal), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Resolves with `work()` if it settles within `ms`, else rejects with `onTimeout()` (the work goes
 * on in the background, so it must not have side effects the caller undoes). For requests that
 * chain several guarded upstream calls and must still answer within a fixed budget.
 */
export async function withDeadline<T>(
  ms: number,
  work: () => Promise<T>,
  onTimeout: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  try {
    return await Promise.race([work(), expired])
  } finally {
    clearTimeout(timer)
  }
}
