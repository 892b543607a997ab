import { proxy } from 'valtio'
import { HttpError, onUnauthorized, request } from '../api/http'
import { apiPaths } from '../contracts/apiPaths'
import type { SessionResponse } from '../contracts/auth'
import { defaultDisplayName } from '../contracts/address'
import type { Tier } from '../contracts/chat'
import { currentSession, signInWithWallet, signOut, signOutEverywhere } from '../wallet/siws'
import { WalletError, type WalletAdapter } from '../wallet/types'

/**
 * The wallet session shared by the whitelist and chat screens: which wallet is signed in (SIWS
 * session cookie on the server), its display name, and its last verified vPOS balance.
 * PRODUCT.md §3 keeps `walletAddress` and `tempDisplayName` in local storage; PRODUCT.md §4
 * restores a stored wallet on load.
 */
export const WALLET_ADDRESS_KEY = 'walletAddress'
export const DISPLAY_NAME_KEY = 'tempDisplayName'
/**
 * The display name a wallet chose, per address. PRODUCT.md §4's disconnect clears walletAddress and
 * tempDisplayName; this one outlives it, so reconnecting the same wallet keeps the chosen name.
 */
const chosenNameKey = (address: string) => `vposDisplayName:${address}`
/** PRODUCT.md §9: a balance older than this is verified again before entering a room. */
export const BALANCE_STALE_MS = 30_000

type WalletStatus = 'restoring' | 'disconnected' | 'connecting' | 'connected'

export interface WalletState {
  status: WalletStatus
  walletAddress: string | null
  /** the wallet used to connect ('Phantom', 'Demo Wallet'); null after a restore from the session */
  walletName: string | null
  /** STAFF_WALLETS member, as the server's session says */
  isStaff: boolean
  displayName: string | null
  balance: number | null
  accessLevels: Record<Tier, boolean> | null
  /** client time (ms) of the last successful balance verification */
  balanceCheckedAt: number | null
  balanceChecking: boolean
}

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function memoryStore(): KeyStore {
  const m = new Map<string, string>()
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  }
}

let storage: KeyStore = typeof localStorage === 'undefined' ? memoryStore() : localStorage
let adapter: WalletAdapter | null = null

function initialState(): WalletState {
  return {
    status: storage.getItem(WALLET_ADDRESS_KEY) ? 'restoring' : 'disconnected',
    walletAddress: null,
    walletName: null,
    isStaff: false,
    displayName: null,
    balance: null,
    accessLevels: null,
    balanceCheckedAt: null,
    balanceChecking: false,
  }
}

export const walletState = proxy<WalletState>(initialState())

/** Tests: swap the storage and start from a clean state. */
export function resetWalletStore(store: KeyStore = memoryStore()) {
  storage = store
  adapter = null
  restoring = null
  Object.assign(walletState, initialState())
}

function clearSession() {
  storage.removeItem(WALLET_ADDRESS_KEY)
  storage.removeItem(DISPLAY_NAME_KEY)
  adapter = null
  Object.assign(walletState, { ...initialState(), status: 'disconnected' })
}

/** Is a balance verified at `checkedAt` too old to gate a room at `now`? */
export function isBalanceStale(checkedAt: number | null, now: number): boolean {
  return checkedAt === null || now - checkedAt > BALANCE_STALE_MS
}

let restoring: Promise<void> | null = null

/**
 * PRODUCT.md §4: a stored wallet comes back on load when the server still holds its session (no
 * signature needed); otherwise the stored items are dropped. Runs once per page load.
 */
export function restoreWallet(): Promise<void> {
  restoring ??= (async () => {
    const stored = storage.getItem(WALLET_ADDRESS_KEY)
    if (!stored) {
      if (walletState.status === 'restoring') walletState.status = 'disconnected'
      return
    }
    let session
    try {
      session = await currentSession()
    } catch {
      // Server unreachable: keep the stored wallet for the next load, show signed out for now.
      if (walletState.status === 'restoring') walletState.status = 'disconnected'
      return
    }
    if (walletState.status !== 'restoring') return // a connect or disconnect happened meanwhile
    if (session?.walletAddress !== stored) return clearSession()
    Object.assign(walletState, {
      status: 'connected',
      walletAddress: stored,
      isStaff: session.isStaff,
      displayName: storage.getItem(DISPLAY_NAME_KEY) ?? defaultDisplayName(stored),
    })
  })()
  return restoring
}

/**
 * Connects `wallet` and signs in with it unless the server already has a session for the same
 * address. Throws a WalletError ('connect' or 'sign-in') for the page to show.
 */
