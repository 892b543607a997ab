import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { BalanceService, thresholdsFromConfig } from '../chat/balance.service'
import { createLocalChatBus, createRedisChatBus, type ChatBus } from '../chat/chat.bus'
import type { ChatOptions } from '../chat/chat.options'
import { routeGuards } from '../http/route-contract.plugin'
import { MemoryRateLimiter, type RateLimiter } from '../rate-limit/rate-limiter'
import { RedisRateLimiter } from '../rate-limit/redis-rate-limiter'
import { authRoutes } from '../auth/auth.routes'
import { deviceSignInRoutes } from '../auth/device-sign-in.routes'
import { chatRoutes } from '../chat/chat.routes'
import { shopRoutes } from '../shop/shop.routes'
import { whitelistRoutes } from '../whitelist/whitelist.routes'
import { historyRoutes, type HistoryRoutesOptions } from '../history/history.routes'
import { dbPlugin } from './db.plugin'
import { sessionPlugin } from './session.plugin'

interface WalletApiOptions {
  rateLimiter?: RateLimiter
  chat?: ChatOptions
  history?: HistoryRoutesOptions
}

/** Shared services for the wallet API: balances (≤30 s cache), rate limits, staff check, chat bus. */
const servicesPlugin = fp(
  async (app, opts: WalletApiOptions) => {
    // With REDIS_URL the buckets live in Redis, so limits hold across instances
    // (RELIABILITY.md §6).
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
        Date.now,
        opts.chat?.balanceCacheMs,
      ),
    )
    app.decorate('isStaff', (wallet: string) => staff.has(wallet))
    app.decorate('rateLimiter', limiter)
    // With REDIS_URL chat pushes reach the readers on every instance (pub/sub).
    const created = redisUrl
      ? createRedisChatBus(redisUrl, app.config.REDIS_PREFIX)
      : createLocalChatBus()
    const bus = opts.chat?.wrapBus?.(created) ?? created
    app.addHook('onClose', () => bus.close())
    app.decorate('chatBus', bus)
  },
  { name: 'services', dependencies: ['chain'] },
)

/**
 * Storage, sessions, and the wallet API (sign-in, whitelist, chat, shop) in one encapsulated scope
 * whose routes declare their session and rate limit in their options (http/route-contract.plugin).
 */
export async function walletApiPlugin(app: FastifyInstance, opts: WalletApiOptions = {}) {
  await app.register(dbPlugin)
  await app.register(sessionPlugin)
  await app.register(servicesPlugin, opts)
  // Routes below declare `config.session` / `config.rateLimit`; this turns them into hooks. The
  // Origin of writes is checked once, for the whole app, by the security plugin.
  routeGuards(app, () => app.rateLimiter)
  await app.register(authRoutes)
  await app.register(deviceSignInRoutes)
  await app.register(whitelistRoutes)
  await app.register(chatRoutes, opts.chat ?? {})
  await app.register(shopRoutes)
  await app.register(historyRoutes, opts.history ?? {})
}

declare module 'fastify' {
  interface FastifyInstance {
    balances: BalanceService
    isStaff(wallet: string): boolean
    rateLimiter: RateLimiter
    chatBus: ChatBus
  }
}
