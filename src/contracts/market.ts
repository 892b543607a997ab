import * as z from 'zod/mini'

/**
 * GET /api/market/token: the first pair of the market-data provider's response (PRODUCT.md §3 Token
 * pair).
 */
export const TokenPairSchema = z.object({
  priceUsd: z.string(),
  priceChange: z.object({ h24: z.number() }),
  marketCap: z.number(),
  fdv: z.number(),
  volume: z.object({ h24: z.number() }),
  txns: z.object({ h24: z.object({ buys: z.int(), sells: z.int() }) }),
  liquidity: z.object({ usd: z.number() }),
  baseToken: z.object({ symbol: z.string(), address: z.optional(z.string()) }),
  quoteToken: z.object({ symbol: z.string() }),
  url: z.string(),
})
export type TokenPair = z.infer<typeof TokenPairSchema>

export const MarketTokenResponseSchema = z.object({
  tokenAddress: z.string(),
  pair: z.nullable(TokenPairSchema),
  /** true when the upstream failed and this is the last good value */
  stale: z.boolean(),
  fetchedAt: z.string(),
})
export type MarketTokenResponse = z.infer<typeof MarketTokenResponseSchema>

/** GET /api/treasury: derived treasury wallet data (PRODUCT.md §3, §7.4). */
export const TreasurySchema = z.object({
  address: z.string(),
  balance: z.number(),
  usdValue: z.number(),
  lastUpdated: z.string(),
  transactions: z.array(
    z.object({
      signature: z.string(),
      slot: z.optional(z.int()),
      blockTime: z.optional(z.nullable(z.number())),
    }),
  ),
  stale: z.boolean(),
})
export type Treasury = z.infer<typeof TreasurySchema>
