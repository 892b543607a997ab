import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { BalanceService, thresholdsFromConfig } from '../chat/balance.service'
import { HttpError, apiErrorHandler } from '../http/http-error'
import { MemoryRateLimiter, type RateLimiter, type RateRule } from '../rate-limit/rate-limiter'
import { RedisRateLimiter } from '../rate-limit/redis-rate-limiter'
import { authRoutes } from '../routes/auth.routes'
import { chatRoutes } from '../routes/chat.routes'
import { shopRoutes } from '../routes/shop.routes'
import { whitelistRoutes } from '../routes/whitelist.routes'
import { dbPlugin } from './db.plugin'
import { sessionPlugin } from './session.plugin'

/** Shared services for the wallet API: balances (≤30 s cache), rate limits, staff check. */
const servicesPlugin = fp(
  async (app, opts: { rateLimiter?: RateLimiter }) => {
    // With REDIS_URL the buckets live in Redis, so limits hold across instances (issue 8).
    const redisUrl = app.config.REDIS_URL
    const redisLimiter =
      !opts.rateLimiter && redisUrl
        ? new RedisRateLimiter(redisUrl, app.config.REDIS_PREFIX, (err) =>
            app.log.warn({ err }, 'rate limits: Redis unreachable, limiting per instance'),
          )
        : undefined
    if (redisLimiter) app.addHook('onClose', () => redisLimiter.close())
    const limiter = opts.rateLimiter ?? redisLimiter ?? new MemoryRateLimiter()
    const staff = new Set(app.config.STAFF_WALLETS)
    app.decorate(
      'balances',
      new BalanceService(
        app.chain,
        app.config.TOKEN_MINT,
        thresholdsFromConfig(app.config.TIER_THRESHOLDS),
      ),
    )
    app.decorate('isStaff', (wallet: string) => staff.has(wallet))
    app.decorate('limit', async (key: string, rule: RateRule) => {
      const d = await limiter.consume(key, rule)
      if (!d.allowed) {
        throw new HttpError(429, `Too many requests: try again in ${d.retryAfterS} seconds`, {
          retryAfter: d.retryAfterS,
        })
      }
    })
  },
  { name: 'services', dependencies: ['chain'] },
)

/**
 * Storage, sessions, and the wallet API (sign-in, whitelist, chat, shop) in one encapsulated
 * scope whose error handler answers JSON 4xx for bad input and 502/503 for upstream chain failures.
 */
export async function walletApiPlugin(
  app: FastifyInstance,
  opts: { rateLimiter?: RateLimiter } = {},
) {
  await app.register(dbPlugin)
  await app.register(sessionPlugin)
  await app.register(servicesPlugin, opts)
  app.setErrorHandler(apiErrorHandler)
  // Defence in depth beside SameSite=Lax: a browser's cross-site write carries a foreign Origin.
  app.addHook('onRequest', async (req) => {
    const origin = req.headers.origin
    if (req.method === 'GET' || req.method === 'HEAD' || origin === undefined) return
    const expected = app.config.PUBLIC_ORIGIN
      ? new URL(app.config.PUBLIC_ORIGIN).host
      : req.headers.host
    let same = false
    try {
      const url = new URL(origin)
      // URL drops a default port on one side only; normalise both through the same scheme.
      same = url.host === new URL(`${url.protocol}//${expected ?? ''}`).host
    } catch {
      // 'null' or garbage: refused below
    }
    if (!same) throw new HttpError(403, 'Cross-site request refused')
  })
  await app.register(authRoutes)
  await app.register(whitelistRoutes)
  await app.register(chatRoutes)
  await app.register(shopRoutes)
}

declare module 'fastify' {
  interface FastifyInstance {
    balances: BalanceService
    isStaff(wallet: string): boolean
    /** 429 with Retry-After once `key` has used its burst. */
    limit(key: string, rule: RateRule): Promise<void>
  }
}
