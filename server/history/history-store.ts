/**
 * The live history's rows in the database (server/db/migrations/0004-live-history.ts), through
 * Kysely on SQLite or PostgreSQL. Every table is keyed by time: a write never overwrites, and
 * never adds a moment at or before the newest one stored (no rewind, whoever writes).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/database'

export interface BaseRow {
  t: number
  data: Uint8Array
}
export interface KeyframeRow {
  t: number
  base_t: number
  data: Uint8Array
}
export interface ChunkRow {
  t0: number
  t1: number
  data: Uint8Array
}
export interface EventRow {
  t: number
  seq: number
  type: number
  agent_id: string | null
  data: Uint8Array
}

/** What one write adds: a keyframe period's rows (or several). */
export interface HistoryBatch {
  bases: BaseRow[]
  keyframes: KeyframeRow[]
  chunks: ChunkRow[]
  events: EventRow[]
}

/** How long each kind of row is kept, in ms. */
export interface Retention {
  /** every tick (chunks) */
  framesMs: number
  /** keyframes, console messages and error events */
  keyframesMs: number
}

export const DEFAULT_RETENTION: Retention = { framesMs: 10 * 60_000, keyframesMs: 24 * 3_600_000 }

/** The longest failover fill before a base (the recorder's maxFillMs is at most this). */
export const FILL_LOOKBACK_MS = 60_000

const buf = (u: Uint8Array): Buffer => Buffer.from(u.buffer, u.byteOffset, u.byteLength)
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))

