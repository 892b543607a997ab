/**
 * Pure rules of the chat screen (PRODUCT.md §4, §5, §9), kept out of the components for table
 * tests.
 */
import {
  COUNT_BAR_EMOJIS,
  ONLINE_WINDOW_MS,
  type ChatMessage,
  type Cosmetic,
  type Participant,
  type Reactions,
  type Room,
  type Tier,
} from '../../contracts/chat'
import { momentOfLink } from '../../state/urlParams'
import { formatNumber } from '../../ui/format'

/** PRODUCT.md §9: auto-scroll holds while the reader is within this many px of the bottom. */
const AUTO_SCROLL_PX = 100
/** PRODUCT.md §9: message poll and participants/registration poll. */
export const MESSAGE_POLL_MS = 3_000
export const PARTICIPANT_POLL_MS = 10_000
/** Messages kept in memory per room; older ones drop off the top. */
export const MAX_KEPT_MESSAGES = 500

/** Adds `incoming` to `current` by id (a re-delivered id replaces the old copy), oldest first. */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[]
  const byId = new Map<number, ChatMessage>()
  for (const m of current) byId.set(m.id, m)
  for (const m of incoming) byId.set(m.id, m)
  const merged = [...byId.values()].sort((a, b) => a.id - b.id)
  return merged.length > MAX_KEPT_MESSAGES ? merged.slice(-MAX_KEPT_MESSAGES) : merged
}

/** The `?after=` cursor: the largest id of a server list, never going back. */
export function nextCursor(cursor: number, fetched: readonly ChatMessage[]): number {
  return fetched.reduce((max, m) => Math.max(max, m.id), cursor)
}

/** A pushed participant into the list (replacing its old entry), most recently seen first. */
export function upsertParticipant(list: readonly Participant[], p: Participant): Participant[] {
  return [p, ...list.filter((x) => x.walletAddress !== p.walletAddress)].sort((a, b) =>
    b.lastSeen.localeCompare(a.lastSeen),
  )
}

/** PRODUCT.md §4: is the reader within 100 px of the bottom of the message list? */
export function isNearBottom(
  el: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = AUTO_SCROLL_PX,
): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold
}

/** Participants seen within the online window (registration repeats every 10 s). */
export function onlineCount(participants: readonly Participant[], now: number): number {
  return participants.filter((p) => now - Date.parse(p.lastSeen) <= ONLINE_WINDOW_MS).length
}

