import type { Kysely } from 'kysely'

// Frozen in time: never import app code here. The cross-device sign-in requests
// (docs/ARCHITECTURE.md "Wallet and sign-in"): one row per request, in the database every instance
// shares, so any instance can serve any step. Ids and browser secrets are stored as SHA-256 hex.
export function deviceSignIns() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('device_sign_ins')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('wallet_address', 'text')
        .addColumn('approved_at', 'text')
        .addColumn('consumed_at', 'text')
        .execute()
      await db.schema
        .createIndex('device_sign_ins_expires_at')
        .on('device_sign_ins')
        .column('expires_at')
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('device_sign_ins').execute()
    },
  }
}
