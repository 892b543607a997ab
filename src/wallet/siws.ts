import { request } from '../api/http'
import { base58Encode } from '../contracts/address'
import { apiPaths } from '../contracts/apiPaths'
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
  return request('POST', apiPaths.auth.signIn.url(), {
    body: { address, message, signature: base58Encode(signature) },
    parse: SessionResponseSchema,
  })
}

/** GET /api/auth/session: the signed-in wallet, or null without a (live) session. */
export async function currentSession(): Promise<SessionResponse | null> {
  return request('GET', apiPaths.auth.session.url(), {
    parse: SessionResponseSchema,
    on401: 'returnNull',
  })
}

/** POST /api/auth/sign-out: ends the server session (the cookie is cleared). */
export async function signOut(): Promise<void> {
  await request('POST', apiPaths.auth.signOut.url())
}

/** POST /api/auth/sign-out-everywhere: ends every session of the signed-in wallet, on every device. */
export async function signOutEverywhere(): Promise<void> {
  await request('POST', apiPaths.auth.signOutEverywhere.url())
}
