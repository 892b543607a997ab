import { createPublicKey, verify } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { base58Decode } from '../../src/contracts/address'
import {
  NONCE_TTL_MS,
  SIWS_VERSION,
  parseSignInMessage,
  type SignInFields,
} from '../../src/contracts/auth'
import { signInSiteOf, type SignInSite } from '../lib/origins'

/** Tolerated clock difference between the wallet's machine and ours. */
const CLOCK_SKEW_MS = 60_000

export type SiwsCheck =
  | { ok: true; fields: SignInFields; site: SignInSite }
  | { ok: false; status: 400 | 401; error: string }

/** What a sign-in message must say besides its signature: all from configuration. */
export interface SignInExpectation {
  /** the configured site origins (config.siteOrigins); the message's domain/URI must be one */
  origins: readonly string[]
  chainId: string
  statement: string
}

/** ℓ, the order of the ed25519 base point: a signature's S must be below it (RFC 8032 §5.1.7). */
const GROUP_ORDER = ed25519.CURVE.n

function littleEndian(bytes: Uint8Array): bigint {
  let n = 0n
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i] ?? 0)
  return n
}

/**
 * A canonical encoding (y < p, no "negative zero" x) of a point that is not of small order. The
 * 8-torsion points (and their non-canonical encodings) verify signatures nobody holds a key for:
 * RELIABILITY.md §9, finding 3, signed in as the System Program (32 zero bytes) without any private
 * key.
 */
export function isStrictPoint(bytes: Uint8Array): boolean {
  try {
    // zip215 = false: RFC 8032's strict decoding, refusing non-canonical encodings.
    return !ed25519.ExtendedPoint.fromHex(bytes, false).isSmallOrder()
  } catch {
    return false // not on the curve, or not canonical
  }
}

/**
 * ed25519 verification of `message` by the 32-byte public key behind a base58 address, refusing
 * what plain RFC 8032 verification lets through: small-order or non-canonical public keys and R
 * points, and a non-canonical S (S ≥ ℓ: the malleable twin of a valid signature).
 */
export function verifyEd25519(
  address: string,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  const publicKey = base58Decode(address)
  if (publicKey?.length !== 32 || signature.length !== 64) return false
  if (littleEndian(signature.subarray(32)) >= GROUP_ORDER) return false
  if (!isStrictPoint(publicKey) || !isStrictPoint(signature.subarray(0, 32))) return false
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

/**
 * Everything about a sign-in except the nonce, which the caller consumes only after this passes:
 * SIWS shape, address, domain and URI (a configured origin, scheme included), version, chain id,
 * statement, time window, then the signature itself.
 */
export function checkSignIn(
  req: { address: string; message: string; signature: string },
  expected: SignInExpectation,
  now: number,
): SiwsCheck {
  const fields = parseSignInMessage(req.message)
  if (!fields)
    return { ok: false, status: 400, error: 'Invalid message: not a Sign-In With Solana message' }
  if (fields.address !== req.address)
    return { ok: false, status: 401, error: 'Message address does not match the signing wallet' }
  const site = signInSiteOf(fields.domain, fields.uri, expected.origins)
  if (!site) return { ok: false, status: 401, error: 'Message domain does not match this site' }
  if (fields.version !== SIWS_VERSION)
    return { ok: false, status: 401, error: 'Unsupported sign-in message version' }
  if (fields.chainId !== expected.chainId)
    return {
      ok: false,
      status: 401,
      error: `Sign-in message must be for chain ${expected.chainId}`,
    }
  if (fields.statement !== expected.statement)
    return { ok: false, status: 401, error: 'Sign-in message statement does not match this site' }
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
  return { ok: true, fields, site }
}
