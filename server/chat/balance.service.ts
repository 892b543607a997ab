import {
  accessLevelsFor,
  TIERS,
  type Tier,
  type VerifyBalanceResponse,
} from '../../src/contracts/chat'
import type { ChainProvider } from '../chain/chain.provider'

/**
 * ARCHITECTURE.md "Plugins and route contracts": the server answers balances from a cache at most
 * this old.
 */
const BALANCE_CACHE_MS = 30_000

/** vPOS balances with a ≤30 s per-wallet cache; one chain read in flight per wallet. */
export class BalanceService {
  private readonly cache = new Map<string, { at: number; value: Promise<number> }>()

  constructor(
    private readonly chain: ChainProvider,
    private readonly mint: string,
    readonly thresholds: Record<Tier, number>,
    private readonly now: () => number = Date.now,
    private readonly cacheMs = BALANCE_CACHE_MS,
  ) {}

  async verify(wallet: string): Promise<VerifyBalanceResponse> {
    const { balance, at } = await this.balance(wallet)
    return {
      balance,
      accessLevels: accessLevelsFor(balance, this.thresholds),
      checkedAt: new Date(at).toISOString(),
    }
  }

  /** The wallet's balance, read from the chain unless the cached one is younger than `maxAgeMs`. */
  async balance(wallet: string, maxAgeMs = this.cacheMs): Promise<{ balance: number; at: number }> {
    const now = this.now()
    let entry = this.cache.get(wallet)
    if (!entry || now - entry.at >= Math.min(maxAgeMs, this.cacheMs)) {
      const value = this.chain.getTokenBalance(wallet, this.mint)
      entry = { at: now, value }
      this.cache.set(wallet, entry)
      // A failed read must not be cached.
      value.catch(() => {
        if (this.cache.get(wallet) === entry) this.cache.delete(wallet)
      })
      if (this.cache.size > 20_000) this.cache.delete(this.cache.keys().next().value ?? '')
    }
    return { balance: await entry.value, at: entry.at }
  }

  async hasTier(wallet: string, tier: Tier, maxAgeMs?: number): Promise<boolean> {
    const { balance } = await this.balance(wallet, maxAgeMs)
    return balance >= this.thresholds[tier]
  }
}

export function thresholdsFromConfig(
  values: readonly [number, number, number, number],
): Record<Tier, number> {
  return Object.fromEntries(TIERS.map((t, i) => [t, values[i] ?? 0])) as Record<Tier, number>
}
