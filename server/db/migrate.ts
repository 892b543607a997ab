import { Migrator } from 'kysely'
import type { DatabaseHandle } from './database'
import { migrationProvider } from './migrations'

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest({ db, kind }: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(kind) })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error)
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    })
}
