import type { FastifyInstance } from 'fastify'
import { APP_VERSION } from '../../src/contracts/constants'
import type { FeedRole } from '../feed/redis-scale'
import { apiPaths } from '../../src/contracts/apiPaths'

const startedAt = Date.now()

/**
 * This instance's part in the live feed: alone (no REDIS_URL), or leader / follower / isolated
 * (Redis unreachable: running its own sim) in a Redis scale-out.
 */
function feedRole(app: FastifyInstance): 'standalone' | FeedRole | undefined {
  // `feed` is decorated later (feed.routes); read at request time.
  if (!app.hasDecorator('feed')) return undefined
  return app.feed.scale?.currentRole ?? 'standalone'
}

export async function healthRoutes(app: FastifyInstance) {
  // 503 with the failing dependency named while one is down, so a load balancer takes us out.
  app.get(apiPaths.health.pattern, async (_req, reply) => {
    const checks = app.hasDecorator('healthChecks') ? await app.healthChecks.report() : {}
    const ok = Object.values(checks).every((s) => s === 'ok')
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      version: APP_VERSION,
      uptimeS: Math.round((Date.now() - startedAt) / 1000),
      feed: feedRole(app),
      // the live feed's leader term this instance leads or last saw (RELIABILITY.md §6a), with
      // REDIS_URL
      ...(app.hasDecorator('feed') && app.feed.scale
        ? { feedTerm: app.feed.scale.currentTerm }
        : {}),
      ...checks,
    })
  })
}