export class HistoryStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The newest recorded moment (a keyframe or a chunk's last tick), null when none. */
  async newest(db: Kysely<Database> = this.db): Promise<number | null> {
    const k = await db
      .selectFrom('history_keyframes')
      .select((e) => e.fn.max('t').as('t'))
      .executeTakeFirst()
    const c = await db
      .selectFrom('history_chunks')
      .select((e) => e.fn.max('t1').as('t'))
      .executeTakeFirst()
    const times = [num(k?.t), num(c?.t)].filter((t): t is number => t !== null)
    return times.length ? Math.max(...times) : null
  }

  /**
   * Adds a batch in one transaction. Rows at or before the newest stored moment are refused (a
   * leader that lost its lease, a late write): returns how many keyframes were refused.
   */
  async write(batch: HistoryBatch): Promise<{ refused: number }> {
    return this.db.transaction().execute(async (tx) => {
      const floor = (await this.newest(tx)) ?? -Infinity
      const keyframes = batch.keyframes.filter((r) => r.t > floor)
      const chunks = batch.chunks.filter((r) => r.t0 > floor)
      const bases = batch.bases.filter((r) => r.t > floor)
      const events = batch.events.filter((r) => r.t > floor)
      if (bases.length)
        await tx
          .insertInto('history_bases')
          .values(bases.map((r) => ({ ...r, data: buf(r.data) })))
          .onConflict((oc) => oc.doNothing())
          .execute()
      if (keyframes.length)
        await tx
          .insertInto('history_keyframes')
          .values(keyframes.map((r) => ({ ...r, data: buf(r.data) })))
          .onConflict((oc) => oc.doNothing())
          .execute()
      if (chunks.length)
        await tx
          .insertInto('history_chunks')
          .values(chunks.map((r) => ({ ...r, data: buf(r.data) })))
          .onConflict((oc) => oc.doNothing())
          .execute()
      if (events.length)
        await tx
          .insertInto('history_events')
          .values(events.map((r) => ({ ...r, data: buf(r.data) })))
          .onConflict((oc) => oc.doNothing())
          .execute()
      return { refused: batch.keyframes.length - keyframes.length }
    })
  }

  /** Deletes what retention no longer keeps, as of `now`. */
  async prune(now: number, keep: Retention = DEFAULT_RETENTION): Promise<void> {
    await this.db
      .deleteFrom('history_chunks')
      .where('t1', '<', now - keep.framesMs)
      .execute()
    // keyframes go by whole chains (each is a delta of the one before): those of every base older
    // than the cutoff, but the chain that reaches past it
    const cutoff = now - keep.keyframesMs
    const last = await this.db
      .selectFrom('history_bases')
      .select((e) => e.fn.max('t').as('t'))
      .where('t', '<=', cutoff)
      .executeTakeFirst()
    const lastBase = num(last?.t)
    if (lastBase !== null) {
      const reaches = await this.db
        .selectFrom('history_keyframes')
        .select('t')
        .where('base_t', '=', lastBase)
        .where('t', '>=', cutoff)
        .limit(1)
        .executeTakeFirst()
      await this.db
        .deleteFrom('history_keyframes')
        .where('base_t', reaches ? '<' : '<=', lastBase)
        .execute()
    }
    await this.db
      .deleteFrom('history_events')
      .where('t', '<', now - keep.keyframesMs)
      .execute()
    // a base goes with the last keyframe that needs it
    const oldest = await this.db
      .selectFrom('history_keyframes')
      .select((e) => e.fn.min('base_t').as('t'))
      .executeTakeFirst()
    const minBase = num(oldest?.t)
    await this.db
      .deleteFrom('history_bases')
      .where('t', '<', minBase ?? now - keep.keyframesMs)
      .execute()
  }

  /** The first and last moments kept, and where the every-tick part begins. */
  async info(): Promise<{
    oldest: number | null
    newest: number | null
    frameExactSince: number | null
  }> {
    const k = await this.db
      .selectFrom('history_keyframes')
      .select((e) => e.fn.min('t').as('t'))
      .executeTakeFirst()
    const c = await this.db
      .selectFrom('history_chunks')
      .select((e) => e.fn.min('t0').as('t'))
      .executeTakeFirst()
    return { oldest: num(k?.t), newest: await this.newest(), frameExactSince: num(c?.t) }
  }

  /** The newest keyframe at or before `at` whose base is kept. */
  async keyframeAtOrBefore(at: number): Promise<KeyframeRow | undefined> {
    const row = await this.db
      .selectFrom('history_keyframes as k')
      .innerJoin('history_bases as b', 'b.t', 'k.base_t')
      .select(['k.t', 'k.base_t', 'k.data'])
      .where('k.t', '<=', at)
      .orderBy('k.t', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row && { t: Number(row.t), base_t: Number(row.base_t), data: row.data }
  }

  async base(t: number): Promise<BaseRow | undefined> {
    const row = await this.db
      .selectFrom('history_bases')
      .selectAll()
      .where('t', '=', t)
      .executeTakeFirst()
    return row && { t: Number(row.t), data: row.data }
  }

  /**
   * The keyframes of base `baseT` with from < t ≤ to, oldest first: each is a delta of the one
   * before (a failover's fill keyframes come at most FILL_LOOKBACK_MS before their base).
   */
  async keyframeChain(baseT: number, from: number, to: number): Promise<KeyframeRow[]> {
    const rows = await this.db
      .selectFrom('history_keyframes')
      .selectAll()
      .where('t', '>', Math.max(from, baseT - FILL_LOOKBACK_MS))
      .where('t', '<=', to)
      .where('base_t', '=', baseT)
      .orderBy('t')
      .execute()
    return rows.map((r) => ({ t: Number(r.t), base_t: Number(r.base_t), data: r.data }))
  }

  /** Keyframes with from < t ≤ to, oldest first. */
  async keyframesIn(from: number, to: number): Promise<KeyframeRow[]> {
    const rows = await this.db
      .selectFrom('history_keyframes')
      .selectAll()
      .where('t', '>', from)
      .where('t', '<=', to)
      .orderBy('t')
      .execute()
    return rows.map((r) => ({ t: Number(r.t), base_t: Number(r.base_t), data: r.data }))
  }

  /** Chunks holding a tick with from < t ≤ to, oldest first. */
  async chunksIn(from: number, to: number): Promise<ChunkRow[]> {
    const rows = await this.db
      .selectFrom('history_chunks')
      .selectAll()
      .where('t1', '>', from)
      .where('t0', '<=', to)
      .orderBy('t0')
      .execute()
    return rows.map((r) => ({ t0: Number(r.t0), t1: Number(r.t1), data: r.data }))
  }

  /** Events with from < t ≤ to in publish order. */
  async eventsIn(from: number, to: number): Promise<EventRow[]> {
    const rows = await this.db
      .selectFrom('history_events')
      .selectAll()
      .where('t', '>', from)
      .where('t', '<=', to)
      .orderBy('t')
      .orderBy('seq')
      .execute()
    return rows.map((r) => ({ ...r, t: Number(r.t) }))
  }

  /** The last `limit` events of `type` with since < t ≤ upTo, oldest first. */
  async lastEvents(type: number, upTo: number, since: number, limit: number): Promise<EventRow[]> {
    const rows = await this.db
      .selectFrom('history_events')
      .selectAll()
      .where('type', '=', type)
      .where('t', '<=', upTo)
      .where('t', '>', since)
      .orderBy('t', 'desc')
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute()
    return rows.reverse().map((r) => ({ ...r, t: Number(r.t) }))
  }
}
