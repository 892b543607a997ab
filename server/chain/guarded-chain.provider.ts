import type { CircuitBreakerPolicy, IPolicy } from 'cockatiel'
import { BrokenCircuitError, TaskCancelledError } from 'cockatiel'
import { upstreamPolicy, type GuardOptions } from '../lib/upstream'
import { ChainError } from './chain.errors'
import type { ChainProvider } from './chain.provider'

/**
 * timeoutMs: hard limit for one call, whatever the inner client does (RELIABILITY.md §5: 503 within
 * 5 s)
 */
const DEFAULT_CHAIN_GUARD: GuardOptions = {
  timeoutMs: 4_000,
  failureThreshold: 5,
  openMs: 15_000,
}

/**
 * The upstream policy (lib/upstream: timeout, one quick retry, circuit breaker) around the real
 * Solana RPC client, so balance checks, the whitelist and the treasury fail fast with 503 while the
 * RPC is down instead of each waiting out a timeout, and try again (one trial call) after `openMs`.
 * The breaker state is per instance.
 */
export class GuardedChainProvider implements ChainProvider {
  readonly kind: ChainProvider['kind']
  readonly breaker: CircuitBreakerPolicy
  private readonly policy: IPolicy

  constructor(
    private readonly inner: ChainProvider,
    opts: GuardOptions = DEFAULT_CHAIN_GUARD,
  ) {
    this.kind = inner.kind
    ;({ policy: this.policy, breaker: this.breaker } = upstreamPolicy(opts))
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
    try {
      return await this.policy.execute(() => call())
    } catch (err) {
      if (err instanceof BrokenCircuitError) {
        throw new ChainError(503, 'Solana RPC unavailable (circuit open): try again shortly')
      }
      if (err instanceof TaskCancelledError) throw new ChainError(503, 'Solana RPC timed out')
      if (err instanceof ChainError) throw err
      throw new ChainError(502, 'Solana RPC failed', { cause: err })
    }
  }
}
