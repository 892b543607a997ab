import type { Migration, MigrationProvider } from 'kysely'
import { initial } from './0001-initial'
import { deviceSignIns } from './0002-device-sign-ins'
import { chatModeration } from './0003-chat-moderation'
import { liveHistory } from './0004-live-history'

/** All migrations in order; names sort lexically. */
export function migrationProvider(kind: 'sqlite' | 'postgres'): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001-initial': initial(kind),
        '0002-device-sign-ins': deviceSignIns(),
        '0003-chat-moderation': chatModeration(kind),
        '0004-live-history': liveHistory(kind),
      }
    },
  }
}
