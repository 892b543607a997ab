/**
 * A real ed25519 test wallet for server and browser tests: deterministic keypair from a seed
 * string, base58 address, Sign-In With Solana in one call.
 *
 *   const w = createTestWallet('alice')                 // any address
 *   const rich = createTestWallet('alice', { tier: 'platinum' }) // demo-chain balance in that tier
 *   const poor = createTestWallet('bob', { tier: 'none' })       // below bronze
 *   const cookie = await signIn(app, w)               // Fastify instance (inject) …
 *   const cookie = await signIn('http://127.0.0.1:5064', w)     // … or a base URL (real socket)
 *   // then send `cookie` as the Cookie header.
 *
 * In Playwright, expose `w.signMessage` with page.exposeFunction and build window.phantom.solana
 * around it, or use `w.seed` (32-byte ed25519 private seed) with WebCrypto in the page.
 */
import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { base58Encode } from '../../src/contracts/address'
import { buildSignInMessage, type NonceResponse, type SignInFields } from '../../src/contracts/auth'
import { DEFAULT_TIER_THRESHOLDS, type Tier } from '../../src/contracts/chat'
import { demoBalanceOf } from '../../server/chain/demo-chain.provider'

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

export interface TestWallet {
  address: string
  /** 32-byte ed25519 private seed */
  seed: Uint8Array
  publicKey: Uint8Array
  privateKey: KeyObject
  signMessage(message: Uint8Array | string): Uint8Array
  /** base58 signature of the UTF-8 text, as POST /api/auth/sign-in wants it */
  signBase58(text: string): string
}

/** The demo tier of an address under the default thresholds ('none' below bronze). */
export function demoTierOf(address: string): Tier | 'none' {
  const b = demoBalanceOf(address)
  if (b >= DEFAULT_TIER_THRESHOLDS.platinum) return 'platinum'
  if (b >= DEFAULT_TIER_THRESHOLDS.gold) return 'gold'
  if (b >= DEFAULT_TIER_THRESHOLDS.silver) return 'silver'
  if (b >= DEFAULT_TIER_THRESHOLDS.bronze) return 'bronze'
  return 'none'
}

function walletFromSeed(seed: Uint8Array): TestWallet {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  })
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' })
  const publicKey = new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))
  const signMessage = (message: Uint8Array | string) =>
    new Uint8Array(
      sign(null, typeof message === 'string' ? Buffer.from(message, 'utf8') : message, privateKey),
    )
  return {
    address: base58Encode(publicKey),
    seed,
    publicKey,
    privateKey,
    signMessage,
    signBase58: (text) => base58Encode(signMessage(text)),
  }
}

/**
 * A deterministic wallet for `name`. With `tier`, the first keypair (name#0, name#1, …) whose demo
 * balance lies in that tier; with `predicate`, the first whose address satisfies it.
 */
export function createTestWallet(
  name: string,
  opts: { tier?: Tier | 'none'; predicate?: (address: string) => boolean } = {},
): TestWallet {
  for (let i = 0; i < 10_000; i++) {
    const seed = new Uint8Array(
      createHash('sha256').update(`vpos-test-wallet:${name}#${i}`).digest(),
    )
    const w = walletFromSeed(seed)
    if (opts.tier && demoTierOf(w.address) !== opts.tier) continue
    if (opts.predicate && !opts.predicate(w.address)) continue
    return w
  }
  throw new Error(`no test wallet found for ${name}`)
}

/** The SIWS text for a nonce response, optionally with fields overridden (for negative tests). */
export function signInMessageFor(
  w: TestWallet,
  n: NonceResponse,
  override: Partial<SignInFields> = {},
): string {
  return buildSignInMessage({ ...n, address: w.address, ...override })
}

type Target = FastifyInstance | string

async function request(target: Target, method: string, url: string, body?: unknown, host?: string) {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (typeof target === 'string') {
    const res = await fetch(target + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: await res.text(), setCookie: res.headers.getSetCookie() }
  }
  if (host) headers.host = host
  const res = await target.inject({
    method: method as 'POST',
    url,
    headers,
    payload: body === undefined ? undefined : JSON.stringify(body),
  })
  const raw = res.headers['set-cookie']
  return {
    status: res.statusCode,
    body: res.body,
    setCookie: raw === undefined ? [] : Array.isArray(raw) ? raw : [raw],
  }
}

/** Signs in `w` (nonce, sign, verify) and returns the `name=value` cookie for later requests. */
export async function signIn(target: Target, w: TestWallet): Promise<string> {
  const nonceRes = await request(target, 'POST', '/api/auth/nonce')
  if (nonceRes.status !== 200) throw new Error(`nonce failed: ${nonceRes.status} ${nonceRes.body}`)
  const n = JSON.parse(nonceRes.body) as NonceResponse
  const message = signInMessageFor(w, n)
  const res = await request(target, 'POST', '/api/auth/sign-in', {
    address: w.address,
    message,
    signature: w.signBase58(message),
  })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`)
  const cookie = res.setCookie
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('vpos_session='))
  if (!cookie) throw new Error('sign-in set no session cookie')
  return cookie
}

/**
 * For Playwright's page.addInitScript(injectPhantom, phantomArgs(w)): installs a Phantom-shaped
 * provider at `window.phantom.solana` (and legacy `window.solana`) that signs with `w`'s real
 * ed25519 key through the page's WebCrypto. `window.__phantomCalls` counts its calls.
 */
export interface PhantomArgs {
  seedHex: string
  address: string
  /** connect() waits until the page calls window.__releaseConnect() (to see 'Connecting...') */
  holdConnect?: boolean
}

export function phantomArgs(w: TestWallet, opts: { holdConnect?: boolean } = {}): PhantomArgs {
  return { seedHex: Buffer.from(w.seed).toString('hex'), address: w.address, ...opts }
}

export function injectPhantom({ seedHex, address, holdConnect = false }: PhantomArgs) {
  const seed = Uint8Array.from((seedHex.match(/../g) ?? []).map((h) => parseInt(h, 16)))
  // PKCS#8 wrapping of a raw ed25519 seed (RFC 8410).
  const prefix = [
    0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
  ]
  const pkcs8 = new Uint8Array([...prefix, ...seed])
  let key: Promise<CryptoKey> | null = null
  const signer = () =>
    (key ??= crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign']))
  const publicKey = { toString: () => address, toBase58: () => address }
  const calls = { connect: 0, signMessage: 0, disconnect: 0 }
  const provider = {
    isPhantom: true,
    publicKey: null as typeof publicKey | null,
    isConnected: false,
    async connect() {
      calls.connect++
      if (holdConnect) {
        await new Promise<void>((resolve) => {
          ;(window as unknown as Record<string, unknown>).__releaseConnect = resolve
        })
      }
      provider.publicKey = publicKey
      provider.isConnected = true
      return { publicKey }
    },
    async disconnect() {
      calls.disconnect++
      provider.publicKey = null
      provider.isConnected = false
    },
    async signMessage(message: Uint8Array) {
      calls.signMessage++
      const data = new Uint8Array(message)
      const signature = new Uint8Array(
        await crypto.subtle.sign({ name: 'Ed25519' }, await signer(), data),
      )
      return { signature, publicKey }
    },
  }
  const w = window as unknown as Record<string, unknown>
  w.phantom = { solana: provider }
  w.solana = provider
  w.__phantomCalls = calls
}
