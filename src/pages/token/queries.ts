/** React-query keys and fetchers of the Token Info screen (SPEC §7.2, §7.4), typed by the contracts. */
import type { QueryFunctionContext } from '@tanstack/react-query'
import { getQueryFn } from '../../api/queryClient'
import {
  MarketTokenResponseSchema,
  TreasurySchema,
  type MarketTokenResponse,
  type Treasury,
} from '../../contracts/market'

/** Query keys name the URL (src/api convention: the default query GETs the key's URL). */
export const tokenKeys = {
  market: ['/api/market/token'] as const,
  treasury: ['/api/treasury'] as const,
}

const getJson = getQueryFn<unknown>({ on401: 'throw' })

/** GET /api/market/token, validated; a non-OK answer throws the §8 default fetch error. */
export async function fetchMarketToken(ctx: QueryFunctionContext): Promise<MarketTokenResponse> {
  return MarketTokenResponseSchema.parse(await getJson(ctx))
}

/** GET /api/treasury, validated. */
export async function fetchTreasury(ctx: QueryFunctionContext): Promise<Treasury> {
  return TreasurySchema.parse(await getJson(ctx))
}

export const marketTokenQuery = { queryKey: tokenKeys.market, queryFn: fetchMarketToken }
export const treasuryQuery = { queryKey: tokenKeys.treasury, queryFn: fetchTreasury }
