import { z } from 'zod'
import { WalletAddressSchema } from './walletAddress'
import { ResourceIdSchema, userText } from './text'

export const TIERS = ['bronze', 'silver', 'gold', 'platinum'] as const
const TierSchema = z.enum(TIERS)
export type Tier = z.infer<typeof TierSchema>

/** vPOS needed per tier (ARCHITECTURE.md §7); the server's TIER_THRESHOLDS may override. */
export const DEFAULT_TIER_THRESHOLDS: Record<Tier, number> = {
  bronze: 1_000,
  silver: 10_000,
  gold: 100_000,
  platinum: 1_000_000,
}

/** A tier's access is balance >= threshold. */
export function accessLevelsFor(
  balance: number,
  thresholds: Record<Tier, number>,
): Record<Tier, boolean> {
  return {
    bronze: balance >= thresholds.bronze,
    silver: balance >= thresholds.silver,
    gold: balance >= thresholds.gold,
    platinum: balance >= thresholds.platinum,
  }
}

/** PRODUCT.md §9: the counts bar and the hover picker; the server accepts the union. */
export const COUNT_BAR_EMOJIS = ['👍', '👎', '❤️', '🔥', '😂'] as const
export const PICKER_EMOJIS = ['👍', '❤️', '🔥', '👏', '🚀', '😂'] as const
const REACTION_EMOJIS = ['👍', '👎', '❤️', '🔥', '😂', '👏', '🚀'] as const
const EmojiSchema = z.enum(REACTION_EMOJIS)

export const MESSAGE_MAX_CHARS = 1000
export const DISPLAY_NAME_MAX_CHARS = 32
export const ANNOUNCEMENT_MAX_CHARS = 500
/** A participant seen within this window counts as online (registration repeats every 10 s). */
export const ONLINE_WINDOW_MS = 30_000
export const STAFF_DISPLAY_NAME = 'vPOS Team'
export const STAFF_NAME_PREFIX = '{code}'

// Printable: no control, format, surrogate, unassigned or private-use characters (\p{C}).
const PRINTABLE = /^[^\p{C}]+$/u

/**
 * 1–32 printable characters after trimming (the text policy, and no format characters at all in
 * a name). Staff-only names and their look-alikes are checked by the server.
 */
export const DisplayNameSchema = userText({ max: DISPLAY_NAME_MAX_CHARS }).regex(
  PRINTABLE,
  'must contain only printable characters',
)

/** Message text: the text policy (line feeds allowed), trimmed, 1–1000 characters, plain text. */
export const MessageContentSchema = userText({ max: MESSAGE_MAX_CHARS, multiline: true })

/** Client-generated id making a resend idempotent (e.g. crypto.randomUUID()). */
const ClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8–64 of [A-Za-z0-9_-]')

const AnnouncementSchema = z.object({
  content: z.string(),
  /** ISO-8601 */
  timestamp: z.string(),
})

/** GET /api/chat/rooms -> Room[]. `announcement` is null when the room has none. */
export const RoomSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tier: TierSchema,
  requiredTokenAmount: z.number(),
  announcement: AnnouncementSchema.nullable(),
  /** slow mode: one message per this many seconds per wallet (0: off) */
  slowModeSeconds: z.number().int(),
  /** a wallet below the tier may read the last few messages, names hidden (GET …/preview) */
  previews: z.boolean(),
})
export type Room = z.infer<typeof RoomSchema>

/** An owned shop item shown beside a name (the wallet's active badge or title). */
const CosmeticSchema = z.object({
  itemId: z.string(),
  display: z.string(),
  color: z.string().nullable(),
})
export type Cosmetic = z.infer<typeof CosmeticSchema>

/** emoji -> who reacted. Only emojis with at least one wallet appear. */
const ReactionsSchema = z.record(z.string(), z.object({ walletAddresses: z.array(z.string()) }))
export type Reactions = z.infer<typeof ReactionsSchema>

/**
 * GET /api/chat/rooms/{id}/messages[?after=<id>] -> Message[] oldest first. Without `after`: the
 * latest 100; with it: only messages with a larger id (max 200), so a poll returns only new ones.
 */
export const MessageSchema = z.object({
  id: z.number().int(),
  roomId: z.string(),
  walletAddress: z.string(),
  displayName: z.string(),
  content: z.string(),
  /** ISO-8601 */
  createdAt: z.string(),
  clientId: z.string().nullable(),
  reactions: ReactionsSchema,
  isStaff: z.boolean(),
  badge: CosmeticSchema.nullable(),
  title: CosmeticSchema.nullable(),
  /** hidden by staff: only staff are served it (marked), everyone else never sees it */
  hidden: z.boolean(),
  /** the wallets this message mentions (`@name`, resolved by the server when it was posted) */
  mentions: z.array(z.string()),
})
export type ChatMessage = z.infer<typeof MessageSchema>

