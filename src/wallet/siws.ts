import { request } from '../api/http'
import { base58Encode } from '../contracts/address'
import { apiPaths } from '../contracts/apiPaths'
import type { SessionResponse, SignInFields } from '../contracts/auth'
import { utf8Decode, utf8Encode } from './bytes'
import { WalletError, type WalletAdapter } from './types'

/**
 * The auth contracts (their schemas, and zod with them) load with the first sign-in call, not with
 * the page that offers sign-in (docs/ARCHITECTURE.md, "First load").
 */
const authContracts = () => import('../contracts/auth')

/**
 * Sign-In With Solana against our server (src/contracts/auth.ts): a fresh nonce, the wallet signs
 * the SIWS text (`solana:signIn` where offered, else `signMessage` of the text we build), the
 * server verifies it and sets the session cookie.
 */
export async function signInWithWallet(
  adapter: WalletAdapter,
  address: string,
): Promise<SessionResponse> {
  const { NonceResponseSchema, SessionResponseSchema } = await authContracts()
  const n = await request('POST', apiPaths.auth.nonce.url(), { parse: NonceResponseSchema })
  const fields = {
    domain: n.domain,
    address,
    statement: n.statement,
    uri: n.uri,
    version: n.version,
    chainId: n.chainId,
    nonce: n.nonce,
    issuedAt: n.issuedAt,
    expirationTime: n.expirationTime,
  }
  const { message, signature } = await signSiws(adapter, fields)
  return request('POST', apiPaths.auth.signIn.url(), {
    body: { address, message, signature: base58Encode(signature) },
    parse: SessionResponseSchema,
  })
}

/**
 * The signed SIWS text for `fields`: `solana:signIn` where the wallet offers it; when it is missing,
 * or throws for any reason but the person saying no, `signMessage` of the same text we build (some
 * wallets list `signIn` and then fail it, e.g. on an unsupported chain or field).
 */
export async function signSiws(
  adapter: WalletAdapter,
  fields: SignInFields,
): Promise<{ message: string; signature: Uint8Array }> {
  if (adapter.signIn) {
    let out
    try {
      out = await adapter.signIn(fields)
    } catch (err) {
      if (isUserRejection(err)) throw err
      out = null
    }
    if (out) {
      if (out.address !== fields.address) {
        throw new WalletError('sign-in', 'The wallet signed in with another account')
      }
      return { message: utf8Decode(out.signedMessage), signature: out.signature }
    }
  }
  const { buildSignInMessage } = await authContracts()
  const message = buildSignInMessage(fields)
  return { message, signature: await adapter.signMessage(utf8Encode(message)) }
}

/** EIP-1193's 4001 (which Solana wallets reuse) or a rejection by name: the person said no. */
export function isUserRejection(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const e = err as { code?: unknown; name?: unknown; message?: unknown }
  if (e.code === 4001) return true
  const text = `${String(e.name ?? '')} ${String(e.message ?? '')}`
  return /reject|denied|cancel/i.test(text)
}

/** GET /api/auth/session: the signed-in wallet, or null without a (live) session. */
export async function currentSession(): Promise<SessionResponse | null> {
  const contracts = authContracts() // loads while the request is under way
  const value = await request<unknown>('GET', apiPaths.auth.session.url(), { on401: 'returnNull' })
  return value === null ? null : (await contracts).SessionResponseSchema.parse(value)
}

/** POST /api/auth/sign-out: ends the server session (the cookie is cleared). */
export async function signOut(): Promise<void> {
  await request('POST', apiPaths.auth.signOut.url())
}

/** POST /api/auth/sign-out-everywhere: ends every session of the signed-in wallet, on every device. */
export async function signOutEverywhere(): Promise<void> {
  await request('POST', apiPaths.auth.signOutEverywhere.url())
}
