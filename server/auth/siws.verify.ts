import { createPublicKey, verify } from 'node:crypto'
import { base58Decode } from '../../src/contracts/address'
import {
  NONCE_TTL_MS,
  SIWS_VERSION,
  parseSignInMessage,
  type SignInFields,
} from '../../src/contracts/auth'

/** Tolerated clock difference between the wallet's machine and ours. */
export const CLOCK_SKEW_MS = 60_000

export type SiwsCheck =
  { ok: true; fields: SignInFields } | { ok: false; status: 400 | 401; error: string }

/** ed25519 verification of `message` by the 32-byte public key behind a base58 address. */
export function verifyEd25519(
  address: string,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  const publicKey = base58Decode(address)
  if (publicKey?.length !== 32 || signature.length !== 64) return false
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    })
    return verify(null, message, key, signature)
  } catch {
    // Not a valid curve point: no signature can verify against it.
    return false
  }
}

/** The message's URI must point at the same host (URL drops a default port, so compare normalised). */
function uriMatches(uri: string, domain: string): boolean {
  try {
    const url = new URL(uri)
    return url.host === new URL(`${url.protocol}//${domain}`).host
  } catch {
    return false
  }
}

/**
 * Everything about a sign-in except the nonce, which the caller consumes only after this passes:
 * SIWS shape, address, domain and uri host, version, time window, then the signature itself.
 */
export function checkSignIn(
  req: { address: string; message: string; signature: string },
  expectedDomain: string,
  now: number,
): SiwsCheck {
  const fields = parseSignInMessage(req.message)
  if (!fields)
    return { ok: false, status: 400, error: 'Invalid message: not a Sign-In With Solana message' }
  if (fields.address !== req.address)
    return { ok: false, status: 401, error: 'Message address does not match the signing wallet' }
  if (fields.domain !== expectedDomain || !uriMatches(fields.uri, expectedDomain)) {
    return { ok: false, status: 401, error: 'Message domain does not match this site' }
  }
  if (fields.version !== SIWS_VERSION)
    return { ok: false, status: 401, error: 'Unsupported sign-in message version' }
  const issuedAt = Date.parse(fields.issuedAt)
  const expiresAt =
    fields.expirationTime === undefined
      ? issuedAt + NONCE_TTL_MS
      : Date.parse(fields.expirationTime)
  if (!Number.isFinite(issuedAt) || !Number.isFinite(expiresAt)) {
    return { ok: false, status: 400, error: 'Invalid message: bad Issued At or Expiration Time' }
  }
  if (issuedAt > now + CLOCK_SKEW_MS)
    return { ok: false, status: 401, error: 'Sign-in message is issued in the future' }
  if (expiresAt <= now || now - issuedAt > NONCE_TTL_MS) {
    return { ok: false, status: 401, error: 'Sign-in message has expired' }
  }
  // parseSignInMessage tolerates the optional 'Not Before' field; it must still be honoured.
  const notBefore = /\nNot Before: ([^\n]*)/.exec(req.message)?.[1]
  if (notBefore !== undefined) {
    const at = Date.parse(notBefore)
    if (!Number.isFinite(at))
      return { ok: false, status: 400, error: 'Invalid message: bad Not Before' }
    if (at > now + CLOCK_SKEW_MS)
      return { ok: false, status: 401, error: 'Sign-in message is not valid yet' }
  }
  const signature = base58Decode(req.signature)
  if (!signature || signature.length !== 64) {
    return { ok: false, status: 400, error: 'Invalid signature: must be base58 of 64 bytes' }
  }
  if (!verifyEd25519(req.address, Buffer.from(req.message, 'utf8'), signature)) {
    return { ok: false, status: 401, error: 'Invalid signature' }
  }
  return { ok: true, fields }
}
