import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type Generated } from 'kysely'
import pg from 'pg'

type GeneratedId = Generated<number>

/** Timestamps are ISO-8601 UTC text on both engines: fixed width, so text order is time order. */
export interface RoomTable {
  id: string
  name: string
  description: string
  tier: string
  position: number
  announcement_content: string | null
  announcement_at: string | null
  announcement_by: string | null
  /** slow mode: one message per this many seconds per wallet; 0 = off */
  slow_mode_seconds: Generated<number>
}

export interface MessageTable {
  id: GeneratedId
  room_id: string
  wallet_address: string
  display_name: string
  content: string
  client_id: string | null
  created_at: string
  /** soft hide by staff: kept, restorable, served to staff only */
  hidden_at: string | null
  hidden_by: string | null
}

export interface ParticipantTable {
  room_id: string
  wallet_address: string
  display_name: string
  last_seen: string
}

interface ReactionTable {
  message_id: number
  wallet_address: string
  emoji: string
  created_at: string
}

export interface ShopItemTable {
  id: string
  type: string
  name: string
  description: string
  price: number
  display: string
  color: string | null
  position: number
}

interface PurchaseTable {
  wallet_address: string
  item_id: string
  /** 0 | 1: SQLite has no boolean */
  active: number
  purchased_at: string
}

/** vPOS committed to shop purchases per wallet; the row a purchase transaction locks. */
interface WalletLedgerTable {
  wallet_address: string
  spent: number
}

interface SignInNonceTable {
  nonce: string
  created_at: string
  expires_at: string
}

/** A cross-device sign-in request (server/auth/device-sign-in.routes.ts). */
interface DeviceSignInTable {
  /** SHA-256 hex of the request id the waiting browser holds */
  id: string
  /** the short code typed or scanned on the signing device */
  code: string
  /** the site origin the waiting browser made the request on */
  origin: string
  /** SHA-256 hex of the waiting browser's cookie secret */
  browser_hash: string
  nonce: string
  created_at: string
  expires_at: string
  /** set once, when the signing device's signature verified */
  wallet_address: string | null
  approved_at: string | null
  /** set once, when the waiting browser got its session */
  consumed_at: string | null
}

interface SessionTable {
  /** sha256 of the cookie token: a leaked table does not leak sessions */
  id: string
  wallet_address: string
  created_at: string
  expires_at: string
}

interface WhitelistCheckTable {
  wallet_address: string
  checked_at: string
  /** JSON of the last WhitelistResult; null while a check is running */
  result: string | null
}

/** Chat moderation (server/chat/moderation.repository.ts). */
interface ChatPostSlotTable {
  room_id: string
  wallet_address: string
  last_post_at: string
}

interface ChatMuteTable {
  room_id: string
  wallet_address: string
  until: string
  muted_by: string
  reason: string | null
  created_at: string
}

interface ChatReportTable {
  id: GeneratedId
  room_id: string
  message_id: number
  reporter: string
  reason: string | null
  created_at: string
  resolved_at: string | null
  resolved_by: string | null
  resolution: string | null
}

interface ChatPinTable {
  message_id: number
  room_id: string
  pinned_by: string
  pinned_at: string
}

interface ChatAuditTable {
  id: GeneratedId
  at: string
  staff_wallet: string
  action: string
  room_id: string
  target: string
  reason: string | null
}

/**
 * Live history (server/history/): times are epoch ms. PostgreSQL returns a bigint as a string, so
 * readers pass every time through Number().
 */
interface HistoryBaseTable {
  t: number
  data: Uint8Array
}

interface HistoryKeyframeTable {
  t: number
  base_t: number
  data: Uint8Array
}

interface HistoryChunkTable {
  t0: number
  t1: number
  data: Uint8Array
}

interface HistoryEventTable {
  t: number
  seq: number
  type: number
  agent_id: string | null
  data: Uint8Array
}

export interface Database {
  rooms: RoomTable
  messages: MessageTable
  participants: ParticipantTable
  reactions: ReactionTable
  shop_items: ShopItemTable
  purchases: PurchaseTable
  wallet_ledgers: WalletLedgerTable
  sign_in_nonces: SignInNonceTable
  sessions: SessionTable
  device_sign_ins: DeviceSignInTable
  whitelist_checks: WhitelistCheckTable
  chat_post_slots: ChatPostSlotTable
  chat_mutes: ChatMuteTable
  chat_reports: ChatReportTable
  chat_pins: ChatPinTable
  chat_audit: ChatAuditTable
  history_bases: HistoryBaseTable
  history_keyframes: HistoryKeyframeTable
  history_chunks: HistoryChunkTable
  history_events: HistoryEventTable
}

export type DbKind = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DbKind
}

/**
 * DATABASE_URL → Kysely: `postgres://…`/`postgresql://…` → PostgreSQL (pg pool); `sqlite:<path>` →
 * a better-sqlite3 file in WAL mode (its folder created if missing); `sqlite::memory:` → in memory.
 */
export function openDatabase(
  url: string,
  opts: { statementTimeoutMs?: number } = {},
): DatabaseHandle {
  const statementMs = opts.statementTimeoutMs ?? 3_000
  if (/^postgres(ql)?:\/\//.test(url)) {
    // Bounded waits (RELIABILITY.md §9, finding 8d: a hung database made requests wait 10 s): the
    // server cancels a statement after statementMs, the client gives up on a server that does not
    // answer at all 1 s later, and a connection that cannot be had fails after 3 s. Each is a 503,
    // never a hang.
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 3_000,
      statement_timeout: statementMs,
      query_timeout: statementMs + 1_000,
    })
    // GOTCHA: an idle client whose server went away emits 'error' on the pool; unhandled, that
    // kills the process. pg drops the client itself, and the next query reconnects.
    pool.on('error', () => {})
    // The same for a client checked out when its connection drops: pg emits 'error' on it (no
    // listener while checked out) besides failing its query, which would crash the process too.
    pool.on('connect', (client) => client.on('error', () => {}))
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      kind: 'postgres',
    }
  }
  if (!url.startsWith('sqlite:'))
    throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url}`)
  const path = url.slice('sqlite:'.length)
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new SQLite(path)
  sqlite.pragma('journal_mode = WAL')
  // better-sqlite3 runs on the event loop, so the default synchronous=FULL (an fsync per commit)
  // stalled every request for up to seconds on a busy disk (bench:load measured p99 event-loop
  // lag 4.6 s). NORMAL in WAL mode fsyncs at checkpoints only: a crash or kill of the process
  // loses nothing; only an OS crash or power cut can roll back the last commits.
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  // A writer waits at most the statement budget for the lock, then answers 503 (SQLITE_BUSY).
  sqlite.pragma(`busy_timeout = ${Math.round(statementMs)}`)
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    kind: 'sqlite',
  }
}

/** ISO-8601 UTC of a ms timestamp (default now). */
export function isoAt(ms: number = Date.now()): string {
  return new Date(ms).toISOString()
}
