import type { Kysely } from 'kysely'

// Frozen in time: never import app code here. Chat moderation (docs/ARCHITECTURE.md "Chat
// moderation"): soft-hidden messages, per-room slow mode, mutes, reports, pins, the staff audit
// log, and the per-wallet last-post slot that makes slow mode atomic on both engines.
export function chatModeration(kind: 'sqlite' | 'postgres') {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('messages').addColumn('hidden_at', 'text').execute()
      await db.schema.alterTable('messages').addColumn('hidden_by', 'text').execute()
      await db.schema
        .alterTable('rooms')
        .addColumn('slow_mode_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      await db.schema
        .createTable('chat_post_slots')
        .addColumn('room_id', 'text', (c) => c.notNull())
        .addColumn('wallet_address', 'text', (c) => c.notNull())
        .addColumn('last_post_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_post_slots_pk', ['room_id', 'wallet_address'])
        .execute()

      await db.schema
        .createTable('chat_mutes')
        .addColumn('room_id', 'text', (c) => c.notNull())
        .addColumn('wallet_address', 'text', (c) => c.notNull())
        .addColumn('until', 'text', (c) => c.notNull())
        .addColumn('muted_by', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_mutes_pk', ['room_id', 'wallet_address'])
        .execute()

      let reports = db.schema.createTable('chat_reports')
      reports =
        kind === 'postgres'
          ? reports.addColumn('id', 'serial', (c) => c.primaryKey())
          : reports.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      await reports
        .addColumn('room_id', 'text', (c) => c.notNull())
        .addColumn('message_id', 'integer', (c) => c.notNull())
        .addColumn('reporter', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('resolved_at', 'text')
        .addColumn('resolved_by', 'text')
        .addColumn('resolution', 'text')
        .execute()
      await db.schema
        .createIndex('chat_reports_once')
        .unique()
        .on('chat_reports')
        .columns(['message_id', 'reporter'])
        .execute()

      await db.schema
        .createTable('chat_pins')
        .addColumn('message_id', 'integer', (c) => c.primaryKey())
        .addColumn('room_id', 'text', (c) => c.notNull())
        .addColumn('pinned_by', 'text', (c) => c.notNull())
        .addColumn('pinned_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('chat_pins_room').on('chat_pins').column('room_id').execute()

      let audit = db.schema.createTable('chat_audit')
      audit =
        kind === 'postgres'
          ? audit.addColumn('id', 'serial', (c) => c.primaryKey())
          : audit.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      await audit
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('staff_wallet', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('room_id', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .execute()
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['chat_audit', 'chat_pins', 'chat_reports', 'chat_mutes', 'chat_post_slots'])
        await db.schema.dropTable(t).execute()
      await db.schema.alterTable('rooms').dropColumn('slow_mode_seconds').execute()
      await db.schema.alterTable('messages').dropColumn('hidden_by').execute()
      await db.schema.alterTable('messages').dropColumn('hidden_at').execute()
    },
  }
}
