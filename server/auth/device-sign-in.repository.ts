import type { Kysely } from 'kysely'
import type { Database } from '../db/database'

type Db = Kysely<Database>

export interface NewDeviceSignIn {
  id: string
  code: string
  origin: string
  browserHash: string
  nonce: string
  createdAt: string
  expiresAt: string
}

/** Stores a new request; false when its code is already taken (the caller draws another). */
export async function insertDeviceSignIn(db: Db, r: NewDeviceSignIn): Promise<boolean> {
  const res = await db
    .insertInto('device_sign_ins')
    .values({
      id: r.id,
      code: r.code,
      origin: r.origin,
      browser_hash: r.browserHash,
      nonce: r.nonce,
      created_at: r.createdAt,
      expires_at: r.expiresAt,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst()
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1
}

export function findDeviceSignInById(db: Db, id: string) {
  return db.selectFrom('device_sign_ins').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findDeviceSignInByCode(db: Db, code: string) {
  return db.selectFrom('device_sign_ins').selectAll().where('code', '=', code).executeTakeFirst()
}

/**
 * Records the verified signer, once: true for exactly one caller, and only while the request is
 * live and unused (one UPDATE, atomic on SQLite and PostgreSQL, whichever instance runs it).
 */
export async function approveDeviceSignIn(
  db: Db,
  id: string,
  walletAddress: string,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('device_sign_ins')
    .set({ wallet_address: walletAddress, approved_at: now })
    .where('id', '=', id)
    .where('wallet_address', 'is', null)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/**
 * Uses up an approved request, once: the signer's wallet for exactly one caller, null for every
 * other (one UPDATE … RETURNING).
 */
export async function consumeDeviceSignIn(db: Db, id: string, now: string): Promise<string | null> {
  const row = await db
    .updateTable('device_sign_ins')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('wallet_address', 'is not', null)
    .where('consumed_at', 'is', null)
    .returning('wallet_address')
    .executeTakeFirst()
  return row?.wallet_address ?? null
}

/** Housekeeping when a request is made: requests that ended before `before` go. */
export async function deleteEndedDeviceSignIns(db: Db, before: string) {
  await db.deleteFrom('device_sign_ins').where('expires_at', '<=', before).execute()
}
