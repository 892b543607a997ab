import { z } from 'zod'
import { NonceResponseSchema, SessionResponseSchema } from './auth'

/**
 * Cross-device sign-in, the device-code pattern (docs/ARCHITECTURE.md "Wallet and sign-in"): a
 * browser without a wallet (the waiting browser) asks for a request and shows its short code as a
 * QR code; a phone with a wallet opens /signin/<code>, signs the ordinary SIWS text for that request,
 * and the waiting browser's next poll gets the session.
 *
 * POST /api/auth/device -> DeviceRequestResponse, and an httpOnly cookie that binds the request to
 *   this browser.
 * POST /api/auth/device/poll {requestId} -> DevicePollResponse ('pending' or 'signed-in' with the
 *   session cookie set), or a refusal that says why (unknown, expired, used, another browser or
 *   site).
 * GET /api/auth/device/:code -> the SIWS fields to sign (NonceResponse) for that request.
 * POST /api/auth/device/:code/approve {address, message, signature} -> {status: 'approved'}.
 */

/** How long a request can wait for its signature. */
export const DEVICE_SIGN_IN_TTL_MS = 5 * 60_000
/** How often the waiting browser asks (the issue wants the session within 2 s of the signature). */
export const DEVICE_POLL_MS = 1_000

/** Short-code letters: no 0/O, 1/I/L, so a code read off a screen types back the same. */
export const DEVICE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const DEVICE_CODE_LENGTH = 8

export const DeviceCodeSchema = z
  .string()
  .regex(new RegExp(`^[${DEVICE_CODE_ALPHABET}]{${DEVICE_CODE_LENGTH}}$`), 'Not a sign-in code')

/** What a person typed ('abcd-2345', ' ABCD 2345 ') as a code, uppercased, separators dropped. */
export function normaliseDeviceCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '')
}

/** 'ABCD2345' -> 'ABCD-2345', easier to read aloud and type. */
export function formatDeviceCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

/** The request id the waiting browser holds: 128 random bits, base64url. */
const DeviceRequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/)

export const DeviceRequestResponseSchema = z.object({
  requestId: DeviceRequestIdSchema,
  code: DeviceCodeSchema,
  expiresAt: z.string(),
})
export type DeviceRequestResponse = z.infer<typeof DeviceRequestResponseSchema>

export const DevicePollRequestSchema = z.strictObject({ requestId: DeviceRequestIdSchema })

export const DevicePollResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending'), expiresAt: z.string() }),
  z.object({ status: z.literal('signed-in'), session: SessionResponseSchema }),
])
export type DevicePollResponse = z.infer<typeof DevicePollResponseSchema>

/** GET /api/auth/device/:code: the SIWS fields of that request, for the signing device. */
export const DeviceSignInFieldsSchema = NonceResponseSchema
export const DeviceCodeParamsSchema = z.object({ code: DeviceCodeSchema })

export const DeviceApproveResponseSchema = z.object({ status: z.literal('approved') })
