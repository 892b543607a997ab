/**
 * GET /api/chat/unread/events (docs/ARCHITECTURE.md "Unread, mentions and previews") — the wallet's
 * unread and mention counts, pushed (Server-Sent Events). On connect one `unread` event with every
 * room's counts; after that the stream listens on the chat bus to the rooms the wallet may read
 * (messages, hides, restores, from any instance) and to the wallet's own channel (a mark-read on
 * any instance), and sends fresh counts at most every COALESCE_MS. A count is always re-read from
 * the database, never summed from events. The stream's life (caps, session re-check, heartbeat,
 * sign-out, bus outages) is wallet-stream.ts's.
 */
import { apiPaths } from '../../src/contracts/apiPaths'
import type { ChatPushEvent } from '../../src/contracts/chat'
import { listRooms } from './chat.repository'
import { countsFor, walletChannel, type UnreadContext } from './unread.routes'
import { sseEvent, walletStreamRoute } from './wallet-stream'

/** Counts go out at most this often per stream (room cards need no fresher numbers). */
const COALESCE_MS = 1_000
const MAX_UNREAD_STREAMS = 8

/** Events after which a room's counts may differ. */
const COUNTED: ReadonlySet<ChatPushEvent['type']> = new Set([
  'message',
  'hidden',
  'restored',
  'read',
])

export function unreadStreamRoute(ctx: UnreadContext) {
  walletStreamRoute(ctx.app, ctx.bus, {
    path: apiPaths.chat.unreadEvents.pattern,
    name: 'unread',
    maxPerWallet: MAX_UNREAD_STREAMS,
    coalesceMs: COALESCE_MS,
    // The rooms it may read now; counts list the rooms open at each send.
    async channels(wallet) {
      const rooms: string[] = []
      for (const room of await listRooms(ctx.app.db))
        if (!(await ctx.roomAccessError(wallet, room))) rooms.push(room.id)
      return [...rooms, walletChannel(wallet)]
    },
    wants: (event) => COUNTED.has(event.type),
    frame: async (wallet) => sseEvent({ type: 'unread', rooms: await countsFor(ctx, wallet) }),
    // Tiers move with balances: the next counts list the rooms open now.
    refreshOnRecheck: true,
  })
}
