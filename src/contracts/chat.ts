import { z } from 'zod'
import { WalletAddressSchema } from './address'

export const TIERS = ['bronze', 'silver', 'gold', 'platinum'] as const
export const TierSchema = z.enum(TIERS)
export type Tier = z.infer<typeof TierSchema>

/** vPOS needed per tier (DESIGN.md §4); the server's TIER_THRESHOLDS may override. */
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

/** §9: the counts bar and the hover picker; the server accepts the union. */
export const COUNT_BAR_EMOJIS = ['👍', '👎', '❤️', '🔥', '😂'] as const
export const PICKER_EMOJIS = ['👍', '❤️', '🔥', '👏', '🚀', '😂'] as const
export const REACTION_EMOJIS = ['👍', '👎', '❤️', '🔥', '😂', '👏', '🚀'] as const
export const EmojiSchema = z.enum(REACTION_EMOJIS)

export const MESSAGE_MAX_CHARS = 1000
export const DISPLAY_NAME_MAX_CHARS = 32
export const ANNOUNCEMENT_MAX_CHARS = 500
/** A participant seen within this window counts as online (registration repeats every 10 s). */
export const ONLINE_WINDOW_MS = 30_000
export const STAFF_DISPLAY_NAME = 'vPOS Team'
export const STAFF_NAME_PREFIX = '{code}'

/** True for names only staff may use: 'vPOS Team' (any case) or starting with '{code}'. */
export function isStaffOnlyName(name: string): boolean {
  const t = name.trim()
  return t.toLowerCase() === STAFF_DISPLAY_NAME.toLowerCase() || t.startsWith(STAFF_NAME_PREFIX)
}

/** 'AbCdEf...WxYz': the default display name (first 6, '...', last 4). */
export function defaultDisplayName(walletAddress: string): string {
  return `${walletAddress.slice(0, 6)}...${walletAddress.slice(-4)}`
}

// Printable: no control, format, surrogate, unassigned or private-use characters (\p{C}).
const PRINTABLE = /^[^\p{C}]+$/u

/** 1–32 printable characters after trimming. Staff-only names are checked by the server. */
export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(DISPLAY_NAME_MAX_CHARS, `must be at most ${DISPLAY_NAME_MAX_CHARS} characters`)
  .regex(PRINTABLE, 'must contain only printable characters')

/** Message text: trimmed, 1–1000 characters, stored and rendered as plain text. */
export const MessageContentSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MESSAGE_MAX_CHARS, `must be at most ${MESSAGE_MAX_CHARS} characters`)

/** Client-generated id making a resend idempotent (e.g. crypto.randomUUID()). */
export const ClientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8–64 of [A-Za-z0-9_-]')

export const AnnouncementSchema = z.object({
  content: z.string(),
  /** ISO-8601 */
  timestamp: z.string(),
})
export type Announcement = z.infer<typeof AnnouncementSchema>

/** GET /api/chat/rooms -> Room[]. `announcement` is null when the room has none. */
export const RoomSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tier: TierSchema,
  requiredTokenAmount: z.number(),
  announcement: AnnouncementSchema.nullable(),
})
export type Room = z.infer<typeof RoomSchema>

/** An owned shop item shown beside a name (the wallet's active badge or title). */
export const CosmeticSchema = z.object({
  itemId: z.string(),
  display: z.string(),
  color: z.string().nullable(),
})
export type Cosmetic = z.infer<typeof CosmeticSchema>

/** emoji -> who reacted. Only emojis with at least one wallet appear. */
export const ReactionsSchema = z.record(
  z.string(),
  z.object({ walletAddresses: z.array(z.string()) }),
)
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
export type RegisterParticipantBody = z.infer<typeof RegisterParticipantBodySchema>

/** POST /api/chat/rooms/{id}/messages -> 201 Message (200 with the same message on an idempotent resend). */
export const PostMessageBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  displayName: DisplayNameSchema,
  content: MessageContentSchema,
  clientId: ClientIdSchema.optional(),
})
export type PostMessageBody = z.infer<typeof PostMessageBodySchema>

/** POST (add) and DELETE (remove) /api/chat/rooms/{id}/messages/{messageId}/reactions -> Message. */
export const ReactionBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  emoji: EmojiSchema,
})
export type ReactionBody = z.infer<typeof ReactionBodySchema>

/** POST /api/chat/rooms/{id}/announcement (staff) -> Room. */
export const CreateAnnouncementBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  content: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(ANNOUNCEMENT_MAX_CHARS, `must be at most ${ANNOUNCEMENT_MAX_CHARS} characters`),
})
export type CreateAnnouncementBody = z.infer<typeof CreateAnnouncementBodySchema>

/** DELETE /api/chat/rooms/{id}/announcement (staff) -> Room. */
export const RemoveAnnouncementBodySchema = z.strictObject({ walletAddress: WalletAddressSchema })
export type RemoveAnnouncementBody = z.infer<typeof RemoveAnnouncementBodySchema>

/** POST /api/chat/verify-token-balance */
export const VerifyBalanceBodySchema = z.strictObject({ walletAddress: WalletAddressSchema })
export type VerifyBalanceBody = z.infer<typeof VerifyBalanceBodySchema>

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
