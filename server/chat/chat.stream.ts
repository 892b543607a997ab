/**
 * GET /api/chat/rooms/{id}/events — the room's push channel, as Server-Sent Events.
 *
 * Why SSE and not a second WebSocket: the push is one-way (every write already goes through the
 * REST routes with their validation and rate limits), SSE is a plain GET so the same session cookie,
 * route contract and room-access preHandler gate it exactly like GET …/messages, and its
 * `id:`/`Last-Event-ID` resume maps one-to-one onto the `?after=` cursor.
 *
 * On connect the stream first replays messages after the cursor from the database, then goes live;
 * live events that race the replay are buffered and de-duplicated by id. Every 30 s (SPEC's balance
 * staleness) the session and the room's tier are re-checked; on failure a `denied` event ends the
 * stream. A reader that falls 1 MiB behind is cut off (bounded send buffer); it reconnects with its
 * cursor. While the bus is down (Redis unreachable) streams end and new ones get 503: clients poll.
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
import { toMessages } from './chat.presenter'
import { findRoom, listMessages, type RoomRow } from './chat.repository'

const RECHECK_MS = 30_000
const HEARTBEAT_MS = 15_000
const REPLAY_MAX = 200

interface RoomGate {
  enterRoom(req: FastifyRequest): Promise<void>
  roomAccessError(wallet: string, room: RoomRow): Promise<HttpError | null>
  roomOf(req: FastifyRequest): RoomRow
}

function lastEventId(req: FastifyRequest): number | undefined {
  const header = req.headers['last-event-id']
  const raw = Array.isArray(header) ? header[0] : header
  return raw !== undefined && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined
}

export function chatStreamRoute(
  app: FastifyInstance<any, any, any, any, ZodTypeProvider>, // eslint-disable-line @typescript-eslint/no-explicit-any
  gate: RoomGate,
) {
  const open = new Set<Socket>()
  const isStaff = (w: string) => app.isStaff(w)
  app.addHook('preClose', async () => {
    // GOTCHA: a hijacked response never counts as idle to node's http server; destroy it outright.
    for (const socket of open) socket.destroy()
    open.clear()
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
      const after =
        resumeId === undefined ? req.query.after : Math.max(resumeId, req.query.after ?? 0)

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
      const sent = new Set<number>()
      const send = (event: ChatPushEvent) => {
        if (event.type === 'message') {
          const id = event.message.id
          // Once per stream: a live event can race the replay of the same message.
          if (sent.has(id)) return
          sent.add(id)
          if (sent.size > 4 * REPLAY_MAX) sent.delete(sent.values().next().value ?? 0)
          write(`id: ${id}\nevent: message\ndata: ${JSON.stringify(event)}\n\n`)
          return
        }
        write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
      }
      const end = (event?: ChatPushEvent) => {
        if (event) send(event)
        if (!res.writableEnded) res.end()
      }

      // Live events that arrive while the replay is read wait here, then go out de-duplicated.
      let pending: ChatPushEvent[] | null = []
      const unsubscribe = app.chatBus.subscribe(room.id, (event) => {
        if (pending) pending.push(event)
        else send(event)
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
      }, RECHECK_MS)
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS)
      res.on('close', () => {
        open.delete(socket)
        clearInterval(recheck)
        clearInterval(heartbeat)
        unsubscribe()
        offDown()
      })

      write('retry: 3000\n\n')
      try {
        if (after !== undefined) {
          const rows = await listMessages(app.db, room.id, after, REPLAY_MAX)
          for (const message of await toMessages(app.db, rows, isStaff)) {
            send({ type: 'message', message })
          }
        }
      } catch (err) {
        req.log.warn({ err }, 'chat stream: replay failed')
        return end()
      }
      const queued = pending
      pending = null
      for (const event of queued) send(event)
    },
  )
}
