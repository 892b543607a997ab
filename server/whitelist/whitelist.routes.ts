import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  cooldownMessage,
  WHITELIST_COOLDOWN_MS,
  WhitelistCheckBodySchema,
  WhitelistResultSchema,
} from '../../src/contracts/whitelist'
import { isoAt } from '../db/database'
import { claimCheck, releaseCheck, saveCheckResult } from './whitelist.repository'
import { HttpError } from '../http/http-error'
import { withDeadline } from '../lib/upstream'
import { checkWhitelist } from './whitelist.service'
import { apiPaths } from '../../src/contracts/apiPaths'

const WHITELIST_BUDGET_MS = 4_000
const WHITELIST_SCAN_MS = 2_500

export async function whitelistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const checkRoute = {
    bodyLimit: 4096,
    schema: { body: WhitelistCheckBodySchema, response: { 200: WhitelistResultSchema } },
    // Per client IP too (RELIABILITY.md §9, finding 8b): one visitor cycling wallets cannot drive
    // the RPC scan.
    config: { session: true, rateLimit: { rule: 'whitelistIp' as const, per: 'ip' as const } },
  }
  app.post(apiPaths.whitelist.check.pattern, checkRoute, async (req) => {
    const walletAddress = req.wallet
    // The cooldown is timed by the database, not this instance's clock (RELIABILITY.md §6a).
    const now = await app.dbClock.now()
    const claim = await claimCheck(
      app.db,
      walletAddress,
      isoAt(now),
      isoAt(now - WHITELIST_COOLDOWN_MS),
    )
    if (!claim.ok) {
      const seconds = Math.max(
        1,
        Math.ceil((Date.parse(claim.lastCheckedAt) + WHITELIST_COOLDOWN_MS - now) / 1000),
      )
      throw new HttpError(429, cooldownMessage(seconds), { retryAfter: seconds })
    }
    try {
      // RELIABILITY.md §5: a slow RPC still gets an answer within 5 s: no new asset page after
      // 2.5 s (a partial scan, with its warning), and a clear 503 at 4 s. Only the scan runs inside
      // the budget; the cooldown is stored below, after it.
      const result = await withDeadline(
        WHITELIST_BUDGET_MS,
        async () => {
          const { balance } = await app.balances.balance(walletAddress)
          return checkWhitelist(app.chain, {
            wallet: walletAddress,
            balance,
            tokenMint: app.config.TOKEN_MINT,
            minScore: app.config.MIN_WHITELIST_SCORE,
            maxPages: app.config.WHITELIST_MAX_PAGES,
            deadline: Date.now() + WHITELIST_SCAN_MS, // this instance's own elapsed time
          })
        },
        () => new HttpError(503, 'Solana RPC too slow: try again shortly'),
      )
      await saveCheckResult(app.db, walletAddress, JSON.stringify(result))
      return result
    } catch (err) {
      await releaseCheck(app.db, walletAddress, claim.previous)
      throw err
    }
  })
}
