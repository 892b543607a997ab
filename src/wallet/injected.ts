import { isSolanaAddress } from '../contracts/address'
import { toBytes } from './bytes'
import { WalletError, type SignInInput, type WalletAdapter } from './types'

/** PRODUCT.md §5: the texts shown when no usable injected wallet exists. */
export const NO_SOLANA_WALLET = 'Solana wallet not found! Please install a Solana wallet extension.'
export const NOT_PHANTOM = 'Please install Phantom wallet!'

/** The parts of Phantom's injected provider (`window.phantom.solana`, legacy `window.solana`) we use. */
export interface InjectedSolanaProvider {
  isPhantom?: boolean
  publicKey?: { toString(): string } | null
  connect(opts?: { onlyIfTrusted?: boolean }): Promise<{ publicKey: { toString(): string } }>
  disconnect?(): Promise<void>
  signMessage(
    message: Uint8Array,
    display?: 'utf8' | 'hex',
  ): Promise<{ signature: Uint8Array } | Uint8Array>
  signIn?(input: SignInInput): Promise<{
    address: { toString(): string } | string
    signedMessage: Uint8Array
    signature: Uint8Array
  }>
}

export interface InjectedWindow {
  phantom?: { solana?: InjectedSolanaProvider }
  solana?: InjectedSolanaProvider
}

/**
 * The Phantom provider of this window, or why there is none: no injected Solana provider at all
 * ('Solana wallet not found! …'), or one that is not Phantom ('Please install Phantom wallet!').
 */
export function findPhantom(
  win: InjectedWindow,
): { provider: InjectedSolanaProvider } | { error: string } {
  const phantom = win.phantom?.solana
  if (phantom?.isPhantom) return { provider: phantom }
  if (win.solana?.isPhantom) return { provider: win.solana }
  if (phantom || win.solana) return { error: NOT_PHANTOM }
  return { error: NO_SOLANA_WALLET }
}

function addressOf(key: { toString(): string } | string | null | undefined): string {
  const text = typeof key === 'string' ? key : (key?.toString() ?? '')
  if (!isSolanaAddress(text))
    throw new WalletError('connect', 'The wallet returned no valid address')
  return text
}

/** Wraps Phantom's injected provider as a WalletAdapter. */
export function injectedAdapter(provider: InjectedSolanaProvider): WalletAdapter {
  const adapter: WalletAdapter = {
    id: 'injected:phantom',
    name: 'Phantom',
    kind: 'injected',
    async connect() {
      const res = await provider.connect()
      return addressOf(res.publicKey)
    },
    async disconnect() {
      await provider.disconnect?.()
    },
    async signMessage(message) {
      const res = await provider.signMessage(message, 'utf8')
      const signature = toBytes(res instanceof Uint8Array ? res : res.signature)
      if (signature?.length !== 64)
        throw new WalletError('sign-in', 'The wallet returned no signature')
      return signature
    },
  }
  const signIn = provider.signIn?.bind(provider)
  if (signIn) {
    adapter.signIn = async (input) => {
      const out = await signIn(input)
      const signedMessage = toBytes(out.signedMessage)
      const signature = toBytes(out.signature)
      if (!signedMessage || signature?.length !== 64) {
        throw new WalletError('sign-in', 'The wallet returned an incomplete sign-in')
      }
      return { address: addressOf(out.address), signedMessage, signature }
    }
  }
  return adapter
}
