import type { Kysely } from 'kysely'
import type { Database } from './database'

type Db = Kysely<Database>

export async function insertNonce(db: Db, nonce: string, createdAt: string, expiresAt: string) {
  await db
    .insertInto('sign_in_nonces')
    .values({ nonce, created_at: createdAt, expires_at: expiresAt })
    .execute()
}

/** Atomically uses up a live nonce: true for exactly one caller, false if unknown, used or expired. */
export async function consumeNonce(db: Db, nonce: string, now: string): Promise<boolean> {
  const res = await db
    .deleteFrom('sign_in_nonces')
    .where('nonce', '=', nonce)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(res.numDeletedRows) === 1
}

/** Housekeeping on each nonce request: expired nonces and sessions go. */
export async function deleteExpiredSignIns(db: Db, now: string) {
  await db.deleteFrom('sign_in_nonces').where('expires_at', '<=', now).execute()
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute()
}

export async function insertSession(
  db: Db,
  s: { id: string; walletAddress: string; createdAt: string; expiresAt: string },
) {
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      wallet_address: s.walletAddress,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
    })
    .execute()
}

export async function findSession(db: Db, id: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['wallet_address', 'expires_at'])
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

export async function deleteSession(db: Db, id: string) {
  await db.deleteFrom('sessions').where('id', '=', id).execute()
}

/** Every session of a wallet ("sign out everywhere"). */
export async function deleteSessionsOf(db: Db, walletAddress: string) {
  await db.deleteFrom('sessions').where('wallet_address', '=', walletAddress).execute()
}
