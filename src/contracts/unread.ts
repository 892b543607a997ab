import { z } from 'zod'
import { WalletAddressSchema } from './walletAddress'
import { MessageParamsSchema } from './chat'
import { userText } from './text'

/**
 * Unread markers, mention counts and previews of rooms below a wallet's tier (docs/ARCHITECTURE.md
 * "Unread, mentions and previews"). The server keeps each wallet's last-read message per room; counts leave out
 * hidden messages and the wallet's own.
 */

/** One room's unread state for the signed-in wallet. */
export const RoomUnreadSchema = z.object({
  roomId: z.string(),
  /** the last message id this wallet has read here (0: none yet) */
  lastReadId: z.number().int(),
  /** messages after lastReadId, not hidden, not this wallet's own */
  unread: z.number().int(),
  /** of those, the ones that mention this wallet */
  mentions: z.number().int(),
})
export type RoomUnread = z.infer<typeof RoomUnreadSchema>

/** GET /api/chat/unread -> the rooms this wallet may read, each with its counts. */
export const UnreadListSchema = z.array(RoomUnreadSchema)

/**
 * POST /api/chat/rooms/{id}/read -> RoomUnread: marks the room read up to `messageId` (clamped to
 * the room's newest message). Idempotent, and it never moves backwards: an older id changes nothing.
 */
export const MarkReadBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  messageId: MessageParamsSchema.shape.messageId,
})

/**
 * GET /api/chat/unread/events: Server-Sent Events, one `unread` event (this JSON) on connect and
 * each time a count may have changed (a message, a hide or restore, a mark-read on any instance).
 */
export const UnreadEventSchema = z.object({
  type: z.literal('unread'),
  rooms: UnreadListSchema,
})

/** POST /api/chat/rooms/{id}/previews (staff) -> Room: whether non-holders may read a preview. */
export const PreviewsBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  enabled: z.boolean(),
  reason: userText({ max: 200 }).optional(),
})

/** The author of every preview message: previews never name anyone. */
export const PREVIEW_AUTHOR = 'Holder'
export const PREVIEW_MESSAGES = 5

/**
 * GET /api/chat/rooms/{id}/preview -> the room's last 5 visible messages without wallets or names
 * (403 unless the room allows previews). `@name` mentions read `@Holder`.
 */
export const PreviewSchema = z.array(
  z.object({
    id: z.number().int(),
    author: z.literal(PREVIEW_AUTHOR),
    content: z.string(),
    /** ISO-8601 */
    createdAt: z.string(),
  }),
)
export type Preview = z.infer<typeof PreviewSchema>