/** 'Last seen' text: just now / Ns ago / Nm ago / Nh ago / Nd ago. */
export function lastSeenText(iso: string, now: number): string {
  const ms = now - Date.parse(iso)
  if (!Number.isFinite(ms) || ms < 5_000) return 'just now'
  const s = Math.floor(ms / 1000)
  if (s < 60) return `${s}s ago`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m ago`
  const h = Math.floor(m / 60)
  if (h < 24) return `${h}h ago`
  return `${Math.floor(h / 24)}d ago`
}

export interface ReactionCount {
  emoji: string
  count: number
  mine: boolean
}

/**
 * PRODUCT.md §9 counts bar: 👍 👎 ❤️ 🔥 😂 always, in that order, then any other emoji (from the
 * picker) that has reactions.
 */
export function reactionCounts(reactions: Reactions, wallet: string | null): ReactionCount[] {
  const entry = (emoji: string): ReactionCount => {
    const who = reactions[emoji]?.walletAddresses ?? []
    return { emoji, count: who.length, mine: wallet !== null && who.includes(wallet) }
  }
  const bar: string[] = [...COUNT_BAR_EMOJIS]
  const extras = Object.keys(reactions).filter(
    (e) => !bar.includes(e) && (reactions[e]?.walletAddresses.length ?? 0) > 0,
  )
  return [...bar, ...extras].map(entry)
}

/** PRODUCT.md §4: a reaction toggles: remove it when this wallet already gave it, else add it. */
export function reactionMethod(
  reactions: Reactions,
  emoji: string,
  wallet: string,
): 'POST' | 'DELETE' {
  return reactions[emoji]?.walletAddresses.includes(wallet) ? 'DELETE' : 'POST'
}

/** PRODUCT.md §5: Send is enabled with non-empty trimmed text, a room and a wallet. */
export function canSend(content: string, roomId: string | null, wallet: string | null): boolean {
  return content.trim().length > 0 && roomId !== null && wallet !== null
}

/** PRODUCT.md §4: Buy is disabled while a purchase runs or when the balance is below the price. */
export function canBuy(balance: number | null, price: number, processing: boolean): boolean {
  return !processing && balance !== null && balance >= price
}

/** Tier access for a room: staff moderate every room (the server agrees). */
export function hasRoomAccess(
  tier: Tier,
  accessLevels: Readonly<Record<Tier, boolean>> | null,
  isStaff: boolean,
): boolean {
  return isStaff || accessLevels?.[tier] === true
}

/** PRODUCT.md §8 'Access Denied' description. */
export function accessDeniedText(room: Pick<Room, 'name' | 'requiredTokenAmount'>): string {
  return `You need at least ${formatAmount(room.requiredTokenAmount)} vPOS tokens to access ${room.name}`
}

/** Whole vPOS a balance lacks for `required` (0 when it has enough or is unknown). */
export function vposShort(balance: number | null, required: number): number {
  if (balance === null) return 0
  // the epsilon: 1000 - 731.78 is 268.22000000000003, not a reason to ask for 269
  return Math.max(0, Math.ceil(required - balance - 1e-9))
}

/**
 * The one line over a room grid in which no room opens for this wallet: what it holds, what the
 * cheapest room needs, and what to do. Null while any room opens (or the balance is unknown).
 */
export function noRoomHint(
  balance: number | null,
  rooms: readonly Pick<Room, 'tier' | 'requiredTokenAmount'>[],
  accessLevels: Readonly<Record<Tier, boolean>> | null,
  isStaff: boolean,
): string | null {
  if (balance === null || rooms.length === 0) return null
  if (rooms.some((r) => hasRoomAccess(r.tier, accessLevels, isStaff))) return null
  const cheapest = rooms.reduce((a, b) => (b.requiredTokenAmount < a.requiredTokenAmount ? b : a))
  const tier = cheapest.tier[0]!.toUpperCase() + cheapest.tier.slice(1)
  return (
    `Your ${formatAmount(balance)} vPOS opens no room yet: add ` +
    `${formatAmount(vposShort(balance, cheapest.requiredTokenAmount))} vPOS to this wallet for ` +
    `the ${tier} rooms (${formatAmount(cheapest.requiredTokenAmount)} vPOS), then connect it again.`
  )
}

/** 1234567.891 -> '1,234,567.89' (at most 2 decimals). */
export function formatAmount(n: number): string {
  return formatNumber(n, 2)
}

/** After the shop changes this wallet's active badge/title, show it on its messages already listed. */
export function withCosmetics(
  messages: readonly ChatMessage[],
  wallet: string,
  badge: Cosmetic | null,
  title: Cosmetic | null,
): ChatMessage[] {
  return messages.map((m) => (m.walletAddress === wallet ? { ...m, badge, title } : m))
}

/** A CSS colour from the shop data, or null when it is not a plain hex colour. */
export function safeColor(color: string | null | undefined): string | null {
  return color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : null
}

/** The chat's names for the fields of its requests (the server's `{ field }`). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  displayName: 'Display name',
  content: 'Message',
}

/**
 * A server refusal in the page's words: the route contract's 'Invalid displayName: must be at
 * most 32 characters' reads 'Display name must be at most 32 characters'. Texts that name no
 * field of the chat's (or are not 'Invalid {field}: …') pass unchanged.
 */
export function refusalText(serverError: string, field: string | null = null): string {
  const m = /^Invalid ([\w.]+): (.+)$/s.exec(serverError)
  const label = FIELD_LABELS[field ?? m?.[1] ?? '']
  return m && label ? `${label} ${m[2]}` : serverError
}

/**
 * PRODUCT.md §8 'Failed to send message', plus what to do about it: a 429 says how long to wait
 * (Retry-After, else the seconds in the server's 'try again in N seconds'); a 4xx adds the server's
 * reason.
 */
export function sendFailureText(
  status: number,
  serverError: string | null,
  retryAfter: string | null,
): string {
  const base = 'Failed to send message'
  // The room's slow mode says itself how long to wait (docs/PRODUCT.md "Chat moderation").
  if (status === 429 && serverError?.startsWith('Slow mode')) return `${base}: ${serverError}`
  if (status === 429) {
    const fromHeader = Number(retryAfter)
    const fromText = Number(/(\d+)\s*seconds?/i.exec(serverError ?? '')?.[1])
    const s = Number.isFinite(fromHeader) && fromHeader > 0 ? Math.ceil(fromHeader) : fromText
    return Number.isFinite(s) && s > 0
      ? `${base}: sending too fast. Try again in ${s} second${s === 1 ? '' : 's'}.`
      : `${base}: sending too fast. Try again shortly.`
  }
  if (status >= 400 && status < 500 && serverError && serverError.length <= 200)
    return `${base}: ${serverError}`
  return base
}

/**
 * The message the "New messages" divider goes above: the first after the wallet's last-read mark
 * that is neither its own nor hidden; null without a mark or when nothing is new.
 */
export function firstUnreadId(
  messages: readonly Pick<ChatMessage, 'id' | 'walletAddress' | 'hidden'>[],
  readFrom: number | null,
  wallet: string | null,
): number | null {
  if (readFrom === null) return null
  return (
    messages.find((m) => m.id > readFrom && m.walletAddress !== wallet && !m.hidden)?.id ?? null
  )
}

/** A count for a badge: '99+' past 99. */
export function countLabel(n: number): string {
  return n > 99 ? '99+' : String(n)
}

/** A shared moment of the live swarm found in a message (issue 33): where it opens, its label. */
export interface MomentChip {
  /** the in-app path to open: `/?…&at=…` */
  to: string
  at: number
  /** "Moment · 14:02:13" (local time) */
  label: string
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g
const MAX_CHIPS = 3

/** The moment links (same origin, path `/`, with `at=`) of a message's text, at most 3. */
export function momentChips(text: string, origin: string): MomentChip[] {
  const out: MomentChip[] = []
  for (const [href] of text.matchAll(URL_IN_TEXT)) {
    const clean = href.replace(/[.,;:!?)\]]+$/, '')
    const at = momentOfLink(clean, origin)
    if (at === null) continue
    const url = new URL(clean)
    const d = new Date(at)
    const pad = (n: number) => String(n).padStart(2, '0')
    const clock = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
    out.push({ to: `/${url.search}`, at, label: `Moment · ${clock}` })
    if (out.length === MAX_CHIPS) break
  }
  return out
}
