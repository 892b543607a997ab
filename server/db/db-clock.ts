import { sql, type Kysely } from 'kysely'
import type { Database, DbKind } from './database'

/**
 * The database's clock (RELIABILITY.md §6a): time that gates anything — whitelist cooldowns, nonce
 * and session expiry, the sign-in time window — is read here, never from the instance's own clock,
 * so an instance whose clock runs fast or slow cannot shorten a cooldown or stretch a session.
 *
 * One query per `resampleMs` at most: between samples the time is the last database reading plus
 * the monotonic time elapsed since (performance.now() does not follow wall-clock changes), so a
 * request costs no extra round trip.
 */
export interface DbClock {
  /** the database's current time, ms since the epoch */
  now(): Promise<number>
}

async function queryNow(db: Kysely<Database>, kind: DbKind): Promise<number> {
  const query =
    kind === 'postgres'
      ? sql<{
          ms: string | number
        }>`SELECT floor(extract(epoch FROM clock_timestamp()) * 1000) AS ms`
      : sql<{
          ms: string | number
        }>`SELECT CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) AS ms`
  const { rows } = await query.execute(db)
  const ms = Number(rows[0]?.ms)
  if (!Number.isFinite(ms)) throw new Error('database clock: no time returned')
  return ms
}

export function createDbClock(
  db: Kysely<Database>,
  kind: DbKind,
  resampleMs = 10_000,
  monotonic: () => number = () => performance.now(),
): DbClock {
  let anchor: { db: number; mono: number } | undefined
  let pending: Promise<number> | undefined
  return {
    async now() {
      const mono = monotonic()
      if (anchor && mono - anchor.mono < resampleMs) return anchor.db + (mono - anchor.mono)
      // One sample in flight at a time, however many requests ask meanwhile.
      pending ??= queryNow(db, kind)
        .then((ms) => {
          anchor = { db: ms, mono: monotonic() }
          return ms
        })
        .finally(() => (pending = undefined))
      return pending
    },
  }
}
