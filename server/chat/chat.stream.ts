/**
 * GET /api/chat/rooms/{id}/events — the room's push channel, as Server-Sent Events.
 *
 * Why SSE and not a second WebSocket: the push is one-way (every write already goes through the
 * REST routes with their validation and rate limits), SSE is a plain GET so the same session cookie,
 * route contract and room-access preHandler gate it exactly like GET …/messages, and its
 * `id:`/`Last-Event-ID` resume maps one-to-one onto the `?after=` cursor.
 *
 * On connect the stream replays the messages after the cursor from the database (at most two
 * pages; further behind, a `behind` event ends it and the client pages the rest through REST),
 * then follows the room's tail (room-tail.ts): messages go out in id order, each once, with nothing
 * skipped — the `id:` lines are a cursor that rises strictly, so a resume from the last one is
 * exact. Every 10 s the session and the room's tier are re-checked with a balance at most 20 s old,
 * so a wallet that lost the tier reads for at most 30 s (PRODUCT.md §9's balance staleness); a
 * sign-out ends the session's streams at once on every instance (the bus carries it). On failure a
 * `denied` event ends the stream. A reader that falls 1 MiB behind is cut off (bounded send
 * buffer); it reconnects with its cursor. A wallet holds at most 8 streams on an instance, an
 * address 32, and a wallet opens them at the `stream` rate (docs/RELIABILITY.md). While the bus is
 * down (Redis unreachable) streams end and new ones get 503: clients poll.
 */
