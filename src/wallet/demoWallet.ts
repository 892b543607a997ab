import { base58Encode } from '../contracts/address'
import { DEMO_HASH_PREFIX, demoBalanceFromDigest } from '../contracts/demoChain'
import { base64UrlDecode } from './bytes'
import type { WalletAdapter } from './types'

/**
 * The demo wallet (ARCHITECTURE.md "Wallet and sign-in"): an ed25519 keypair made with WebCrypto
 * and kept in local storage, so a visitor without Phantom can try chat and whitelist while the
 * server runs on the demo chain (whose balances derive from the address). Never offered against a
 * real RPC: it holds nothing on chain.
 */
const DEMO_WALLET_KEY = 'vposDemoWallet'

interface StoredKey {
  /** base64url 32-byte private seed (JWK `d`) */
  d: string
  /** base64url 32-byte public key (JWK `x`) */
  x: string
}

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function readStored(storage: KeyStore): StoredKey | null {
  try {
    const parsed = JSON.parse(
      storage.getItem(DEMO_WALLET_KEY) ?? 'null',
    ) as Partial<StoredKey> | null
    if (typeof parsed?.d === 'string' && typeof parsed.x === 'string') {
      if (base64UrlDecode(parsed.x).length === 32 && base64UrlDecode(parsed.d).length === 32) {
        return { d: parsed.d, x: parsed.x }
      }
    }
  } catch {
    // corrupt entry: a new key replaces it
  }
  return null
}

/** The lowest chat tier's threshold: a demo wallet below it would see every room 'No Access'. */
const DEMO_MIN_BALANCE = 1_000
/** Keys tried at most for one demo wallet (each reaches bronze with p = 0.8: 20 misses ≈ 1e-14). */
const DEMO_MAX_ROLLS = 20

async function demoBalanceOf(address: string): Promise<number> {
  const text = new TextEncoder().encode(`${DEMO_HASH_PREFIX}${address}`)
  return demoBalanceFromDigest(new Uint8Array(await crypto.subtle.digest('SHA-256', text)))
}

async function newKey(): Promise<StoredKey> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey)
  if (!jwk.d || !jwk.x) throw new Error('WebCrypto returned no Ed25519 key')
  return { d: jwk.d, x: jwk.x }
}

/**
 * A new demo key whose demo-chain balance opens at least the bronze rooms: the demo wallet exists
 * so a visitor can try chat, and one in five random keys holds under 1,000 vPOS (a dead end).
 */
async function generate(storage: KeyStore): Promise<StoredKey> {
  let key = await newKey()
  for (let i = 1; i < DEMO_MAX_ROLLS; i++) {
    if ((await demoBalanceOf(base58Encode(base64UrlDecode(key.x)))) >= DEMO_MIN_BALANCE) break
    key = await newKey()
  }
  storage.setItem(DEMO_WALLET_KEY, JSON.stringify(key))
  return key
}

/** The demo wallet's address without creating one (null when none is stored yet). */
export function storedDemoAddress(storage: KeyStore): string | null {
  const key = readStored(storage)
  return key ? base58Encode(base64UrlDecode(key.x)) : null
}

/** Forgets the stored keypair; the next connect makes a new one (a different demo balance). */
export function resetDemoWallet(storage: KeyStore) {
  storage.removeItem(DEMO_WALLET_KEY)
}

/** True where this browser's WebCrypto can make Ed25519 keys. */
export function demoWalletSupported(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.generateKey === 'function'
}

export function demoAdapter(storage: KeyStore): WalletAdapter {
  let signer: CryptoKey | null = null
  let key: StoredKey | null = null
  return {
    id: 'demo',
    name: 'Demo Wallet',
    kind: 'demo',
    async connect() {
      key = readStored(storage) ?? (await generate(storage))
      signer = await crypto.subtle.importKey(
        'jwk',
        { kty: 'OKP', crv: 'Ed25519', d: key.d, x: key.x },
        { name: 'Ed25519' },
        false,
        ['sign'],
      )
      return base58Encode(base64UrlDecode(key.x))
    },
    async disconnect() {
      signer = null
    },
    async signMessage(message) {
      if (!signer) throw new Error('Demo wallet is not connected')
      // A copy: WebCrypto wants an ArrayBuffer-backed view (not a SharedArrayBuffer one).
      const data = new Uint8Array(message)
      return new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, signer, data))
    },
  }
}