/** GET /api/chat/rooms/{id}/participants -> Participant[] (most recently seen first). */
export const ParticipantSchema = z.object({
  walletAddress: z.string(),
  displayName: z.string(),
  /** ISO-8601 */
  lastSeen: z.string(),
  isStaff: z.boolean(),
  badge: CosmeticSchema.nullable(),
  title: CosmeticSchema.nullable(),
})
export type Participant = z.infer<typeof ParticipantSchema>

/** POST /api/chat/rooms/{id}/participants -> Participant[] (registers or renames; refreshes lastSeen). */
export const RegisterParticipantBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  displayName: DisplayNameSchema,
})

/** POST /api/chat/rooms/{id}/messages -> 201 Message (200 with the same message on an idempotent resend). */
export const PostMessageBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  displayName: DisplayNameSchema,
  content: MessageContentSchema,
  clientId: ClientIdSchema.optional(),
})

/** POST (add) and DELETE (remove) /api/chat/rooms/{id}/messages/{messageId}/reactions -> Message. */
export const ReactionBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  emoji: EmojiSchema,
})

/** POST /api/chat/rooms/{id}/announcement (staff) -> Room. */
export const CreateAnnouncementBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  content: userText({ max: ANNOUNCEMENT_MAX_CHARS, multiline: true }),
})

/** DELETE /api/chat/rooms/{id}/announcement (staff) -> Room. */
export const RemoveAnnouncementBodySchema = z.strictObject({ walletAddress: WalletAddressSchema })

/** POST /api/chat/verify-token-balance */
export const VerifyBalanceBodySchema = z.strictObject({ walletAddress: WalletAddressSchema })

export const VerifyBalanceResponseSchema = z.object({
  balance: z.number(),
  accessLevels: z.object({
    bronze: z.boolean(),
    silver: z.boolean(),
    gold: z.boolean(),
    platinum: z.boolean(),
  }),
  /** ISO-8601 time the balance was read from the chain (server cache ≤ 30 s). */
  checkedAt: z.string(),
})
export type VerifyBalanceResponse = z.infer<typeof VerifyBalanceResponseSchema>

const ROW_ID = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1)

/** Path of every /api/chat/rooms/{id}/… route. */
export const RoomParamsSchema = z.object({ id: ResourceIdSchema })

/** Path of /api/chat/rooms/{id}/messages/{messageId}/reactions. */
export const MessageParamsSchema = RoomParamsSchema.extend({ messageId: ROW_ID.positive() })

/** `?after=<id>`: only messages with a larger id (the poll and the push channel's resume cursor). */
export const MessagesQuerySchema = z.strictObject({ after: ROW_ID.optional() })

/**
 * GET /api/chat/rooms/{id}/events[?after=<id>]: the room's push channel (Server-Sent Events). Each
 * event's `event:` line is its `type`, its `data:` line this JSON; `message` events carry `id:`
 * (the message id; on one stream they rise strictly with none skipped), so a reconnect from the
 * last one seen (Last-Event-ID or `?after=`) misses and repeats nothing. `denied` ends the stream
 * when the session ended (expired, signed out) or the wallet's balance no longer reaches the room's
 * tier (seen within 30 s). `behind` ends a stream whose cursor was more than two pages behind,
 * after it sent the messages up to `after`: the client pages the rest with GET …/messages?after=
 * and opens the stream again from its new cursor. Hidden messages are never streamed, so their ids
 * are the one gap; `hidden`, `restored` and `pins` carry the staff's moderation.
 */
/**
 * GET /api/chat/moderation/events (staff only): Server-Sent Events, one `moderation` event (this
 * JSON) on connect and after anything the staff overview shows may have changed on any instance
 * (a report, a staff action written to the audit log, a room's staff settings), at most every
 * 400 ms. It carries no data: the page re-reads GET /api/chat/moderation and the rooms.
 */
export const ModerationEventSchema = z.object({ type: z.literal('moderation') })

export const ChatPushEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: MessageSchema }),
  z.object({ type: z.literal('reactions'), message: MessageSchema }),
  z.object({ type: z.literal('participant'), participant: ParticipantSchema }),
  z.object({ type: z.literal('room'), room: RoomSchema }),
  /** staff hid a message: drop it (staff keep it, marked hidden) */
  z.object({ type: z.literal('hidden'), messageId: z.number().int() }),
  /** staff restored a hidden message: show it again in id order */
  z.object({ type: z.literal('restored'), message: MessageSchema }),
  /** the room's pinned messages changed (newest pin first) */
  z.object({ type: z.literal('pins'), pins: z.array(MessageSchema) }),
  /** on a wallet's own channel only (never a room's stream): it marked a room read */
  z.object({ type: z.literal('read'), roomId: z.string(), lastReadId: z.number().int() }),
  /** on the staff channel only (never a room's stream): the staff overview may have changed */
  ModerationEventSchema,
  z.object({ type: z.literal('denied'), error: z.string(), status: z.number().int() }),
  z.object({ type: z.literal('behind'), after: ROW_ID }),
])
export type ChatPushEvent = z.infer<typeof ChatPushEventSchema>
