/**
 * GET /api/market/token (PRODUCT.md §7.2) and GET /api/treasury (PRODUCT.md §7.4). Upstreams are
 * guarded: 15 s cache, 4 s timeout, circuit breaker; a failing upstream yields the last value
 * marked stale, or a 503 when there is none — the answer always comes within the timeout.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { MarketTokenResponse, TokenPair, Treasury } from '../../src/contracts/market'
import type { ChainProvider, ChainTransaction } from '../chain/chain.provider'
import {
  MARKET_NOT_OK,
  type MarketProvider,
  createDemoMarketProvider,
  createDexScreenerClient,
} from './market.client'
import { GuardedUpstream, UpstreamUnavailableError } from '../lib/upstream'
import { apiPaths } from '../../src/contracts/apiPaths'

export interface MarketRoutesOptions {
  /** overrides the provider chosen from MARKET_DATA_URL (tests) */
  market?: MarketProvider
  /** overrides app.chain (tests) */
  chain?: ChainProvider
  timeoutMs?: number
  ttlMs?: number
}

const TREASURY_TX_LIMIT = 10

export const marketRoutes: FastifyPluginAsync<MarketRoutesOptions> = async (app, opts) => {
  const { config } = app
  const market =
    opts.market ??
    (config.MARKET_DATA_URL
      ? createDexScreenerClient(config.MARKET_DATA_URL)
      : createDemoMarketProvider())
  const chain = opts.chain ?? app.chain
  const guard = {
    ttlMs: opts.ttlMs ?? 15_000,
    timeoutMs: opts.timeoutMs ?? 4_000,
    failureThreshold: 3,
    openMs: 30_000,
  }
  const marketUp = new GuardedUpstream<TokenPair | null>('market data', guard)
  const chainUp = new GuardedUpstream<{ balance: number; transactions: ChainTransaction[] }>(
    'solana rpc',
    guard,
  )

  const getMarket = async (): Promise<MarketTokenResponse> => {
    const g = await marketUp.get(config.TOKEN_MINT, (signal) =>
      market.getPair(config.TOKEN_MINT, signal),
    )
    return {
      tokenAddress: config.TOKEN_MINT,
      pair: g.value,
      stale: g.stale,
      fetchedAt: new Date(g.fetchedAt).toISOString(),
    }
  }

  app.get(apiPaths.market.token.pattern, async (_req, reply) => {
    try {
      return await getMarket()
    } catch (err) {
      if (err instanceof UpstreamUnavailableError) {
        return reply.code(503).send({ error: MARKET_NOT_OK, detail: err.reason })
      }
      throw err
    }
  })

  app.get(apiPaths.market.treasury.pattern, async (_req, reply): Promise<Treasury | undefined> => {
    const wallet = config.TREASURY_WALLET
    // The price is best effort and asked in parallel: chain then market one after the other
    // could take two timeouts (8 s), past the 5 s promise. Without a price the value is 0, stale.
    const marketAnswer = getMarket().catch(() => null)
    let chainData
    try {
      chainData = await chainUp.get(wallet, async () => {
        const [balance, transactions] = await Promise.all([
          chain.getTokenBalance(wallet, config.TOKEN_MINT),
          chain.getRecentTransactions(wallet, TREASURY_TX_LIMIT),
        ])
        return { balance, transactions }
      })
    } catch (err) {
      if (err instanceof UpstreamUnavailableError) {
        return reply.code(503).send({ error: 'Treasury data unavailable', detail: err.reason })
      }
      throw err
    }
    const m = await marketAnswer
    const priceUsd = Number(m?.pair?.priceUsd ?? 0) || 0
    const priceStale = m?.stale ?? true
    const { balance, transactions } = chainData.value
    return {
      address: wallet,
      balance,
      usdValue: Math.round(balance * priceUsd * 100) / 100,
      lastUpdated: new Date(chainData.fetchedAt).toISOString(),
      transactions: transactions.map((t) => ({
        signature: t.signature,
        slot: t.slot,
        blockTime: t.blockTime,
      })),
      stale: chainData.stale || priceStale,
    }
  })
}
