import { CircuitBreaker } from '../lib/upstream'
import { ChainError } from './chain.errors'
import type { ChainProvider } from './chain.provider'

export interface ChainGuardOptions {
  /** hard limit for one call, whatever the inner client does (issue 8: a clear 503 within 5 s) */
  timeoutMs: number
  /** consecutive failures that open the breaker */
  failureThreshold: number
  /** how long the open breaker fails fast before one trial call (half-open) */
  openMs: number
  now?: () => number
}

export const DEFAULT_CHAIN_GUARD: ChainGuardOptions = {
  timeoutMs: 4_000,
  failureThreshold: 5,
  openMs: 15_000,
}

/**
 * A circuit breaker and a hard timeout around the real Solana RPC client, so balance checks, the
 * whitelist and the treasury fail fast with 503 while the RPC is down instead of each waiting out a
 * timeout, and try again (one trial call) after `openMs`. Only upstream failures (ChainError)
 * count; the breaker state is per instance.
 */
export class GuardedChainProvider implements ChainProvider {
  readonly kind: ChainProvider['kind']
  readonly breaker: CircuitBreaker

  constructor(
    private readonly inner: ChainProvider,
    private readonly opts: ChainGuardOptions = DEFAULT_CHAIN_GUARD,
  ) {
    this.kind = inner.kind
    this.breaker = new CircuitBreaker(opts.failureThreshold, opts.openMs, opts.now ?? Date.now)
  }

  getTokenBalance(owner: string, mint: string) {
    return this.guard(() => this.inner.getTokenBalance(owner, mint))
  }

  getAssetsByOwner(owner: string, page: number, limit: number) {
    return this.guard(() => this.inner.getAssetsByOwner(owner, page, limit))
  }

  getRecentTransactions(address: string, limit: number) {
    return this.guard(() => this.inner.getRecentTransactions(address, limit))
  }

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    if (!this.breaker.allow()) {
      throw new ChainError(503, 'Solana RPC unavailable (circuit open): try again shortly')
    }
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ChainError(503, 'Solana RPC timed out')),
        this.opts.timeoutMs,
      )
    })
    try {
      const value = await Promise.race([call(), timeout])
      this.breaker.success()
      return value
    } catch (err) {
      this.breaker.failure()
      if (err instanceof ChainError) throw err
      throw new ChainError(502, 'Solana RPC failed', { cause: err })
    } finally {
      clearTimeout(timer)
    }
  }
}
