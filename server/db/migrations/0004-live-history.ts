import type { Kysely } from 'kysely'

// Frozen in time: never import app code here. Live history (docs/ARCHITECTURE.md "Live
// history"): the feed leader's recording of the live swarm. Times are epoch ms (bigint); every
// table is keyed by time, so a second writer of the same moment changes nothing.
export function liveHistory(kind: 'sqlite' | 'postgres') {
  const blob = kind === 'postgres' ? 'bytea' : 'blob'
  return {
    async up(db: Kysely<unknown>) {
      // what rarely changes (ids, colours, types…) and the full columns a keyframe is a delta of
      await db.schema
        .createTable('history_bases')
        .addColumn('t', 'bigint', (c) => c.primaryKey())
        .addColumn('data', blob, (c) => c.notNull())
        .execute()
      // the whole swarm once a second (kept 24 h)
      await db.schema
        .createTable('history_keyframes')
        .addColumn('t', 'bigint', (c) => c.primaryKey())
        .addColumn('base_t', 'bigint', (c) => c.notNull())
        .addColumn('data', blob, (c) => c.notNull())
        .execute()
      // a keyframe is a delta of the one before under the same base: read and pruned by base
      await db.schema
        .createIndex('history_keyframes_base')
        .on('history_keyframes')
        .columns(['base_t', 't'])
        .execute()
      // every tick of one keyframe period, one row (kept 10 min)
      await db.schema
        .createTable('history_chunks')
        .addColumn('t0', 'bigint', (c) => c.primaryKey())
        .addColumn('t1', 'bigint', (c) => c.notNull())
        .addColumn('data', blob, (c) => c.notNull())
        .execute()
      // console messages (2) and error events (5) as published (kept 24 h)
      await db.schema
        .createTable('history_events')
        .addColumn('t', 'bigint', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('agent_id', 'text')
        .addColumn('data', blob, (c) => c.notNull())
        .addPrimaryKeyConstraint('history_events_pk', ['t', 'seq'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['history_events', 'history_chunks', 'history_keyframes', 'history_bases'])
        await db.schema.dropTable(t).execute()
    },
  }
}
