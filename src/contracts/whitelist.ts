import { z } from 'zod'
import { WalletAddressSchema } from './walletAddress'

/** Server and client share the 30 s per-wallet cooldown (PRODUCT.md §9). */
export const WHITELIST_COOLDOWN_MS = 30_000

/** POST /api/whitelist/check body. 429 {error: 'Please wait N seconds before checking again', retryAfter}. */
export const WhitelistCheckBodySchema = z.strictObject({ walletAddress: WalletAddressSchema })

const WhitelistPaginationSchema = z.object({
  assetsChecked: z.number().int(),
  totalAssets: z.number().int(),
  pagesChecked: z.number().int(),
  maxPages: z.number().int(),
})

/** PRODUCT.md §3 Whitelist check result. */
export const WhitelistResultSchema = z.object({
  eligible: z.boolean(),
  tokenScore: z.number(),
  otherScore: z.number(),
  totalScore: z.number(),
  minScoreRequired: z.number(),
  warning: z.string().optional(),
  pagination: WhitelistPaginationSchema.optional(),
})
export type WhitelistResult = z.infer<typeof WhitelistResultSchema>

/** The PRODUCT.md §4/§5 cooldown text. */
export function cooldownMessage(secondsLeft: number): string {
  return `Please wait ${secondsLeft} seconds before checking again`
}
