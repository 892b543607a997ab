import type { Kysely } from 'kysely'
import type { Database } from '../db/database'

type Db = Kysely<Database>

export type Claim = { ok: true; previous: string | null } | { ok: false; lastCheckedAt: string }

/**
 * Starts a check for `wallet` unless one started after `cutoff`: a conditional upsert, so two
 * instances (or two concurrent requests) cannot both pass the cooldown.
 */
export async function claimCheck(
  db: Db,
  wallet: string,
  now: string,
  cutoff: string,
): Promise<Claim> {
  const before = await db
    .selectFrom('whitelist_checks')
    .select('checked_at')
    .where('wallet_address', '=', wallet)
    .executeTakeFirst()
  if (before && before.checked_at > cutoff) return { ok: false, lastCheckedAt: before.checked_at }
  if (!before) {
    const inserted = await db
      .insertInto('whitelist_checks')
      .values({ wallet_address: wallet, checked_at: now, result: null })
      .onConflict((oc) => oc.column('wallet_address').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { ok: true, previous: null }
  } else {
    const updated = await db
      .updateTable('whitelist_checks')
      .set({ checked_at: now, result: null })
      .where('wallet_address', '=', wallet)
      .where('checked_at', '<=', cutoff)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 1) return { ok: true, previous: before.checked_at }
  }
  const winner = await db
    .selectFrom('whitelist_checks')
    .select('checked_at')
    .where('wallet_address', '=', wallet)
    .executeTakeFirstOrThrow()
  return { ok: false, lastCheckedAt: winner.checked_at }
}

export async function saveCheckResult(db: Db, wallet: string, result: string) {
  await db
    .updateTable('whitelist_checks')
    .set({ result })
    .where('wallet_address', '=', wallet)
    .execute()
}

/** A failed check must not cost the user a cooldown: restore the previous start (or forget it). */
export async function releaseCheck(db: Db, wallet: string, previous: string | null) {
  if (previous === null)
    await db.deleteFrom('whitelist_checks').where('wallet_address', '=', wallet).execute()
  else
    await db
      .updateTable('whitelist_checks')
      .set({ checked_at: previous })
      .where('wallet_address', '=', wallet)
      .execute()
}
