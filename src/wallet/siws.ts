import { apiRequest, throwIfNotOk } from '../api/http'
import { base58Encode } from '../contracts/address'
import {
  buildSignInMessage,
  NonceResponseSchema,
  SessionResponseSchema,
  type SessionResponse,
} from '../contracts/auth'
import { utf8Decode, utf8Encode } from './bytes'
import { WalletError, type WalletAdapter } from './types'

/**
 * Sign-In With Solana against our server (src/contracts/auth.ts): a fresh nonce, the wallet signs
 * the SIWS text (`solana:signIn` where offered, else `signMessage` of the text we build), the
 * server verifies it and sets the session cookie.
 */
export async function signInWithWallet(
  adapter: WalletAdapter,
  address: string,
): Promise<SessionResponse> {
  const n = NonceResponseSchema.parse(await apiRequest('POST', '/api/auth/nonce'))
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
  let message: string
  let signature: Uint8Array
  if (adapter.signIn) {
    const out = await adapter.signIn(fields)
    if (out.address !== address) {
      throw new WalletError('sign-in', 'The wallet signed in with another account')
    }
    message = utf8Decode(out.signedMessage)
    signature = out.signature
  } else {
    message = buildSignInMessage(fields)
    signature = await adapter.signMessage(utf8Encode(message))
  }
  const session = await apiRequest('POST', '/api/auth/sign-in', {
    address,
    message,
    signature: base58Encode(signature),
  })
  return SessionResponseSchema.parse(session)
}

/** GET /api/auth/session: the signed-in wallet, or null without a (live) session. */
export async function currentSession(): Promise<SessionResponse | null> {
  const res = await fetch('/api/auth/session', { credentials: 'include' })
  if (res.status === 401) return null
  await throwIfNotOk(res)
  return SessionResponseSchema.parse(await res.json())
}

/** POST /api/auth/sign-out: ends the server session (the cookie is cleared). */
export async function signOut(): Promise<void> {
  await apiRequest('POST', '/api/auth/sign-out')
}
