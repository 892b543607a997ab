import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely'
import type { Database, MessageTable, RoomTable } from '../db/database'

type Db = Kysely<Database>
export type RoomRow = Selectable<RoomTable>
export type MessageRow = Omit<MessageTable, 'id'> & { id: number }

export async function listRooms(db: Db): Promise<RoomRow[]> {
  return db.selectFrom('rooms').selectAll().orderBy('position').execute()
}

export async function findRoom(db: Db, id: string): Promise<RoomRow | undefined> {
  return db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function setAnnouncement(
  db: Db,
  roomId: string,
  content: string | null,
  by: string | null,
  at: string | null,
) {
  await db
    .updateTable('rooms')
    .set({ announcement_content: content, announcement_by: by, announcement_at: at })
    .where('id', '=', roomId)
    .execute()
}

/** Advisory-lock namespace (first key) of the per-room message insert lock. */
const MESSAGE_LOCK_SPACE = 0x7005

/**
 * Inserts a message; with a clientId already used by this wallet in this room, returns the stored
 * message instead (`created: false`), so a resend after a lost response does not duplicate it.
 */
export async function insertMessage(
  db: Db,
  m: Omit<MessageRow, 'id' | 'hidden_at' | 'hidden_by'>,
): Promise<{ message: MessageRow; created: boolean }> {
  if (m.client_id !== null) {
    const existing = await findByClientId(db, m.room_id, m.wallet_address, m.client_id)
    if (existing) return { message: existing, created: false }
  }
  // GOTCHA: PostgreSQL hands out sequence ids at insert time but concurrent inserts commit in any
  // order, so a poll (`?after=<id>`) could see id 105 before 104 commits and skip 104 for good
  // (bench:load measured it). A per-room lock taken in the same statement, before the id is
  // drawn, and held until that statement commits makes a room's ids visible in order; one round
  // trip keeps the lock short. SQLite has one writer, so its ids are in commit order already.
  const inserted =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (
          await sql<MessageRow>`
            INSERT INTO messages (room_id, wallet_address, display_name, content, client_id, created_at)
            SELECT ${m.room_id}, ${m.wallet_address}, ${m.display_name}, ${m.content}, ${m.client_id}, ${m.created_at}
            FROM (SELECT pg_advisory_xact_lock(${MESSAGE_LOCK_SPACE}, hashtext(${m.room_id}))) AS room_lock
            ON CONFLICT (room_id, wallet_address, client_id) DO NOTHING
            RETURNING *`.execute(db)
        ).rows[0]
      : await db
          .insertInto('messages')
          .values(m)
          .onConflict((oc) => oc.columns(['room_id', 'wallet_address', 'client_id']).doNothing())
          .returningAll()
          .executeTakeFirst()
  if (inserted) return { message: inserted, created: true }
  // Lost a race with a concurrent resend of the same clientId.
  const existing = await findByClientId(db, m.room_id, m.wallet_address, m.client_id ?? '')
  if (!existing) throw new Error('message insert conflicted but no row found')
  return { message: existing, created: false }
}

function findByClientId(db: Db, roomId: string, wallet: string, clientId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('wallet_address', '=', wallet)
    .where('client_id', '=', clientId)
    .executeTakeFirst()
}

/**
 * Oldest first. With `after`: messages newer than that id; without: the latest `limit`. Hidden
 * messages only with `includeHidden` (staff reads).
 */
export async function listMessages(
  db: Db,
  roomId: string,
  after: number | undefined,
  limit: number,
  includeHidden = false,
) {
  let query = db.selectFrom('messages').selectAll().where('room_id', '=', roomId)
  if (!includeHidden) query = query.where('hidden_at', 'is', null)
  if (after !== undefined) {
    return query.where('id', '>', after).orderBy('id').limit(limit).execute()
  }
  const latest = await query.orderBy('id', 'desc').limit(limit).execute()
  return latest.reverse()
}

export async function findMessage(db: Db, roomId: string, id: number) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function reactionsFor(db: Db, messageIds: number[]) {
  if (messageIds.length === 0) return []
  return db
    .selectFrom('reactions')
    .select(['message_id', 'emoji', 'wallet_address'])
    .where('message_id', 'in', messageIds)
    .orderBy('created_at')
    .execute()
}

export async function addReaction(
  db: Db,
  messageId: number,
  wallet: string,
  emoji: string,
  at: string,
) {
  await db
    .insertInto('reactions')
    .values({ message_id: messageId, wallet_address: wallet, emoji, created_at: at })
    .onConflict((oc) => oc.columns(['message_id', 'wallet_address', 'emoji']).doNothing())
    .execute()
}

export async function removeReaction(db: Db, messageId: number, wallet: string, emoji: string) {
  await db
    .deleteFrom('reactions')
    .where('message_id', '=', messageId)
    .where('wallet_address', '=', wallet)
    .where('emoji', '=', emoji)
    .execute()
}

/** Registers a participant or renames them; always refreshes lastSeen. */
export async function upsertParticipant(
  db: Db,
  roomId: string,
  wallet: string,
  displayName: string,
  now: string,
) {
  await db
    .insertInto('participants')
    .values({ room_id: roomId, wallet_address: wallet, display_name: displayName, last_seen: now })
    .onConflict((oc) =>
      oc
        .columns(['room_id', 'wallet_address'])
        .doUpdateSet({ display_name: displayName, last_seen: now }),
    )
    .execute()
}

export async function listParticipants(db: Db, roomId: string, limit: number) {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('last_seen', 'desc')
    .limit(limit)
    .execute()
}

/** Active badge/title per wallet, for decorating names in messages and participant lists. */
export async function activeCosmetics(db: Db, wallets: string[]) {
  if (wallets.length === 0) return []
  return db
    .selectFrom('purchases')
    .innerJoin('shop_items', 'shop_items.id', 'purchases.item_id')
    .select([
      'purchases.wallet_address',
      'shop_items.id',
      'shop_items.type',
      'shop_items.display',
      'shop_items.color',
    ])
    .where('purchases.wallet_address', 'in', [...new Set(wallets)])
    .where('purchases.active', '=', 1)
    .execute()
}
