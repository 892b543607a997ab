import { sql, type Kysely } from 'kysely'

// Frozen in time: never import app code here. `kind` picks the auto-increment spelling.
export function initial(kind: 'sqlite' | 'postgres') {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rooms')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('tier', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('announcement_content', 'text')
        .addColumn('announcement_at', 'text')
        .addColumn('announcement_by', 'text')
        .execute()

      let messages = db.schema.createTable('messages')
      messages =
        kind === 'postgres'
          ? messages.addColumn('id', 'serial', (c) => c.primaryKey())
          : messages.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      await messages
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id'))
        .addColumn('wallet_address', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('messages_room_id')
        .on('messages')
        .columns(['room_id', 'id'])
        .execute()
      // NULL client ids are distinct on both engines, so only real resends collide.
      await db.schema
        .createIndex('messages_client_id')
        .unique()
        .on('messages')
        .columns(['room_id', 'wallet_address', 'client_id'])
        .execute()

      await db.schema
        .createTable('participants')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id'))
        .addColumn('wallet_address', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('last_seen', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('participants_pk', ['room_id', 'wallet_address'])
        .execute()

      await db.schema
        .createTable('reactions')
        .addColumn('message_id', 'integer', (c) =>
          c.notNull().references('messages.id').onDelete('cascade'),
        )
        .addColumn('wallet_address', 'text', (c) => c.notNull())
        .addColumn('emoji', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('reactions_pk', ['message_id', 'wallet_address', 'emoji'])
        .execute()

      await db.schema
        .createTable('shop_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('display', 'text', (c) => c.notNull())
        .addColumn('color', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('purchases')
        .addColumn('wallet_address', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull().references('shop_items.id'))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('purchased_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('purchases_pk', ['wallet_address', 'item_id'])
        .execute()

      await db.schema
        .createTable('wallet_ledgers')
        .addColumn('wallet_address', 'text', (c) => c.primaryKey())
        .addColumn('spent', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      await db.schema
        .createTable('sign_in_nonces')
        .addColumn('nonce', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('wallet_address', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('whitelist_checks')
        .addColumn('wallet_address', 'text', (c) => c.primaryKey())
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .addColumn('result', 'text')
        .execute()

      await seed(db)
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'whitelist_checks',
        'sessions',
        'sign_in_nonces',
        'wallet_ledgers',
        'purchases',
        'shop_items',
        'reactions',
        'participants',
        'messages',
        'rooms',
      ]) {
        await db.schema.dropTable(t).execute()
      }
    },
  }
}

const ROOMS = [
  [
    'bronze-lounge',
    'Bronze Lounge',
    'Open floor for every holder: intros, questions and swarm sightings.',
    'bronze',
  ],
  [
    'bronze-signals',
    'Signal Relay',
    'Share agent anomalies and network patterns you spotted on the canvas.',
    'bronze',
  ],
  [
    'silver-lab',
    'Silver Lab',
    'Strategy talk for committed holders: parameters, tasks and tuning.',
    'silver',
  ],
  [
    'gold-vault',
    'Gold Vault',
    'Early previews of Labs, Blinks and Games with the builders.',
    'gold',
  ],
  [
    'platinum-core',
    'Platinum Core',
    'The inner circle: roadmap input and direct line to the vPOS Team.',
    'platinum',
  ],
] as const

const ITEMS = [
  [
    'badge-node',
    'badge',
    'Node Badge',
    'A hex marker for swarm node holders.',
    1_000,
    '⬡ NODE',
    '#00ffd5',
  ],
  [
    'badge-validator',
    'badge',
    'Validator Badge',
    'Shows you keep the swarm honest.',
    10_000,
    '◆ VALIDATOR',
    '#4da6ff',
  ],
  [
    'badge-architect',
    'badge',
    'Architect Badge',
    'For holders who shape the swarm.',
    100_000,
    '▲ ARCHITECT',
    '#ffb000',
  ],
  [
    'badge-core',
    'badge',
    'Core Badge',
    'The rarest mark: platinum core members.',
    1_000_000,
    '✦ CORE',
    '#ff3df5',
  ],
  [
    'title-operator',
    'title',
    'Swarm Operator',
    'A title shown beside your name.',
    1_000,
    'Swarm Operator',
    null,
  ],
  [
    'title-analyst',
    'title',
    'Pattern Analyst',
    'For those who read the swarm.',
    5_000,
    'Pattern Analyst',
    '#7cff6b',
  ],
  [
    'title-sentinel',
    'title',
    'Network Sentinel',
    'Guardian of the network.',
    25_000,
    'Network Sentinel',
    '#4da6ff',
  ],
  [
    'title-overseer',
    'title',
    'Swarm Overseer',
    'Commands the whole swarm.',
    250_000,
    'Swarm Overseer',
    '#ffb000',
  ],
] as const

async function seed(db: Kysely<unknown>) {
  for (const [i, [id, name, description, tier]] of ROOMS.entries()) {
    await sql`INSERT INTO rooms (id, name, description, tier, position) VALUES (${id}, ${name}, ${description}, ${tier}, ${i})`.execute(
      db,
    )
  }
  for (const [i, [id, type, name, description, price, display, color]] of ITEMS.entries()) {
    await sql`INSERT INTO shop_items (id, type, name, description, price, display, color, position)
      VALUES (${id}, ${type}, ${name}, ${description}, ${price}, ${display}, ${color}, ${i})`.execute(
      db,
    )
  }
}
