/**
 * GET /api/chat/unread/events (docs/ARCHITECTURE.md "Unread, mentions and previews") — the wallet's
 * unread and mention counts, pushed (Server-Sent Events). On connect one `unread` event with every
 * room's counts; after that the stream listens on the chat bus to the rooms the wallet may read
 * (messages, hides, restores, from any instance) and to the wallet's own channel (a mark-read on
 * any instance), and sends fresh counts COALESCE_MS to twice that after an event (streams spread
 * at random), for the rooms the wallet could read at most OPEN_ROOMS_MS ago. A count is always
 * re-read from the database, never summed from events. The stream's life (caps, session re-check,
 * heartbeat, sign-out, bus outages) is wallet-stream.ts's.
 */
import { apiPaths } from '../../src/contracts/apiPaths'
import type { ChatPushEvent } from '../../src/contracts/chat'
import { openRoomIds, walletChannel, type UnreadContext } from './unread.routes'
import { unreadCounts } from './unread.repository'
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
  const openRooms = new OpenRooms()
  walletStreamRoute(ctx.app, ctx.bus, {
    path: apiPaths.chat.unreadEvents.pattern,
    name: 'unread',
    maxPerWallet: MAX_UNREAD_STREAMS,
    coalesceMs: COALESCE_MS,
    jitterMs: COALESCE_MS,
    // The rooms it may read now; counts list the rooms open at each send.
    async channels(wallet) {
      return [...(await openRoomIds(ctx, wallet)), walletChannel(wallet)]
    },
    wants: (event) => COUNTED.has(event.type),
    frame: async (wallet) =>
      sseEvent({ type: 'unread', rooms: await openRooms.countsFor(ctx, wallet) }),
    // Tiers move with balances: the next counts list the rooms open now.
    refreshOnRecheck: true,
  })
}

/** How old a wallet's list of readable rooms may be when its counts are sent (tiers move). */
const OPEN_ROOMS_MS = 10_000

/**
 * The rooms each streaming wallet may read, re-listed (rooms and tiers) at most every OPEN_ROOMS_MS
 * instead of at every count: each send re-read the room list and every room's access for a count
 * that needs only the ids. Entries go once no stream asked for them within that time.
 */
class OpenRooms {
  private readonly byWallet = new Map<string, { at: number; rooms: Promise<string[]> }>()

  countsFor(ctx: UnreadContext, wallet: string) {
    const now = Date.now()
    for (const [w, e] of this.byWallet) if (now - e.at >= OPEN_ROOMS_MS) this.byWallet.delete(w)
    let entry = this.byWallet.get(wallet)
    if (!entry) {
      entry = { at: now, rooms: openRoomIds(ctx, wallet) }
      this.byWallet.set(wallet, entry)
      entry.rooms.catch(() => this.byWallet.delete(wallet))
    }
    return entry.rooms.then((rooms) => unreadCounts(ctx.app.db, wallet, rooms))
  }
}
