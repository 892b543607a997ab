/**
 * Chat moderation's storage (docs/ARCHITECTURE.md "Chat moderation"): hidden messages (soft),
 * mutes, slow-mode slots, reports, pins and the audit log. Everything lives in the database every
 * instance shares, so a restart or another instance sees the same state.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/database'

type Db = Kysely<Database>

export async function setHidden(db: Db, messageId: number, by: string | null, at: string | null) {
  await db
    .updateTable('messages')
    .set({ hidden_at: at, hidden_by: by })
    .where('id', '=', messageId)
    .execute()
}

export async function setSlowMode(db: Db, roomId: string, seconds: number) {
  await db
    .updateTable('rooms')
    .set({ slow_mode_seconds: seconds })
    .where('id', '=', roomId)
    .execute()
}

/**
 * Slow mode's one atomic step: claims the wallet's post slot in the room unless its last post was
 * after `cutoff`. One statement (insert, or update guarded by the cutoff), so concurrent posts from
 * one wallet on any number of instances get at most one slot per window on both engines. Returns
 * the time of the post that holds the slot when refused, or null when claimed.
 */
export async function claimPostSlot(
  db: Db,
  roomId: string,
  wallet: string,
  now: string,
  cutoff: string,
): Promise<string | null> {
  const claimed = await db
    .insertInto('chat_post_slots')
    .values({ room_id: roomId, wallet_address: wallet, last_post_at: now })
    .onConflict((oc) =>
      oc
        .columns(['room_id', 'wallet_address'])
        .doUpdateSet({ last_post_at: now })
        .where('chat_post_slots.last_post_at', '<=', cutoff),
    )
    .returning('last_post_at')
    .executeTakeFirst()
  if (claimed) return null
  const held = await db
    .selectFrom('chat_post_slots')
    .select('last_post_at')
    .where('room_id', '=', roomId)
    .where('wallet_address', '=', wallet)
    .executeTakeFirst()
  return held?.last_post_at ?? now
}

export async function activeMute(db: Db, roomId: string, wallet: string, now: string) {
  return db
    .selectFrom('chat_mutes')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('wallet_address', '=', wallet)
    .where('until', '>', now)
    .executeTakeFirst()
}

export async function upsertMute(
  db: Db,
  m: {
    room_id: string
    wallet_address: string
    until: string
    muted_by: string
    reason: string | null
    created_at: string
  },
) {
  await db
    .insertInto('chat_mutes')
    .values(m)
    .onConflict((oc) =>
      oc.columns(['room_id', 'wallet_address']).doUpdateSet({
        until: m.until,
        muted_by: m.muted_by,
        reason: m.reason,
        created_at: m.created_at,
      }),
    )
    .execute()
}

/** Removes a mute; true if there was one still running. */
export async function deleteMute(db: Db, roomId: string, wallet: string, now: string) {
  const gone = await db
    .deleteFrom('chat_mutes')
    .where('room_id', '=', roomId)
    .where('wallet_address', '=', wallet)
    .returning('until')
    .executeTakeFirst()
  return gone !== undefined && gone.until > now
}

export async function listActiveMutes(db: Db, now: string) {
  return db
    .selectFrom('chat_mutes')
    .selectAll()
    .where('until', '>', now)
    .orderBy('until')
    .limit(200)
    .execute()
}

/** One report per member per message: false when this member already reported it. */
export async function insertReport(
  db: Db,
  r: {
    room_id: string
    message_id: number
    reporter: string
    reason: string | null
    created_at: string
  },
) {
  const row = await db
    .insertInto('chat_reports')
    .values(r)
    .onConflict((oc) => oc.columns(['message_id', 'reporter']).doNothing())
    .returningAll()
    .executeTakeFirst()
  return row ?? null
}

export async function listOpenReports(db: Db) {
  return db
    .selectFrom('chat_reports')
    .selectAll()
    .where('resolved_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(200)
    .execute()
}

export async function findReport(db: Db, id: number) {
  return db.selectFrom('chat_reports').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Closes every open report of a message (hidden) or one report (dismissed). */
export async function resolveReports(
  db: Db,
  where: { messageId: number } | { reportId: number },
  by: string,
  at: string,
  resolution: 'hidden' | 'dismissed',
) {
  let q = db
    .updateTable('chat_reports')
    .set({ resolved_at: at, resolved_by: by, resolution })
    .where('resolved_at', 'is', null)
  q =
    'messageId' in where
      ? q.where('message_id', '=', where.messageId)
      : q.where('id', '=', where.reportId)
  await q.execute()
}

export async function addPin(db: Db, roomId: string, messageId: number, by: string, at: string) {
  await db
    .insertInto('chat_pins')
    .values({ room_id: roomId, message_id: messageId, pinned_by: by, pinned_at: at })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute()
}

export async function removePin(db: Db, messageId: number) {
  await db.deleteFrom('chat_pins').where('message_id', '=', messageId).execute()
}

/** The room's pinned messages that are not hidden, newest pin first. */
export async function listPinnedMessages(db: Db, roomId: string) {
  return db
    .selectFrom('chat_pins')
    .innerJoin('messages', 'messages.id', 'chat_pins.message_id')
    .selectAll('messages')
    .where('chat_pins.room_id', '=', roomId)
    .where('messages.hidden_at', 'is', null)
    .orderBy('chat_pins.pinned_at', 'desc')
    .limit(50)
    .execute()
}

export async function audit(
  db: Db,
  e: {
    at: string
    staff_wallet: string
    action: string
    room_id: string
    target: string
    reason: string | null
  },
) {
  await db.insertInto('chat_audit').values(e).execute()
}

export async function listAudit(db: Db, limit: number) {
  return db.selectFrom('chat_audit').selectAll().orderBy('id', 'desc').limit(limit).execute()
}

export async function messagesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db.selectFrom('messages').selectAll().where('id', 'in', ids).execute()
}
