/**
 * Guards for calls to external services (market data, Solana RPC), built on cockatiel (a maintained
 * resilience library): a hard timeout per attempt, a consecutive-failure circuit breaker that
 * half-opens after `openMs`, one quick retry of an attempt that failed fast, and an overall
 * deadline of `timeoutMs` around all of it — a request never waits longer: it never hangs
 * (ARCHITECTURE.md "Features", MCP and market; RELIABILITY.md §5).
 *
 * GuardedUpstream adds what cockatiel does not do: a per-key TTL cache, request coalescing, and the
 * last good value served marked stale when the upstream fails (UpstreamUnavailableError → 503 when
 * there is none).
 */
import {
  BrokenCircuitError,
  circuitBreaker,
  ConsecutiveBreaker,
  ConstantBackoff,
  handleAll,
  handleWhen,
  retry,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  wrap,
  type CircuitBreakerPolicy,
  type IPolicy,
} from 'cockatiel'

export class UpstreamUnavailableError extends Error {
  constructor(
    readonly upstream: string,
    readonly reason: string,
  ) {
    super(`${upstream} unavailable: ${reason}`)
    this.name = 'UpstreamUnavailableError'
  }
}

export interface GuardOptions {
  /** hard limit for one call, the retry included */
  timeoutMs: number
  /** consecutive failures that open the breaker */
  failureThreshold: number
  /** how long an open breaker fails fast before one trial call (half-open) */
  openMs: number
}

/** A failed attempt is tried once more after this, if the deadline still allows. */
const RETRY_DELAY_MS = 100

export interface UpstreamPolicy {
  policy: IPolicy
  breaker: CircuitBreakerPolicy
}

/** deadline ⊃ one retry ⊃ breaker ⊃ per-attempt timeout. */
export function upstreamPolicy(o: GuardOptions): UpstreamPolicy {
  const breaker = circuitBreaker(handleAll, {
    halfOpenAfter: o.openMs,
    breaker: new ConsecutiveBreaker(o.failureThreshold),
  })
  // Neither an open circuit nor a timed-out attempt is worth a second try.
  const again = retry(
    handleWhen((e) => !(e instanceof BrokenCircuitError) && !(e instanceof TaskCancelledError)),
    { maxAttempts: 1, backoff: new ConstantBackoff(RETRY_DELAY_MS) },
  )
  const attempt = timeout(o.timeoutMs, TimeoutStrategy.Aggressive)
  const deadline = timeout(o.timeoutMs, TimeoutStrategy.Aggressive)
  return { policy: wrap(deadline, again, breaker, attempt), breaker }
}

/** Why a guarded call failed, in a few words. */
function failureReason(err: unknown, timeoutMs: number): string {
  if (err instanceof BrokenCircuitError) return 'circuit open'
  if (err instanceof TaskCancelledError) return `timed out after ${timeoutMs} ms`
  return err instanceof Error ? err.message : String(err)
}

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

export class GuardedUpstream<T> {
  readonly breaker: CircuitBreakerPolicy
  private readonly policy: IPolicy
  private readonly cache = new Map<string, Entry<T>>()
  private readonly inFlight = new Map<string, Promise<Guarded<T>>>()

  constructor(
    readonly name: string,
    private readonly opts: GuardOptions & { ttlMs: number },
  ) {
    ;({ policy: this.policy, breaker: this.breaker } = upstreamPolicy(opts))
  }

  /** The value for `key`: fresh from cache, fetched, or the last good one marked stale. */
  get(key: string, fetcher: (signal: AbortSignal) => Promise<T>): Promise<Guarded<T>> {
    const hit = this.cache.get(key)
    if (hit && Date.now() - hit.fetchedAt < this.opts.ttlMs)
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
    try {
      const value = await this.policy.execute(({ signal }) => fetcher(signal))
      const entry = { value, fetchedAt: Date.now() }
      this.cache.set(key, entry)
      return { ...entry, stale: false }
    } catch (err) {
      const last = this.cache.get(key)
      if (last) return { ...last, stale: true }
      throw new UpstreamUnavailableError(this.name, failureReason(err, this.opts.timeoutMs))
    }
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
  try {
    return await timeout(ms, TimeoutStrategy.Aggressive).execute(() => work())
  } catch (err) {
    if (err instanceof TaskCancelledError) throw onTimeout()
    throw err
  }
}
