/**
 * Unread markers and mentions (docs/ARCHITECTURE.md "Unread, mentions and previews"): each
 * wallet's last-read message per room and the wallets each message mentions, in the database every
 * instance shares, so counts are the same on any instance and after a restart.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/database'
import type { RoomUnread } from '../../src/contracts/unread'

type Db = Kysely<Database>

/** Unread counts stop here (a badge says "99+" past 99); mention counts are not capped. */
const UNREAD_CAP = 100

/**
 * Marks `roomId` read up to `upTo` for `wallet` (clamped to the room's newest message) and answers
 * the mark now held, with the room's newest message id it was clamped to. One guarded upsert: the
 * mark only ever rises, so concurrent calls on any number of instances, in any order, leave the
 * largest id.
 */
export async function markRead(
  db: Db,
  roomId: string,
  wallet: string,
  upTo: number,
  at: string,
): Promise<{ lastReadId: number; newest: number }> {
  const newest = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('room_id', '=', roomId)
    .executeTakeFirst()
  const top = Number(newest?.id ?? 0)
  const target = Math.min(upTo, top)
  if (target > 0) {
    const raised = await db
      .insertInto('chat_read_marks')
      .values({ room_id: roomId, wallet_address: wallet, last_read_id: target, updated_at: at })
      .onConflict((oc) =>
        oc
          .columns(['room_id', 'wallet_address'])
          .doUpdateSet({ last_read_id: target, updated_at: at })
          .where('chat_read_marks.last_read_id', '<', target),
      )
      .returning('last_read_id')
      .executeTakeFirst()
    if (raised) return { lastReadId: Number(raised.last_read_id), newest: top }
  }
  const row = await db
    .selectFrom('chat_read_marks')
    .select('last_read_id')
    .where('room_id', '=', roomId)
    .where('wallet_address', '=', wallet)
    .executeTakeFirst()
  return { lastReadId: Number(row?.last_read_id ?? 0), newest: top }
}

/**
 * Per room of `roomIds`: the wallet's mark, the messages after it that are neither hidden nor its
 * own (at most UNREAD_CAP), and how many of those mention it.
 */
export async function unreadCounts(
  db: Db,
  wallet: string,
  roomIds: readonly string[],
): Promise<RoomUnread[]> {
  if (roomIds.length === 0) return []
  const marks = await db
    .selectFrom('chat_read_marks')
    .select(['room_id', 'last_read_id'])
    .where('wallet_address', '=', wallet)
    .where('room_id', 'in', [...roomIds])
    .execute()
  const markOf = new Map(marks.map((m) => [m.room_id, Number(m.last_read_id)]))
  // GOTCHA: per room, a literal bound ("room = r AND id > mark") read from the (room_id, id)
  // index, and at most UNREAD_CAP rows counted: a room never opened would otherwise count its whole
  // history on every call (bench:load measured seconds of delivery delay with an uncapped count).
  const capped = roomIds.map((roomId) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('messages')
          .select('room_id')
          .where('room_id', '=', roomId)
          .where('id', '>', markOf.get(roomId) ?? 0)
          .where('hidden_at', 'is', null)
          .where('wallet_address', '<>', wallet)
          .limit(UNREAD_CAP)
          .as('r'),
      )
      .select('r.room_id'),
  )
  const [first, ...rest] = capped
  if (!first) return []
  // One round trip: the rooms' capped ranges glued with UNION ALL, then counted per room.
  const unread = await db
    .selectFrom(rest.reduce((q, next) => q.unionAll(next), first).as('u'))
    .select((eb) => ['u.room_id', eb.fn.countAll<number>().as('n')])
    .groupBy('u.room_id')
    .execute()
  // Mentions are few per wallet: one grouped read from the (wallet, room, message) index.
  const mentions = await db
    .selectFrom('chat_mentions')
    .innerJoin('messages', 'messages.id', 'chat_mentions.message_id')
    .select((eb) => ['chat_mentions.room_id', eb.fn.countAll<number>().as('n')])
    .where('chat_mentions.wallet_address', '=', wallet)
    .where((eb) =>
      eb.or(
        roomIds.map((id) =>
          eb.and([
            eb('chat_mentions.room_id', '=', id),
            eb('chat_mentions.message_id', '>', markOf.get(id) ?? 0),
          ]),
        ),
      ),
    )
    .where('messages.hidden_at', 'is', null)
    .groupBy('chat_mentions.room_id')
    .execute()
  const unreadOf = new Map(unread.map((r) => [r.room_id, Number(r.n)]))
  const mentionsOf = new Map(mentions.map((r) => [r.room_id, Number(r.n)]))
  return roomIds.map((roomId) => ({
    roomId,
    lastReadId: markOf.get(roomId) ?? 0,
    unread: unreadOf.get(roomId) ?? 0,
    mentions: mentionsOf.get(roomId) ?? 0,
  }))
}

/** Stores the wallets a message mentions (a resend stores nothing twice). */
export async function insertMentions(
  db: Db,
  roomId: string,
  messageId: number,
  wallets: readonly string[],
) {
  if (wallets.length === 0) return
  await db
    .insertInto('chat_mentions')
    .values(wallets.map((w) => ({ message_id: messageId, wallet_address: w, room_id: roomId })))
    .onConflict((oc) => oc.columns(['message_id', 'wallet_address']).doNothing())
    .execute()
}

/** message id → the wallets it mentions, for `ids`. */
export async function mentionsFor(db: Db, ids: readonly number[]) {
  const out = new Map<number, string[]>()
  if (ids.length === 0) return out
  const rows = await db
    .selectFrom('chat_mentions')
    .select(['message_id', 'wallet_address'])
    .where('message_id', 'in', [...ids])
    .execute()
  for (const r of rows) {
    const id = Number(r.message_id)
    out.set(id, [...(out.get(id) ?? []), r.wallet_address])
  }
  return out
}

export async function setPreviews(db: Db, roomId: string, enabled: boolean) {
  await db
    .updateTable('rooms')
    .set({ previews: enabled ? 1 : 0 })
    .where('id', '=', roomId)
    .execute()
}
