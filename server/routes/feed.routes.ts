/**
 * /ws — the live feed (SPEC §7.1, DESIGN §4) on the app's own port. The server's authoritative sim
 * (FeedEngine) produces frames; this instance's FeedRelay sends them to its sockets. With REDIS_URL
 * the engine only runs on the elected leader and frames travel through Redis (server/scale).
 *
 * Per socket: type 0 on connect, then 1 (or negotiated 8: `/ws?positions=f32`) at 10 Hz, 2–5 as they
 * happen, 7 for each ping byte 6. Anything else a client sends closes only that socket with 1008;
 * a message over maxPayload closes it with 1009 (ws does that). Cross-site pages are refused at the
 * handshake by the Origin check.
 */
import websocket from '@fastify/websocket'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { MSG, asBytes } from '../../src/feed/protocol'
import { FeedEngine, type FeedEngineOptions, type SwarmSource } from '../scale/feed-engine'
import { DEFAULT_LIMITS, FeedRelay, type RelayLimits } from '../scale/feed-relay'
import { RedisScale } from '../scale/redis-scale'
import { createSimSource } from '../scale/sim-source'

export interface FeedRoutesOptions {
  /** builds the server's swarm; default: src/sim with `agents` agents */
  createSource?: () => SwarmSource
  agents?: number
  seed?: number
  engine?: FeedEngineOptions
  limits?: RelayLimits
  heartbeatMs?: number
  /** Redis key/channel namespace (tests) */
  redisPrefix?: string
  redisTtlMs?: number
}

/** Clients only ever send the 1-byte ping; anything bigger is refused by ws with 1009. */
export const FEED_MAX_PAYLOAD = 64
const PONG = Uint8Array.of(MSG.pong)

/** true when the handshake's Origin may use the feed: no Origin (non-browser), or the same site. */
export function originAllowed(
  origin: string | undefined,
  host: string,
  publicOrigin: string | undefined,
): boolean {
  if (!origin) return true
  if (publicOrigin) return origin.replace(/\/+$/, '') === publicOrigin.replace(/\/+$/, '')
  try {
    return new URL(origin).host === host
  } catch {
    return false
  }
}

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
      ...(opts.redisTtlMs ? { ttlMs: opts.redisTtlMs } : {}),
      onRoleChange: (role) => app.log.info(`live feed: this instance is now the ${role}`),
    })
    await scale.start()
  } else {
    engine.start()
  }
  relay.startHeartbeat(opts.heartbeatMs ?? 30_000)
  app.decorate('feed', { engine, relay, scale })

  app.addHook('onClose', async () => {
    engine.stop()
    relay.close()
    await scale?.close()
  })

  await app.register(websocket, { options: { maxPayload: FEED_MAX_PAYLOAD } })

  const checkOrigin = async (
    req: FastifyRequest<{ Querystring: { positions?: string } }>,
    reply: FastifyReply,
  ) => {
    if (!originAllowed(req.headers.origin, req.host, app.config.PUBLIC_ORIGIN)) {
      return reply.code(403).send({ error: 'Origin not allowed' })
    }
  }

  app.get<{ Querystring: { positions?: string } }>(
    '/ws',
    { websocket: true, preValidation: checkOrigin },
    (socket, req) => {
      relay.add(socket, req.query.positions === 'f32')
      socket.on('message', (data, isBinary) => {
        const bytes = isBinary ? asBytes(data) : null
        if (bytes && bytes.length === 1 && bytes[0] === MSG.ping) {
          socket.send(PONG, { binary: true })
          return
        }
        socket.close(1008, 'unsupported message')
      })
      // A socket error (e.g. an oversize frame) must not reach the process; ws closes the socket.
      socket.on('error', () => {})
    },
  )
}

declare module 'fastify' {
  interface FastifyInstance {
    feed: { engine: FeedEngine; relay: FeedRelay; scale: RedisScale | undefined }
  }
}

// Not encapsulated (what fastify-plugin does): `app.feed` must be visible to the root instance, so
// tests, the bench and main.ts can reach the engine, relay and scale state.
Object.assign(feedRoutes, { [Symbol.for('skip-override')]: true })