export async function connectWallet(wallet: WalletAdapter): Promise<string> {
  if (walletState.status === 'connecting') throw new WalletError('connect', 'Already connecting')
  walletState.status = 'connecting'
  try {
    let address: string
    try {
      address = await wallet.connect()
    } catch (err) {
      throw err instanceof WalletError
        ? err
        : new WalletError('connect', 'Could not connect to your wallet', { cause: err })
    }
    // A session cookie can only be reused for the wallet stored with it; otherwise sign in (and
    // skip asking: the answer would be a 401 the browser logs as an error).
    const reusable = storage.getItem(WALLET_ADDRESS_KEY) === address
    let session = reusable ? await currentSession().catch(() => null) : null
    if (session?.walletAddress !== address) {
      try {
        session = await signInWithWallet(wallet, address)
      } catch (err) {
        await wallet.disconnect().catch(() => undefined)
        throw err instanceof WalletError
          ? err
          : new WalletError('sign-in', signInFailure(err), { cause: err })
      }
    }
    adapter = wallet
    const sameWallet = storage.getItem(WALLET_ADDRESS_KEY) === address
    const name =
      (sameWallet && storage.getItem(DISPLAY_NAME_KEY)) ||
      storage.getItem(chosenNameKey(address)) ||
      defaultDisplayName(address)
    storage.setItem(WALLET_ADDRESS_KEY, address)
    storage.setItem(DISPLAY_NAME_KEY, name)
    Object.assign(walletState, {
      status: 'connected',
      walletAddress: address,
      walletName: wallet.name,
      isStaff: session.isStaff,
      displayName: name,
      balance: null,
      accessLevels: null,
      balanceCheckedAt: null,
    })
    return address
  } catch (err) {
    if (walletState.status === 'connecting') clearSession()
    throw err
  }
}

/**
 * The session another device signed for this browser (the cross-device sign-in): the server has
 * already set its cookie, so the state only follows it. No wallet adapter is held here: this
 * browser has none; Disconnect ends the session as usual.
 */
export function adoptSession(session: SessionResponse) {
  const address = session.walletAddress
  adapter = null
  const name = storage.getItem(chosenNameKey(address)) || defaultDisplayName(address)
  storage.setItem(WALLET_ADDRESS_KEY, address)
  storage.setItem(DISPLAY_NAME_KEY, name)
  Object.assign(walletState, {
    status: 'connected',
    walletAddress: address,
    walletName: 'Another device',
    isStaff: session.isStaff,
    displayName: name,
    balance: null,
    accessLevels: null,
    balanceCheckedAt: null,
  })
}

function signInFailure(err: unknown): string {
  if (err instanceof HttpError) return `Sign-in failed: ${err.serverError}`
  return 'Sign-in was cancelled or failed'
}

/** PRODUCT.md §4: clears wallet, balance and stored items, and ends the server session. */
export async function disconnectWallet(): Promise<void> {
  const wallet = adapter
  clearSession()
  await Promise.allSettled([wallet?.disconnect(), signOut()])
}

/**
 * Ends every session of this wallet on every device (and their open chat streams), then clears
 * this one like Disconnect. Throws when the server refused, so the page can say so.
 */
export async function disconnectEverywhere(): Promise<void> {
  await signOutEverywhere()
  await disconnectWallet()
}

/** The server said 401: the session is gone (expired or signed out elsewhere). */
export function sessionExpired() {
  if (walletState.status === 'connected') clearSession()
}

// The one 401 policy (src/api/http): the server no longer knows our session, so neither do we.
onUnauthorized(sessionExpired)

/** Call 12: verifies the balance now; throws on failure (the page shows 'Balance Check Failed'). */
export async function verifyBalance(): Promise<void> {
  const address = walletState.walletAddress
  if (!address) throw new WalletError('connect', 'Wallet Required')
  walletState.balanceChecking = true
  try {
    // the schema (and zod) load with the first check, not with the page (docs/ARCHITECTURE.md,
    // "First load")
    const { VerifyBalanceResponseSchema } = await import('../contracts/chat')
    const res = await request('POST', apiPaths.chat.verifyTokenBalance.url(), {
      body: { walletAddress: address },
      parse: VerifyBalanceResponseSchema,
    })
    if (walletState.walletAddress !== address) return
    Object.assign(walletState, {
      balance: res.balance,
      accessLevels: res.accessLevels,
      balanceCheckedAt: Date.now(),
    })
  } finally {
    walletState.balanceChecking = false
  }
}

/** PRODUCT.md §4 room entry: verifies again only when the last verification is over 30 s old. */
export async function ensureFreshBalance(now = Date.now()): Promise<void> {
  if (isBalanceStale(walletState.balanceCheckedAt, now)) await verifyBalance()
}

/** Keeps the chat display name (after the server accepted it) in state and local storage. */
export function setDisplayName(name: string) {
  walletState.displayName = name
  storage.setItem(DISPLAY_NAME_KEY, name)
  if (walletState.walletAddress) storage.setItem(chosenNameKey(walletState.walletAddress), name)
}