import type { ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { MessagesQuerySchema, RoomParamsSchema, type ChatPushEvent } from '../../src/contracts/chat'
import { findSession } from '../db/auth.repository'
import { isoAt } from '../db/database'
import { HttpError } from '../http/http-error'
import { openStreams, startEventStream, StreamCounts } from '../http/event-stream'
import { SESSION_COOKIE, sessionIdOf } from '../http/session'
import type { ChatOptions } from './chat.options'
import { toMessages } from './chat.presenter'
import { findRoom, listMessages, type RoomRow } from './chat.repository'
import { RoomTails, sseFrame } from './room-tail'
import { apiPaths } from '../../src/contracts/apiPaths'

/** Session and tier re-check of an open stream (PRODUCT.md §4 allows a 30 s old balance). */
const RECHECK_MS = 10_000
/**
 * The longest a stream may keep reading after its wallet lost the room's tier: each re-check reads
 * a balance at most (this − the re-check interval) old, so a balance that fell is seen in time.
 */
const LOST_TIER_MAX_MS = 30_000
const SWEEP_MS = 2_000
const HEARTBEAT_MS = 15_000
/**
 * Open streams per wallet and per client address on one instance (RELIABILITY.md §12, finding 2:
 * one wallet held 400 non-reading streams, 1.16 GB of kernel send queues). A browser needs one per
 * open room and tab.
 */
export const MAX_STREAMS_PER_WALLET = 8
export const MAX_STREAMS_PER_ADDRESS = 32
/** Unsent bytes under which a replay writes its next page. */
const DRAINED_BYTES = 64 * 1024

interface RoomGate {
  enterRoom(req: FastifyRequest): Promise<void>
  roomAccessError(wallet: string, room: RoomRow, maxAgeMs?: number): Promise<HttpError | null>
  roomOf(req: FastifyRequest): RoomRow
}

/** The Last-Event-ID header as a message id; absent or empty: undefined; anything else: 400. */
function lastEventId(req: FastifyRequest): number | undefined {
  const header = req.headers['last-event-id']
  const raw = Array.isArray(header) ? header[0] : header
  if (raw === undefined || raw === '') return undefined
  const parsed = MessagesQuerySchema.shape.after.safeParse(/^\d{1,10}$/.test(raw) ? raw : 'x')
  if (!parsed.success || parsed.data === undefined) {
    throw new HttpError(400, 'Last-Event-ID must be a message id')
  }
  return parsed.data
}

// eslint-disable-next-line max-lines-per-function -- 111 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function chatStreamRoute(
  app: FastifyInstance<any, any, any, any, ZodTypeProvider>, // eslint-disable-line @typescript-eslint/no-explicit-any
  gate: RoomGate,
  opts: ChatOptions = {},
) {
  const open = openStreams(app)
  const isStaff = (w: string) => app.isStaff(w)
  const recheckMs = opts.recheckMs ?? RECHECK_MS
  const balanceMaxAgeMs = Math.max(0, (opts.lostTierMaxMs ?? LOST_TIER_MAX_MS) - recheckMs)
  const perWallet = new StreamCounts(MAX_STREAMS_PER_WALLET)
  // MAX_SOCKETS_PER_ADDRESS=0 turns every per-address bound off (a bench's visitors share 127.0.0.1).
  const perAddress = new StreamCounts(
    app.config.MAX_SOCKETS_PER_ADDRESS > 0 ? MAX_STREAMS_PER_ADDRESS : Infinity,
  )
  const tails = new RoomTails({
    db: app.db,
    bus: app.chatBus,
    present: (rows) => toMessages(app.db, rows, isStaff),
    sweepMs: opts.sweepMs ?? SWEEP_MS,
    log: app.log,
  })
  app.addHook('preClose', async () => tails.close())

  app.get(
    apiPaths.chat.roomEvents.pattern,
    {
      schema: { params: RoomParamsSchema, querystring: MessagesQuerySchema },
      config: { session: true, rateLimit: 'stream' },
      preHandler: [
        async () => {
          if (!app.chatBus.up) throw new HttpError(503, 'Live updates unavailable: polling')
        },
        gate.enterRoom,
        // The entry gate reads the balance like REST (≤ 30 s old); the stream reads a younger one
        // so that a tier lost just before it opened is seen within LOST_TIER_MAX_MS.
        async (req) => {
          const denied = await gate.roomAccessError(req.wallet, gate.roomOf(req), balanceMaxAgeMs)
          if (denied) throw denied
        },
      ],
    },
    async (req, reply) => {
      const room = gate.roomOf(req)
      const wallet = req.wallet
      const token = req.cookies[SESSION_COOKIE] ?? ''
      const sessionId = sessionIdOf(token)
      const resumeId = lastEventId(req)
      // Without a cursor the stream starts at the room's latest message (nothing replayed).
      const cursor =
        resumeId === undefined ? req.query.after : Math.max(resumeId, req.query.after ?? 0)
      const after = cursor ?? (await listMessages(app.db, room.id, undefined, 1))[0]?.id ?? 0

      if (!perWallet.take(wallet)) {
        throw new HttpError(
          429,
          `Too many open live streams for this wallet (${MAX_STREAMS_PER_WALLET}): close a tab or room`,
          { retryAfter: 10 },
        )
      }
      if (!perAddress.take(req.ip)) {
        perWallet.give(wallet)
        throw new HttpError(
          429,
          `Too many open live streams from your address (${MAX_STREAMS_PER_ADDRESS})`,
          { retryAfter: 10 },
        )
      }

      const { res, write } = startEventStream(req, reply, open)
      const end = (event?: ChatPushEvent) => {
        if (event) write(sseFrame(event))
        if (!res.writableEnded) res.end()
      }
      const deny = (status: 401 | 403, error: string) => end({ type: 'denied', status, error })
      write('retry: 3000\n\n')
      const detach = tails.attach(room.id, after, {
        write,
        get open() {
          return !res.writableEnded && !res.destroyed
        },
        end: () => end(),
        drained: () => drained(res),
        behind: (last) => end({ type: 'behind', after: last }),
      })
      const offDown = app.chatBus.onDown(() => end())
      // Sign-out (this session) or sign-out everywhere (this wallet), on any instance.
      const offRevoke = app.chatBus.onRevoke((revoked) => {
        const mine =
          'sessionId' in revoked ? revoked.sessionId === sessionId : revoked.wallet === wallet
        if (mine) deny(401, 'Signed out')
      })
      const recheck = setInterval(() => {
        void (async () => {
          // Session expiry on the database's clock, like every other session check
          // (RELIABILITY.md §6a).
          const now = isoAt(await app.dbClock.now())
          const session = await findSession(app.db, sessionId, now)
          if (!session || session.wallet_address !== wallet) {
            return deny(401, 'Sign in with your wallet first')
          }
          const current = (await findRoom(app.db, room.id)) ?? room
          const denied = await gate.roomAccessError(wallet, current, balanceMaxAgeMs)
          if (denied) deny(403, denied.message)
        })().catch((err: unknown) => {
          req.log.warn({ err }, 'chat stream: access re-check failed')
          end()
        })
      }, recheckMs)
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS)
      res.on('close', () => {
        perWallet.give(wallet)
        perAddress.give(req.ip)
        clearInterval(recheck)
        clearInterval(heartbeat)
        detach()
        offDown()
        offRevoke()
      })
    },
  )
}

/** Resolves once `res` holds fewer than DRAINED_BYTES unsent bytes, or has closed. */
function drained(res: ServerResponse): Promise<void> {
  if (res.writableLength < DRAINED_BYTES || res.destroyed || res.writableEnded) {
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}
