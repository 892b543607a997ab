/**
 * GET /api/chat/unread/events (docs/ARCHITECTURE.md "Unread, mentions and previews") — the wallet's unread and mention counts, pushed (Server-Sent
 * Events). On connect one `unread` event with every room's counts; after that the stream listens on
 * the chat bus to the rooms the wallet may read (messages, hides, restores, from any instance) and
 * to the wallet's own channel (a mark-read on any instance), and sends fresh counts at most every
 * COALESCE_MS. A count is always re-read from the database, never summed from events, so a lost or
 * reordered bus event costs at most a late number, never a wrong one; a reconnect starts over
 * exact. Sign-out ends it at once; the session is re-checked every RECHECK_MS; a wallet holds at
 * most MAX_UNREAD_STREAMS on one instance; while the bus is down the stream ends (clients poll).
 */
import type { Socket } from 'node:net'
import { apiPaths } from '../../src/contracts/apiPaths'
import type { ChatPushEvent } from '../../src/contracts/chat'
import { findSession } from '../db/auth.repository'
import { isoAt } from '../db/database'
import { HttpError } from '../http/http-error'
import { eventStreamHeaders } from '../http/security-headers'
import { SESSION_COOKIE, sessionIdOf } from '../http/session'
import { writeBounded } from '../lib/socket-send'
import { listRooms } from './chat.repository'
import { countsFor, walletChannel, type UnreadContext } from './unread.routes'

/** Counts go out at most this often per stream (room cards need no fresher numbers). */
const COALESCE_MS = 1_000
const RECHECK_MS = 10_000
const HEARTBEAT_MS = 15_000
const MAX_UNREAD_STREAMS = 8

/** Events after which a room's counts may differ. */
const COUNTED: ReadonlySet<ChatPushEvent['type']> = new Set([
  'message',
  'hidden',
  'restored',
  'read',
])

// eslint-disable-next-line max-lines-per-function -- one stream's life: open, listen, re-check, close
export function unreadStreamRoute(ctx: UnreadContext) {
  const { app, bus } = ctx
  const open = new Set<Socket>()
  const perWallet = new Map<string, number>()
  app.addHook('preClose', async () => {
    // GOTCHA: a hijacked response never counts as idle to node's http server; destroy it outright.
    for (const socket of open) socket.destroy()
    open.clear()
  })

  app.get(
    apiPaths.chat.unreadEvents.pattern,
    {
      config: { session: true, rateLimit: 'stream' },
      preHandler: async () => {
        if (!bus.up) throw new HttpError(503, 'Live updates unavailable: polling')
      },
    },
    async (req, reply) => {
      const wallet = req.wallet
      const sessionId = sessionIdOf(req.cookies[SESSION_COOKIE] ?? '')
      const held = perWallet.get(wallet) ?? 0
      if (held >= MAX_UNREAD_STREAMS)
        throw new HttpError(429, 'Too many open unread streams for this wallet', { retryAfter: 10 })
      perWallet.set(wallet, held + 1)
      // The rooms it may read now; counts list the rooms open at each send.
      const rooms: string[] = []
      for (const room of await listRooms(app.db))
        if (!(await ctx.roomAccessError(wallet, room))) rooms.push(room.id)

      reply.hijack()
      const res = reply.raw
      res.writeHead(200, eventStreamHeaders(req))
      const socket = req.raw.socket
      open.add(socket)
      const write = (chunk: string) => void writeBounded(res, chunk)
      const end = () => {
        if (!res.writableEnded) res.end()
      }
      let timer: ReturnType<typeof setTimeout> | undefined
      let sending = false
      let again = false
      const send = async () => {
        if (sending) return void (again = true)
        sending = true
        try {
          const counts = await countsFor(ctx, wallet)
          if (!res.writableEnded)
            write(`event: unread\ndata: ${JSON.stringify({ type: 'unread', rooms: counts })}\n\n`)
        } catch (err) {
          req.log.warn({ err }, 'unread stream: counts failed')
          end()
        } finally {
          sending = false
          if (again) {
            again = false
            schedule()
          }
        }
      }
      const schedule = () => {
        if (timer === undefined)
          timer = setTimeout(() => {
            timer = undefined
            void send()
          }, COALESCE_MS)
      }
      const listener = (event: ChatPushEvent) => {
        if (COUNTED.has(event.type)) schedule()
      }
      const offs = [
        ...rooms.map((id) => bus.subscribe(id, listener)),
        bus.subscribe(walletChannel(wallet), listener),
        bus.onDown(end),
        bus.onRevoke((revoked) => {
          if ('sessionId' in revoked ? revoked.sessionId === sessionId : revoked.wallet === wallet)
            end()
        }),
      ]
      write('retry: 3000\n\n')
      void send()
      const recheck = setInterval(() => {
        void (async () => {
          const session = await findSession(app.db, sessionId, isoAt(await app.dbClock.now()))
          if (!session || session.wallet_address !== wallet) end()
          // Tiers move with balances: the next counts list the rooms open now.
          else schedule()
        })().catch(() => end())
      }, RECHECK_MS)
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS)
      res.on('close', () => {
        open.delete(socket)
        const n = (perWallet.get(wallet) ?? 1) - 1
        if (n <= 0) perWallet.delete(wallet)
        else perWallet.set(wallet, n)
        clearTimeout(timer)
        clearInterval(recheck)
        clearInterval(heartbeat)
        for (const off of offs) off()
      })
    },
  )
}
