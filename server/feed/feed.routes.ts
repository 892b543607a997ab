/**
 * /ws — the live feed (PRODUCT.md §7.1; ARCHITECTURE.md §7) on the app's own port. The server's
 * authoritative sim (FeedEngine) produces frames; this instance's FeedRelay sends them to its
 * sockets. With REDIS_URL the engine only runs on the elected leader and frames travel through
 * Redis (redis-scale.ts).
 *
 * Per socket: type 0 on connect, then 1 (or negotiated 8: `/ws?positions=f32`) at 10 Hz, 2–5 as they
 * happen, 7 for each ping byte 6; with `?terms=1` also type 9 `{term}` before the first frame of each
 * leader term (feed-relay.ts TERM_MARKER; tests and diagnostics). Anything else a client sends closes only that socket with 1008;
 * a message over maxPayload closes it with 1009 'message too big' (ws does that; socketErrorHandler
 * lets the close frame go out before the socket is ended). Cross-site pages are refused at the
 * handshake by the Origin check.
 */
import websocket, { type WebsocketPluginOptions } from '@fastify/websocket'
import type { FastifyPluginAsync } from 'fastify'
import { MSG, asBytes } from '../../src/feed/protocol'
import { FeedEngine, type FeedEngineOptions, type FeedSimSource } from './feed-engine'
import { DEFAULT_LIMITS, FeedRelay, type RelayLimits } from './feed-relay'
import { RedisScale } from './redis-scale'
import { createSimSource } from './sim-source'
import type { HistoryRecorder } from '../history/history-recorder'
import {
  ReasonedWebSocket,
  guardControlFrames,
  refuseControlFlood,
  sendBounded,
  socketErrorHandler,
} from '../lib/socket-send'
import { apiPaths } from '../../src/contracts/apiPaths'

export interface FeedRoutesOptions {
  /** builds the server's swarm; default: src/sim with `agents` agents */
  createSource?: () => FeedSimSource
  agents?: number
  seed?: number
  engine?: FeedEngineOptions
  limits?: RelayLimits
  heartbeatMs?: number
  /** Redis key/channel namespace (tests) */
  redisPrefix?: string
  redisTtlMs?: number
}

/** The WebSocket class option of ws's server, as @fastify/websocket types it. */
type WsClass = NonNullable<WebsocketPluginOptions['options']>['WebSocket']

/** Clients only ever send the 1-byte ping; anything bigger is refused by ws with 1009. */
const FEED_MAX_PAYLOAD = 64
const PONG = Uint8Array.of(MSG.pong)

export const feedRoutes: FastifyPluginAsync<FeedRoutesOptions> = async (app, opts) => {
  const source =
    opts.createSource?.() ?? createSimSource({ agents: opts.agents ?? 146, seed: opts.seed ?? 146 })
  const relay = new FeedRelay(opts.limits ?? DEFAULT_LIMITS)
  const redisUrl = app.config.REDIS_URL
  let scale: RedisScale | undefined
  const engine = new FeedEngine(
    source,
    (frame) => (scale ? scale.publish(frame) : relay.relay(frame)),
    // Through Redis the leader cannot know whether any follower's client negotiated type 8.
    { ...opts.engine, packed: redisUrl ? () => true : () => relay.wantsPacked },
  )
  if (redisUrl) {
    scale = new RedisScale(engine, relay, {
      url: redisUrl,
      prefix: opts.redisPrefix ?? `${app.config.REDIS_PREFIX}:feed`,
      ttlMs: opts.redisTtlMs ?? app.config.FEED_LEASE_MS,
      onRoleChange: (role, term) =>
        app.log.info(`live feed: this instance is now the ${role} (term ${term})`),
    })
    await scale.start()
  } else {
    engine.start()
  }
  relay.startHeartbeat(opts.heartbeatMs ?? 30_000)
  app.decorate('feed', { engine, relay, scale })

  // A leader hands over before anything else closes (RELIABILITY.md §6a: a graceful shutdown hands
  // over at once).
  app.addHook('preClose', async () => {
    await scale?.close()
  })
  app.addHook('onClose', async () => {
    engine.stop()
    relay.close()
  })

  // autoPong off: protocol pings are answered by guardControlFrames, bounded and rate-limited
  // (ws would otherwise queue a pong per ping for a peer that never reads: the flood of
  // RELIABILITY.md §9, finding 1). ReasonedWebSocket: ws's own 1009 close for an oversize message
  // says 'message too big'. GOTCHA: @types/ws types the option as ws's export with its namespace
  // statics (Server, createWebSocketStream…), which a subclass does not have; ws only constructs
  // it.
  await app.register(websocket, {
    options: {
      maxPayload: FEED_MAX_PAYLOAD,
      autoPong: false,
      WebSocket: ReasonedWebSocket as unknown as WsClass,
    },
    errorHandler: socketErrorHandler,
  })

  // The handshake's Origin is checked by the security plugin (one rule for the whole app).
  app.get<{ Querystring: { positions?: string; terms?: string } }>(
    apiPaths.feed.pattern,
    { websocket: true },
    (socket, req) => {
      const budget = guardControlFrames(socket)
      relay.add(socket, req.query.positions === 'f32', req.query.terms === '1')
      socket.on('message', (data, isBinary) => {
        const bytes = isBinary ? asBytes(data) : null
        if (bytes && bytes.length === 1 && bytes[0] === MSG.ping) {
          if (budget.take()) sendBounded(socket, PONG)
          else refuseControlFlood(socket)
          return
        }
        socket.close(1008, 'unsupported message')
      })
      // Socket errors (an oversize or malformed frame) go to socketErrorHandler: warn, rate-limited;
      // ws has closed with 1009/1002/1007, and the socket is ended a second later at most.
    },
  )
}

declare module 'fastify' {
  interface FastifyInstance {
    feed: {
      engine: FeedEngine
      relay: FeedRelay
      scale: RedisScale | undefined
      /** the live history's recorder (server/history/history.routes.ts), once the app is ready */
      history?: HistoryRecorder
    }
  }
}

// Not encapsulated (what fastify-plugin does): `app.feed` must be visible to the root instance, so
// tests, the bench and main.ts can reach the engine, relay and scale state.
Object.assign(feedRoutes, { [Symbol.for('skip-override')]: true })
