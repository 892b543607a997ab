import { createHash } from 'node:crypto'
import { base58Encode } from '../../src/contracts/address'
import { DEMO_HASH_PREFIX, demoBalanceFromDigest } from '../../src/contracts/demoChain'
import type { ChainAsset, ChainProvider, ChainTransaction } from './chain.provider'

/**
 * The embedded chain used when SOLANA_RPC_URL is unset: every figure is derived from a SHA-256 of
 * the wallet address, so one address always gives the same balance and assets, and some address
 * reaches every tier and both whitelist outcomes.
 *
 *   balance: src/contracts/demoChain.ts (shared with the browser's demo wallet).
 *   asset count = h[3] % 4:  0 → 0–3 · 1 → 4–15 · 2 → 16–99 · 3 → 600–1099 (more than the whitelist's
 *   5 pages of 100, so its pagination warning shows).
 *
 * To get a rich or a poor demo wallet, generate keypairs until `demoBalanceOf(address)` lands in
 * the wanted bucket (tests/helpers/wallet.ts `createTestWallet({ tier })` does exactly that; the
 * browser's demo wallet re-rolls until it reaches bronze). Buckets follow the default tier thresholds.
 */
const SLOT_MS = 400
const SLOT_EPOCH_MS = Date.UTC(2020, 2, 16) // Solana mainnet-beta genesis, roughly
const SLOTS_BETWEEN_TXS = 150

function hash(text: string): Buffer {
  return createHash('sha256').update(`${DEMO_HASH_PREFIX}${text}`).digest()
}

/** The demo vPOS balance of an address (the configured token mint). */
export function demoBalanceOf(address: string): number {
  return demoBalanceFromDigest(hash(address))
}

/** How many assets the demo DAS reports for an address. */
export function demoAssetCount(address: string): number {
  const h = hash(address)
  const spread = (h[4] ?? 0) / 256
  switch ((h[3] ?? 0) % 4) {
    case 0:
      return Math.floor(spread * 4)
    case 1:
      return 4 + Math.floor(spread * 12)
    case 2:
      return 16 + Math.floor(spread * 84)
    default:
      return 600 + Math.floor(spread * 500)
  }
}

export class DemoChainProvider implements ChainProvider {
  readonly kind = 'demo' as const
  constructor(
    private readonly tokenMint: string,
    private readonly now: () => number = Date.now,
  ) {}

  async getTokenBalance(owner: string, mint: string): Promise<number> {
    if (mint === this.tokenMint) return demoBalanceOf(owner)
    const h = hash(`${owner}:${mint}`)
    return ((h[0] ?? 0) * 256 + (h[1] ?? 0)) / 100
  }

  async getAssetsByOwner(owner: string, page: number, limit: number) {
    const total = demoAssetCount(owner)
    const items: ChainAsset[] = []
    const start = (page - 1) * limit
    for (let i = start; i < Math.min(total, start + limit); i++) items.push(this.asset(owner, i))
    return { total, items }
  }

  async getRecentTransactions(address: string, limit: number): Promise<ChainTransaction[]> {
    const slotNow = Math.floor((this.now() - SLOT_EPOCH_MS) / SLOT_MS)
    const newest = slotNow - (slotNow % SLOTS_BETWEEN_TXS)
    const out: ChainTransaction[] = []
    for (let i = 0; i < limit; i++) {
      const slot = newest - i * SLOTS_BETWEEN_TXS
      const sig = Buffer.concat([hash(`${address}:tx:${slot}`), hash(`${address}:tx2:${slot}`)])
      out.push({
        signature: base58Encode(sig),
        slot,
        blockTime: Math.floor((SLOT_EPOCH_MS + slot * SLOT_MS) / 1000),
      })
    }
    return out
  }

  private asset(owner: string, index: number): ChainAsset {
    // The wallet's vPOS holding is its first fungible asset, as a real DAS listing would show it.
    const balance = demoBalanceOf(owner)
    if (index === 0 && balance > 0) {
      return { id: this.tokenMint, interface: 'FungibleToken', balance }
    }
    const h = hash(`${owner}:asset:${index}`)
    const id = base58Encode(h)
    const roll = (h[0] ?? 0) % 10
    if (roll < 6)
      return { id, interface: 'FungibleToken', balance: ((h[1] ?? 0) * 256 + (h[2] ?? 0)) / 10 }
    return { id, interface: roll < 9 ? 'V1_NFT' : 'ProgrammableNFT' }
  }
}
