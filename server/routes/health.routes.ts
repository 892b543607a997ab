import type { FastifyInstance } from 'fastify'
import { APP_VERSION } from '../../src/contracts/constants'

const startedAt = Date.now()

/** This instance's part in the live feed: alone, or leader/follower of a Redis scale-out. */
function feedRole(app: FastifyInstance): 'standalone' | 'leader' | 'follower' | undefined {
  // `feed` is decorated later (feed.routes); read at request time.
  if (!app.hasDecorator('feed')) return undefined
  const scale = app.feed.scale
  if (!scale) return 'standalone'
  return scale.isLeader ? 'leader' : 'follower'
}

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => ({
    status: 'ok',
    version: APP_VERSION,
    uptimeS: Math.round((Date.now() - startedAt) / 1000),
    feed: feedRole(app),
  }))
}
