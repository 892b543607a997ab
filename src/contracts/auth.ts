import { z } from 'zod'
import { WalletAddressSchema } from './walletAddress'
import { userText } from './text'

/**
 * Sign-In With Solana (ARCHITECTURE.md "Wallet and sign-in"). The message text follows the SIWS /
 * CAIP-122 layout that wallets implementing `solana:signIn` produce, so the server can verify
 * either a `solana:signIn` result or a plain `signMessage` of `buildSignInMessage(fields)`.
 *
 * Flow: POST /api/auth/nonce -> NonceResponse (suggested fields) -> client builds the text with its
 * address -> wallet signs the UTF-8 bytes -> POST /api/auth/sign-in {address, message, signature}
 * (signature = BASE58 of the 64-byte ed25519 signature) -> session cookie + SessionResponse.
 * GET /api/auth/session -> SessionResponse or 401; POST /api/auth/sign-out -> 204 (this session);
 * POST /api/auth/sign-out-everywhere -> 204 (every session of the signed-in wallet, or 401).
 */

export const SIWS_VERSION = '1'
/** The chain every sign-in message names (the vPOS token lives on mainnet). */
export const SIWS_CHAIN_ID = 'mainnet'
/** How long a nonce (and so a sign-in message) stays valid. */
export const NONCE_TTL_MS = 10 * 60_000

export interface SignInFields {
  /** host[:port] of the site asking, e.g. 'localhost:5000' */
  domain: string
  address: string
  statement?: string
  /** origin of the site, e.g. 'http://localhost:5000' */
  uri: string
  version: string
  /** 'mainnet' | 'devnet' | 'testnet' | 'localnet' */
  chainId: string
  nonce: string
  /** ISO-8601 */
  issuedAt: string
  /** ISO-8601 */
  expirationTime?: string
}

const HEADER_SUFFIX = ' wants you to sign in with your Solana account:'

/** The exact text a wallet signs. Pure; used by the client to build and the server to cross-check. */
export function buildSignInMessage(f: SignInFields): string {
  let text = `${f.domain}${HEADER_SUFFIX}\n${f.address}`
  if (f.statement) text += `\n\n${f.statement}`
  const lines = [
    `URI: ${f.uri}`,
    `Version: ${f.version}`,
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
  ]
  if (f.expirationTime) lines.push(`Expiration Time: ${f.expirationTime}`)
  return `${text}\n\n${lines.join('\n')}`
}

const FIELD_KEYS: Record<string, keyof SignInFields | 'ignored'> = {
  URI: 'uri',
  Version: 'version',
  'Chain ID': 'chainId',
  Nonce: 'nonce',
  'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime',
  // Wallets may add these optional CAIP-122 fields; they are allowed but not used.
  'Not Before': 'ignored',
  'Request ID': 'ignored',
  Resources: 'ignored',
}

/** Parses a SIWS text; null when it is not one (missing header, address, or a required field). */
export function parseSignInMessage(text: string): SignInFields | null {
  const lines = text.split('\n')
  const header = lines[0] ?? ''
  if (!header.endsWith(HEADER_SUFFIX)) return null
  const domain = header.slice(0, -HEADER_SUFFIX.length)
  const address = lines[1] ?? ''
  if (!domain || !address) return null
  let i = 2
  if (lines[i] !== '') return null
  i++
  let statement: string | undefined
  // A statement is one line followed by a blank line, before the first 'Key: value' field.
  if (lines[i] !== undefined && !lines[i]!.startsWith('URI: ')) {
    statement = lines[i]
    i++
    if (lines[i] !== '') return null
    i++
  }
  const out: Partial<SignInFields> = { domain, address, statement }
  for (; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (line.startsWith('- ')) continue // Resources list items
    const sep = line.indexOf(': ')
    const key = sep > 0 ? line.slice(0, sep) : line.endsWith(':') ? line.slice(0, -1) : ''
    const target = FIELD_KEYS[key]
    if (!target) return null
    if (target !== 'ignored') {
      if (out[target] !== undefined) return null // duplicate field
      out[target] = line.slice(sep + 2)
    }
  }
  const { uri, version, chainId, nonce, issuedAt } = out
  if (!uri || !version || !chainId || !nonce || !issuedAt) return null
  return { ...out, domain, address, uri, version, chainId, nonce, issuedAt }
}

/** POST /api/auth/nonce -> the fields the client should put in its message (plus its address). */
export const NonceResponseSchema = z.object({
  nonce: z.string(),
  domain: z.string(),
  uri: z.string(),
  statement: z.string(),
  version: z.string(),
  chainId: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string(),
})
export type NonceResponse = z.infer<typeof NonceResponseSchema>

/** POST /api/auth/sign-in body. `signature` is base58 of the 64 raw signature bytes. */
export const SignInRequestSchema = z.strictObject({
  address: WalletAddressSchema,
  // The text policy: a NUL in the nonce line reached PostgreSQL as a 500 (RELIABILITY.md §9,
  // finding 5).
  message: userText({ max: 2048, multiline: true, trim: false }),
  signature: z.string().min(64).max(100),
})

/** GET /api/auth/session and the sign-in response. */
export const SessionResponseSchema = z.object({
  walletAddress: z.string(),
  isStaff: z.boolean(),
  expiresAt: z.string(),
})
export type SessionResponse = z.infer<typeof SessionResponseSchema>

/** GET /api/auth/config: what the client needs to know before connecting. */
export const AuthConfigResponseSchema = z.object({
  /** 'demo': the server runs on the embedded demo chain, so the in-browser demo wallet is offered. */
  chain: z.enum(['demo', 'rpc']),
  tokenMint: z.string(),
})
export type AuthConfigResponse = z.infer<typeof AuthConfigResponseSchema>
