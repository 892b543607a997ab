import Fastify, { type FastifyInstance } from 'fastify'
import type { AppConfig } from './config'
import { chainPlugin } from './plugins/chain.plugin'
import { securityPlugin } from './plugins/security.plugin'
import { staticPlugin } from './plugins/static.plugin'
import { walletApiPlugin } from './plugins/api.plugin'
import { feedRoutes } from './routes/feed.routes'
import { healthRoutes } from './routes/health.routes'
import { marketRoutes } from './routes/market.routes'
import { mcpRoutes } from './routes/mcp.routes'

/** Builds the whole server (plugins, then routes) without listening: tests use inject or port 0. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
  })
  app.decorate('config', config)

  await app.register(securityPlugin)
  await app.register(chainPlugin)
  await app.register(healthRoutes)
  await app.register(walletApiPlugin)
  await app.register(marketRoutes)
  await app.register(mcpRoutes)
  await app.register(feedRoutes)
  // API 404s stay JSON; everything else is the SPA's business.
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ error: `Not found: ${req.method} ${req.url}` }),
  )
  await app.register(staticPlugin, { clientDir: config.CLIENT_DIR })
  return app
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
  }
}
