/**
 * React-query keys and fetchers of the Token Info screen (PRODUCT.md §7.2, §7.4), typed by the
 * contracts.
 */
import type { QueryFunctionContext } from '@tanstack/react-query'
import { getQueryFn } from '../../api/queryClient'
import { apiPaths } from '../../contracts/apiPaths'
import type { MarketTokenResponse, Treasury } from '../../contracts/market'

/** Query keys name the URL (src/api convention: the default query GETs the key's URL). */
export const tokenKeys = {
  market: [apiPaths.market.token.url()] as const,
  treasury: [apiPaths.market.treasury.url()] as const,
}

const getJson = getQueryFn()

/**
 * The response schemas load beside the request, not before the page: they bring zod, which the
 * Token and Terminal screens' first paint does without (docs/PERFORMANCE.md, first-paint JS).
 */
const schemas = () => import('../../contracts/market')

/**
 * GET /api/market/token, validated; a non-OK answer throws the PRODUCT.md §8 default fetch error.
 */
async function fetchMarketToken(ctx: QueryFunctionContext): Promise<MarketTokenResponse> {
  const [body, { MarketTokenResponseSchema }] = await Promise.all([getJson(ctx), schemas()])
  return MarketTokenResponseSchema.parse(body)
}

/** GET /api/treasury, validated. */
async function fetchTreasury(ctx: QueryFunctionContext): Promise<Treasury> {
  const [body, { TreasurySchema }] = await Promise.all([getJson(ctx), schemas()])
  return TreasurySchema.parse(body)
}

export const marketTokenQuery = { queryKey: tokenKeys.market, queryFn: fetchMarketToken }
export const treasuryQuery = { queryKey: tokenKeys.treasury, queryFn: fetchTreasury }
