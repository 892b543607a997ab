import { isSolanaAddress } from '../contracts/address'
import { toBytes } from './bytes'
import { WalletError, type SignInInput, type WalletAdapter } from './types'

/**
 * Wallet Standard discovery (github.com/wallet-standard): the app announces itself with
 * 'wallet-standard:app-ready' and listens for 'wallet-standard:register-wallet'; wallets that load
 * before or after the app both end up registered. Only the parts of the standard we use are typed.
 */

export interface StandardAccount {
  address: string
  publicKey: Uint8Array
  chains: readonly string[]
  features: readonly string[]
}

export interface StandardWallet {
  name: string
  icon?: string
  chains: readonly string[]
  accounts: readonly StandardAccount[]
  features: Record<string, unknown>
}

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardAccount[] }>
}
interface DisconnectFeature {
  disconnect(): Promise<void>
}
interface SignMessageFeature {
  signMessage(
    ...inputs: { account: StandardAccount; message: Uint8Array }[]
  ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
}
interface SignInFeature {
  signIn(
    ...inputs: SignInInput[]
  ): Promise<
    readonly { account: StandardAccount; signedMessage: Uint8Array; signature: Uint8Array }[]
  >
}

const CONNECT = 'standard:connect'
const DISCONNECT = 'standard:disconnect'
const SIGN_MESSAGE = 'solana:signMessage'
const SIGN_IN = 'solana:signIn'

/** A wallet we can use: a Solana chain, connect, and a way to sign a message or sign in. */
export function isUsableSolanaWallet(w: StandardWallet): boolean {
  return (
    w.chains.some((c) => c.startsWith('solana:')) &&
    CONNECT in w.features &&
    (SIGN_MESSAGE in w.features || SIGN_IN in w.features)
  )
}

/** Wraps a Wallet Standard wallet as a WalletAdapter bound to the account it connects. */
export function standardAdapter(wallet: StandardWallet): WalletAdapter {
  let account: StandardAccount | undefined
  const feature = <T>(name: string) => wallet.features[name] as T | undefined
  const adapter: WalletAdapter = {
    id: `standard:${wallet.name}`,
    name: wallet.name,
    icon: wallet.icon,
    kind: 'standard',
    async connect() {
      const connect = feature<ConnectFeature>(CONNECT)
      if (!connect) throw new WalletError('connect', `${wallet.name} cannot connect`)
      const { accounts } = await connect.connect()
      account = accounts.find((a) => isSolanaAddress(a.address)) ?? wallet.accounts[0]
      if (!account) throw new WalletError('connect', `${wallet.name} shared no account`)
      return account.address
    },
    async disconnect() {
      account = undefined
      await feature<DisconnectFeature>(DISCONNECT)?.disconnect()
    },
    async signMessage(message) {
      const sign = feature<SignMessageFeature>(SIGN_MESSAGE)
      if (!sign || !account) throw new WalletError('sign-in', `${wallet.name} cannot sign messages`)
      const [out] = await sign.signMessage({ account, message })
      const signature = toBytes(out?.signature)
      if (signature?.length !== 64)
        throw new WalletError('sign-in', 'The wallet returned no signature')
      return signature
    },
  }
  const signIn = feature<SignInFeature>(SIGN_IN)
  if (signIn) {
    adapter.signIn = async (input) => {
      const [out] = await signIn.signIn(input)
      const signedMessage = toBytes(out?.signedMessage)
      const signature = toBytes(out?.signature)
      if (!out || !signedMessage || signature?.length !== 64) {
        throw new WalletError('sign-in', 'The wallet returned an incomplete sign-in')
      }
      account = out.account
      return { address: out.account.address, signedMessage, signature }
    }
  }
  return adapter
}

type Listener = () => void

/**
 * The registry of Wallet Standard wallets in this window. `start()` (idempotent) hooks the events;
 * `wallets()` lists the usable ones; `subscribe()` tells React when one registers.
 */
export function createStandardRegistry(target: EventTarget) {
  const registered = new Set<StandardWallet>()
  const listeners = new Set<Listener>()
  let snapshot: StandardWallet[] = []
  let started = false
  const changed = () => {
    snapshot = [...registered].filter(isUsableSolanaWallet)
    listeners.forEach((l) => l())
  }
  const api = Object.freeze({
    register(...wallets: StandardWallet[]) {
      wallets.forEach((w) => registered.add(w))
      changed()
      return () => {
        wallets.forEach((w) => registered.delete(w))
        changed()
      }
    },
  })
  return {
    start() {
      if (started) return
      started = true
      // Wallets that load after us register through this event…
      target.addEventListener('wallet-standard:register-wallet', (e) => {
        const callback = (e as CustomEvent<(api: unknown) => void>).detail
        if (typeof callback === 'function') callback(api)
      })
      // …and wallets that loaded first listen for this one and register back.
      target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
    },
    wallets: () => snapshot,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
