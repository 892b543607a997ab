import fp from 'fastify-plugin'
import { type Kysely, sql } from 'kysely'
import { openDatabase, type Database, type DbKind } from '../db/database'
import { createDbClock, type DbClock } from '../db/db-clock'
import { migrateToLatest } from '../db/migrate'

/** `app.db` (Kysely) from DATABASE_URL, migrated on start, closed with the app. */
export const dbPlugin = fp(
  async (app) => {
    const handle = openDatabase(app.config.DATABASE_URL, {
      statementTimeoutMs: app.config.DB_STATEMENT_TIMEOUT_MS,
    })
    await migrateToLatest(handle)
    if (app.hasDecorator('healthChecks')) {
      app.healthChecks.register('database', () => sql`SELECT 1`.execute(handle.db))
    }
    app.decorate('db', handle.db)
    app.decorate('dbKind', handle.kind)
    app.decorate('dbClock', createDbClock(handle.db, handle.kind))
    app.addHook('onClose', async () => {
      await handle.db.destroy()
    })
  },
  { name: 'db' },
)

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>
    dbKind: DbKind
    /** the database's clock: cooldowns, nonces and sessions are timed by it (RELIABILITY.md §6a) */
    dbClock: DbClock
  }
}
