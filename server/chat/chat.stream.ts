/**
 * GET /api/chat/rooms/{id}/events — the room's push channel, as Server-Sent Events.
 *
 * Why SSE and not a second WebSocket: the push is one-way (every write already goes through the
 * REST routes with their validation and rate limits), SSE is a plain GET so the same session cookie,
 * route contract and room-access preHandler gate it exactly like GET …/messages, and its
 * `id:`/`Last-Event-ID` resume maps one-to-one onto the `?after=` cursor.
 *
 * On connect the stream replays the messages after the cursor from the database, then follows the
 * room's tail (room-tail.ts): messages go out in id order, each once, with nothing skipped — the
 * `id:` lines are a cursor that rises strictly, so a resume from the last one is exact. Every 30 s
 * (SPEC's balance staleness) the session and the room's tier are re-checked; on failure a `denied`
 * event ends the stream. A reader that falls 1 MiB behind is cut off (bounded send buffer); it
 * reconnects with its cursor. While the bus is down (Redis unreachable) streams end and new ones
 * get 503: clients poll.
 */
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { MessagesQuerySchema, RoomParamsSchema, type ChatPushEvent } from '../../src/contracts/chat'
import { findSession } from '../db/auth.repository'
import { isoAt } from '../db/database'
import { HttpError } from '../http/http-error'
import { writeBounded } from '../lib/socket-send'
import { SESSION_COOKIE, sessionIdOf } from '../plugins/session.plugin'
import type { ChatOptions } from './chat.options'
import { toMessages } from './chat.presenter'
import { findRoom, listMessages, type RoomRow } from './chat.repository'
import { RoomTails, sseFrame } from './room-tail'

const RECHECK_MS = 30_000
const SWEEP_MS = 2_000
const HEARTBEAT_MS = 15_000

interface RoomGate {
  enterRoom(req: FastifyRequest): Promise<void>
  roomAccessError(wallet: string, room: RoomRow): Promise<HttpError | null>
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

export function chatStreamRoute(
  app: FastifyInstance<any, any, any, any, ZodTypeProvider>, // eslint-disable-line @typescript-eslint/no-explicit-any
  gate: RoomGate,
  opts: ChatOptions = {},
) {
  const open = new Set<Socket>()
  const isStaff = (w: string) => app.isStaff(w)
  const recheckMs = opts.recheckMs ?? RECHECK_MS
  const tails = new RoomTails({
    db: app.db,
    bus: app.chatBus,
    present: (rows) => toMessages(app.db, rows, isStaff),
    sweepMs: opts.sweepMs ?? SWEEP_MS,
    log: app.log,
  })
  app.addHook('preClose', async () => {
    // GOTCHA: a hijacked response never counts as idle to node's http server; destroy it outright.
    for (const socket of open) socket.destroy()
    open.clear()
    tails.close()
  })

  app.get(
    '/api/chat/rooms/:id/events',
    {
      schema: { params: RoomParamsSchema, querystring: MessagesQuerySchema },
      config: { session: true },
      preHandler: [
        async () => {
          if (!app.chatBus.up) throw new HttpError(503, 'Live updates unavailable: polling')
        },
        gate.enterRoom,
      ],
    },
    async (req, reply) => {
      const room = gate.roomOf(req)
      const wallet = req.wallet
      const token = req.cookies[SESSION_COOKIE] ?? ''
      const resumeId = lastEventId(req)
      // Without a cursor the stream starts at the room's latest message (nothing replayed).
      const cursor =
        resumeId === undefined ? req.query.after : Math.max(resumeId, req.query.after ?? 0)
      const after = cursor ?? (await listMessages(app.db, room.id, undefined, 1))[0]?.id ?? 0

      reply.hijack()
      const res = reply.raw
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      })
      const socket = req.raw.socket
      open.add(socket)

      const write = (chunk: string) => void writeBounded(res, chunk)
      const end = (event?: ChatPushEvent) => {
        if (event) write(sseFrame(event))
        if (!res.writableEnded) res.end()
      }
      write('retry: 3000\n\n')
      const detach = tails.attach(room.id, after, {
        write,
        get open() {
          return !res.writableEnded && !res.destroyed
        },
        end: () => end(),
      })
      const offDown = app.chatBus.onDown(() => end())
      const recheck = setInterval(() => {
        void (async () => {
          // Session expiry on the database's clock, like every other session check (issue 14).
          const now = isoAt(await app.dbClock.now())
          const session = await findSession(app.db, sessionIdOf(token), now)
          if (!session || session.wallet_address !== wallet) {
            return end({ type: 'denied', status: 401, error: 'Sign in with your wallet first' })
          }
          const current = (await findRoom(app.db, room.id)) ?? room
          const denied = await gate.roomAccessError(wallet, current)
          if (denied) end({ type: 'denied', status: 403, error: denied.message })
        })().catch((err: unknown) => {
          req.log.warn({ err }, 'chat stream: access re-check failed')
          end()
        })
      }, recheckMs)
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS)
      res.on('close', () => {
        open.delete(socket)
        clearInterval(recheck)
        clearInterval(heartbeat)
        detach()
        offDown()
      })
    },
  )
}
