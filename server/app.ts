import { createServer, type ServerOptions } from 'node:http'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import type { ChatOptions } from './chat/chat.options'
import { MISSING_ORIGIN_MESSAGE, siteOrigins, type AppConfig } from './config'
import {
  guardConnections,
  MAX_PIPELINED_REQUESTS,
  trustedProxies,
  type ConnectionGuardStats,
} from './http/connection-guard'
import { routeContractPlugin } from './http/route-contract.plugin'
import { HealthChecks } from './health/health-checks'
import { chainPlugin } from './plugins/chain.plugin'
import { compressionPlugin } from './plugins/compression.plugin'
import { securityPlugin } from './plugins/security.plugin'
import { staticPlugin } from './plugins/static.plugin'
import { walletApiPlugin } from './plugins/api.plugin'
import type { HistoryRoutesOptions } from './history/history.routes'
import { feedRoutes } from './feed/feed.routes'
import { healthRoutes } from './health/health.routes'
import { marketRoutes } from './market/market.routes'
import { mcpRoutes } from './mcp/mcp.routes'

/**
 * Slow-client bounds (RELIABILITY.md §9, finding 6: 100 clients sending a body byte every 5 s
 * stayed connected for good): the whole request — headers and body — must arrive within
 * `requestMs`, the headers within 5 s; Node checks open requests every second (its default is every
 * 30 s). Once a request is in, a long-lived response (SSE, an upgraded /ws) is not affected.
 */
function serverTimeouts(requestMs: number): ServerOptions {
  return {
    requestTimeout: requestMs,
    headersTimeout: Math.min(5_000, requestMs),
    connectionsCheckingInterval: Math.min(1_000, Math.floor(requestMs / 2)),
  }
}

/**
 * Builds the whole server (plugins, then routes) without listening: tests use inject or port 0.
 * `logStream` replaces stdout for the logger (tests read what a configuration logs); `chat`
 * shortens chat's timers or wraps its bus (tests).
 */
export async function buildApp(
  config: AppConfig,
  {
    logStream,
    chat,
    history,
  }: {
    logStream?: NodeJS.WritableStream
    chat?: ChatOptions
    /** the live history's recorder options (tests: an injected clock, short retention) */
    history?: HistoryRoutesOptions
  } = {},
): Promise<FastifyInstance> {
  const trust = config.TRUST_PROXY
  const connectionStats: ConnectionGuardStats = { pipelineClosed: 0, addressRefused: 0 }
  const connectionLimits = {
    maxPipelined: MAX_PIPELINED_REQUESTS,
    maxPerAddress: config.MAX_SOCKETS_PER_ADDRESS,
    exempt: trustedProxies(trust),
  }
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, ...(logStream ? { stream: logStream } : {}) },
    // Production logs no line per request (Fastify's default is two: 'incoming request' and
    // 'request completed', 5,094 lines in 30 minutes of one visitor's chat polling). Access logs
    // belong to the proxy in front; the app keeps startup, warnings (4xx causes, database
    // unavailable) and errors at the configured level. Development keeps the request lines.
    logController: new LogController({ disableRequestLogging: config.NODE_ENV === 'production' }),
    // A hop count trusts that many proxies next to us, counted from our side (proxy-addr semantics).
    trustProxy: typeof trust === 'number' ? (_addr: string, hop: number) => hop < trust : trust,
    bodyLimit: 64 * 1024,
    serverFactory: (handler) => {
      const server = createServer(serverTimeouts(config.REQUEST_TIMEOUT_MS))
      guardConnections(server, handler, connectionLimits, connectionStats)
      return server
    },
  })
  app.decorate('connectionStats', connectionStats)
  app.decorate('config', config)
  const origins = siteOrigins(config)
  if (origins.length === 0) throw new Error(MISSING_ORIGIN_MESSAGE)
  app.decorate('siteOrigins', origins)
  app.decorate('healthChecks', new HealthChecks())

  await app.register(routeContractPlugin)
  await app.register(securityPlugin)
  await app.register(compressionPlugin)
  await app.register(chainPlugin)
  await app.register(healthRoutes)
  await app.register(walletApiPlugin, { chat, history })
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
    /** the configured origins (config.siteOrigins): sign-in domains and allowed Origins */
    siteOrigins: readonly string[]
    /** sockets closed for pipelining too much, connections refused per address */
    connectionStats: ConnectionGuardStats
    /** dependency probes /api/health reports (the database registers one) */
    healthChecks: HealthChecks
  }
}
