/**
 * The plumbing every per-wallet push stream shares (docs/ARCHITECTURE.md "Unread, mentions and
 * previews", "Chat moderation"): the unread counts and the staff channel are both Server-Sent
 * Events that listen on the chat bus and send a frame re-read in full, at most every `coalesceMs`.
 * A lost or reordered bus event costs at most a late frame, never a wrong one; a reconnect starts
 * over exact. Sign-out ends a stream at once; the session is re-checked every RECHECK_MS; a wallet
 * holds at most `maxPerWallet` streams of one kind on one instance; while the bus is down a stream
 * is refused (503) or ended, and clients poll. Shutdown (`preClose`) destroys every open stream.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ChatPushEvent } from '../../src/contracts/chat'
import { findSession } from '../db/auth.repository'
import { isoAt } from '../db/database'
import { HttpError } from '../http/http-error'
import { openStreams, startEventStream, StreamCounts } from '../http/event-stream'
import { SESSION_COOKIE, sessionIdOf } from '../http/session'
import type { ChatBus } from './chat.bus'

const RECHECK_MS = 10_000
const HEARTBEAT_MS = 15_000

export interface WalletStreamSpec {
  /** the route's path pattern */
  path: string
  /** what the stream carries, for the 429 message and the logs ('unread', 'moderation') */
  name: string
  maxPerWallet: number
  /** frames go out at most this often per stream */
  coalesceMs: number
  /**
   * …each after up to this much more at random: every stream hears an event at the same moment, and
   * without it their re-reads reached the database together (bench:load: 125 unread streams,
   * delivery p99 325 ms with them, 36 ms without)
   */
  jitterMs?: number
  /** extra checks before the stream opens (e.g. staff only) */
  preHandler?: (req: FastifyRequest) => Promise<void>
  /** the bus channels this wallet's stream listens to, read once when it opens */
  channels(wallet: string): Promise<string[]>
  /** whether an event on those channels may change what the stream sends */
  wants(event: ChatPushEvent): boolean
  /** the SSE frame to send now (re-read in full, never derived from events) */
  frame(wallet: string): Promise<string>
  /** send a fresh frame after every session re-check (what it shows moves with time) */
  refreshOnRecheck?: boolean
}

/** One SSE frame: `event:` is the type, `data:` the JSON. */
export const sseEvent = <T extends { type: string }>(data: T) =>
  `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`

/** Registers GET `spec.path`: a signed-in wallet's push stream on `bus`. */
export function walletStreamRoute(app: FastifyInstance, bus: ChatBus, spec: WalletStreamSpec) {
  const open = openStreams(app)
  const perWallet = new StreamCounts(spec.maxPerWallet)

  app.get(
    spec.path,
    {
      config: { session: true, rateLimit: 'stream' },
      preHandler: async (req) => {
        await spec.preHandler?.(req)
        if (!bus.up) throw new HttpError(503, 'Live updates unavailable: polling')
      },
    },
    async (req, reply) => {
      const wallet = req.wallet
      const sessionId = sessionIdOf(req.cookies[SESSION_COOKIE] ?? '')
      if (!perWallet.take(wallet))
        throw new HttpError(429, `Too many open ${spec.name} streams for this wallet`, {
          retryAfter: 10,
        })
      let channels: string[]
      try {
        channels = await spec.channels(wallet)
      } catch (err) {
        perWallet.give(wallet)
        throw err
      }

      const { res, write } = startEventStream(req, reply, open)
      const end = () => {
        if (!res.writableEnded) res.end()
      }
      const coalesce = coalescer(spec.coalesceMs, spec.jitterMs ?? 0, async () => {
        try {
          const frame = await spec.frame(wallet)
          if (!res.writableEnded) write(frame)
        } catch (err) {
          req.log.warn({ err }, `${spec.name} stream: frame failed`)
          end()
        }
      })
      const listener = (event: ChatPushEvent) => {
        if (spec.wants(event)) coalesce.schedule()
      }
      const offs = [
        ...channels.map((channel) => bus.subscribe(channel, listener)),
        bus.onDown(end),
        bus.onRevoke((revoked) => {
          if ('sessionId' in revoked ? revoked.sessionId === sessionId : revoked.wallet === wallet)
            end()
        }),
      ]
      write('retry: 3000\n\n')
      coalesce.now()
      const recheck = setInterval(() => {
        void (async () => {
          const session = await findSession(app.db, sessionId, isoAt(await app.dbClock.now()))
          if (!session || session.wallet_address !== wallet) end()
          else if (spec.refreshOnRecheck) coalesce.schedule()
        })().catch(() => end())
      }, RECHECK_MS)
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS)
      res.on('close', () => {
        perWallet.give(wallet)
        coalesce.cancel()
        clearInterval(recheck)
        clearInterval(heartbeat)
        for (const off of offs) off()
      })
    },
  )
}

/**
 * Runs `send` `ms` (+ up to `jitter`) after the first `schedule()` of a quiet spell, never twice at once: a schedule
 * while it runs sends once more after it.
 */
function coalescer(ms: number, jitter: number, send: () => Promise<void>) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let sending = false
  let again = false
  let cancelled = false
  const run = async () => {
    if (sending) return void (again = true)
    sending = true
    try {
      await send()
    } finally {
      sending = false
      if (again) {
        again = false
        schedule()
      }
    }
  }
  const schedule = () => {
    if (timer === undefined && !cancelled)
      timer = setTimeout(
        () => {
          timer = undefined
          void run()
        },
        ms + Math.random() * jitter,
      )
  }
  return {
    schedule,
    now: () => void run(),
    cancel() {
      cancelled = true
      clearTimeout(timer)
    },
  }
}
