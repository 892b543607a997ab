import type { Kysely } from 'kysely'

// Frozen in time: never import app code here. Unread markers, mentions and previews
// (docs/ARCHITECTURE.md "Chat moderation"): each wallet's last-read message per room, the wallets
// each message mentions, and whether a room shows non-holders a preview.
export function chatUnread() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chat_read_marks')
        .addColumn('room_id', 'text', (c) => c.notNull())
        .addColumn('wallet_address', 'text', (c) => c.notNull())
        .addColumn('last_read_id', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_read_marks_pk', ['room_id', 'wallet_address'])
        .execute()

      await db.schema
        .createTable('chat_mentions')
        .addColumn('message_id', 'integer', (c) => c.notNull())
        .addColumn('wallet_address', 'text', (c) => c.notNull())
        .addColumn('room_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_mentions_pk', ['message_id', 'wallet_address'])
        .execute()
      await db.schema
        .createIndex('chat_mentions_wallet')
        .on('chat_mentions')
        .columns(['wallet_address', 'room_id', 'message_id'])
        .execute()

      await db.schema
        .alterTable('rooms')
        .addColumn('previews', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('rooms').dropColumn('previews').execute()
      await db.schema.dropTable('chat_mentions').execute()
      await db.schema.dropTable('chat_read_marks').execute()
    },
  }
}
