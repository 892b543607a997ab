import type { Kysely } from 'kysely'
import type {
  ChatMessage,
  Cosmetic,
  Participant,
  Reactions,
  Room,
  Tier,
} from '../../src/contracts/chat'
import { activeCosmetics, reactionsFor, type MessageRow, type RoomRow } from './chat.repository'
import type { Database, ParticipantTable } from '../db/database'
import { mentionsFor } from './unread.repository'

type Db = Kysely<Database>

export function toRoom(row: RoomRow, thresholds: Record<Tier, number>): Room {
  const tier = row.tier as Tier
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tier,
    requiredTokenAmount: thresholds[tier] ?? 0,
    announcement:
      row.announcement_content !== null && row.announcement_at !== null
        ? { content: row.announcement_content, timestamp: row.announcement_at }
        : null,
    slowModeSeconds: row.slow_mode_seconds ?? 0,
    previews: Number(row.previews ?? 0) === 1,
  }
}

async function cosmeticsByWallet(db: Db, wallets: string[]) {
  const out = new Map<string, { badge: Cosmetic | null; title: Cosmetic | null }>()
  for (const r of await activeCosmetics(db, wallets)) {
    const entry = out.get(r.wallet_address) ?? { badge: null, title: null }
    const cosmetic = { itemId: r.id, display: r.display, color: r.color }
    if (r.type === 'badge') entry.badge = cosmetic
    else if (r.type === 'title') entry.title = cosmetic
    out.set(r.wallet_address, entry)
  }
  return out
}

/** Rows → API messages with reactions (emoji → wallets) and the authors' active badge/title. */
export async function toMessages(
  db: Db,
  rows: MessageRow[],
  isStaff: (w: string) => boolean,
): Promise<ChatMessage[]> {
  const ids = rows.map((r) => Number(r.id))
  const reactions = new Map<number, Reactions>()
  for (const r of await reactionsFor(db, ids)) {
    const id = Number(r.message_id)
    const map = reactions.get(id) ?? {}
    const entry = map[r.emoji] ?? { walletAddresses: [] }
    entry.walletAddresses.push(r.wallet_address)
    map[r.emoji] = entry
    reactions.set(id, map)
  }
  const cosmetics = await cosmeticsByWallet(
    db,
    rows.map((r) => r.wallet_address),
  )
  const mentions = await mentionsFor(db, ids)
  return rows.map((r) => ({
    id: Number(r.id),
    roomId: r.room_id,
    walletAddress: r.wallet_address,
    displayName: r.display_name,
    content: r.content,
    createdAt: r.created_at,
    clientId: r.client_id,
    reactions: reactions.get(Number(r.id)) ?? {},
    isStaff: isStaff(r.wallet_address),
    badge: cosmetics.get(r.wallet_address)?.badge ?? null,
    title: cosmetics.get(r.wallet_address)?.title ?? null,
    hidden: r.hidden_at !== null && r.hidden_at !== undefined,
    mentions: mentions.get(Number(r.id)) ?? [],
  }))
}

export async function toParticipants(
  db: Db,
  rows: ParticipantTable[],
  isStaff: (w: string) => boolean,
): Promise<Participant[]> {
  const cosmetics = await cosmeticsByWallet(
    db,
    rows.map((r) => r.wallet_address),
  )
  return rows.map((r) => ({
    walletAddress: r.wallet_address,
    displayName: r.display_name,
    lastSeen: r.last_seen,
    isStaff: isStaff(r.wallet_address),
    badge: cosmetics.get(r.wallet_address)?.badge ?? null,
    title: cosmetics.get(r.wallet_address)?.title ?? null,
  }))
}
