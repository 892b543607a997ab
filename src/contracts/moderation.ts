import { z } from 'zod'
import { WalletAddressSchema } from './walletAddress'
import { MessageParamsSchema, MessageSchema, RoomParamsSchema } from './chat'
import { userText } from './text'

/**
 * Chat moderation (docs/PRODUCT.md "Chat moderation"): staff are the wallets in STAFF_WALLETS, the
 * server checks the session's wallet on every action. Every staff action may carry a reason; it is
 * kept in the audit log with who, what and when.
 */
const MODERATION_REASON_MAX_CHARS = 200
export const MUTE_MAX_MINUTES = 7 * 24 * 60
export const SLOW_MODE_MAX_SECONDS = 3600

const ReasonSchema = userText({ max: MODERATION_REASON_MAX_CHARS }).optional()

/** POST …/messages/{messageId}/hide|restore|pin, DELETE …/pin (staff) -> Message. */
export const StaffActionBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  reason: ReasonSchema,
})

/** POST …/messages/{messageId}/report (any member who can read the room) -> 201 Report. */
export const ReportBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  reason: ReasonSchema,
})

/** POST /api/chat/rooms/{id}/mutes (staff) -> Mute: `target` may not post here for `minutes`. */
export const MuteBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  target: WalletAddressSchema,
  minutes: z.number().int().min(1).max(MUTE_MAX_MINUTES),
  reason: ReasonSchema,
})

/** DELETE /api/chat/rooms/{id}/mutes/{target} (staff). */
export const MuteParamsSchema = RoomParamsSchema.extend({ target: WalletAddressSchema })

/** POST /api/chat/rooms/{id}/slow-mode (staff) -> Room. 0 turns slow mode off. */
export const SlowModeBodySchema = z.strictObject({
  walletAddress: WalletAddressSchema,
  seconds: z.number().int().min(0).max(SLOW_MODE_MAX_SECONDS),
  reason: ReasonSchema,
})

/** POST /api/chat/moderation/reports/{reportId}/dismiss (staff). */
export const ReportParamsSchema = z.object({
  reportId: MessageParamsSchema.shape.messageId,
})

export const ReportSchema = z.object({
  id: z.number().int(),
  roomId: z.string(),
  messageId: z.number().int(),
  reporter: z.string(),
  reason: z.string().nullable(),
  /** ISO-8601 */
  createdAt: z.string(),
  /** the reported message as stored (hidden or not); null if it is gone */
  message: MessageSchema.nullable(),
})
export type Report = z.infer<typeof ReportSchema>

export const MuteSchema = z.object({
  roomId: z.string(),
  walletAddress: z.string(),
  /** ISO-8601 */
  until: z.string(),
  mutedBy: z.string(),
  reason: z.string().nullable(),
})
export type Mute = z.infer<typeof MuteSchema>

const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO-8601 */
  at: z.string(),
  staffWallet: z.string(),
  action: z.string(),
  roomId: z.string(),
  /** a message id, a wallet, a report id or a setting, as text */
  target: z.string(),
  reason: z.string().nullable(),
})

/** GET /api/chat/moderation (staff): open reports, active mutes, the latest audit entries. */
export const ModerationOverviewSchema = z.object({
  reports: z.array(ReportSchema),
  mutes: z.array(MuteSchema),
  audit: z.array(AuditEntrySchema),
})

export const OkSchema = z.object({ ok: z.literal(true) })
