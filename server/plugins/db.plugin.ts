import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'
import { openDatabase, type Database, type DbKind } from '../db/database'
import { migrateToLatest } from '../db/migrate'

/** `app.db` (Kysely) from DATABASE_URL, migrated on start, closed with the app. */
export const dbPlugin = fp(
  async (app) => {
    const handle = openDatabase(app.config.DATABASE_URL)
    await migrateToLatest(handle)
    app.decorate('db', handle.db)
    app.decorate('dbKind', handle.kind)
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
  }
}
