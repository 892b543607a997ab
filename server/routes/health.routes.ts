import type { FastifyInstance } from 'fastify'
import { APP_VERSION } from '../../src/contracts/constants'
import type { FeedRole } from '../scale/redis-scale'

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
  app.get('/api/health', async () => ({
    status: 'ok',
    version: APP_VERSION,
    uptimeS: Math.round((Date.now() - startedAt) / 1000),
    feed: feedRole(app),
  }))
}
