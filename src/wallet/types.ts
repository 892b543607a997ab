/**
 * What the app needs from any wallet: an address, and a way to prove it owns it (Sign-In With
 * Solana). Wallet Standard wallets, the injected `window.phantom.solana` provider and the in-browser
 * demo wallet all become a WalletAdapter.
 */

/** The fields a `solana:signIn` wallet turns into the SIWS text (Wallet Standard SolanaSignInInput). */
export interface SignInInput {
  domain: string
  address: string
  statement?: string
  uri: string
  version: string
  chainId: string
  nonce: string
  issuedAt: string
  expirationTime?: string
}

interface SignInOutput {
  /** base58 address of the account that signed */
  address: string
  /** the exact bytes the wallet signed (the SIWS text, UTF-8) */
  signedMessage: Uint8Array
  /** 64-byte ed25519 signature */
  signature: Uint8Array
}

type WalletKind = 'standard' | 'injected' | 'demo'

export interface WalletAdapter {
  /** stable id, e.g. 'standard:Phantom', 'injected:phantom', 'demo' */
  id: string
  name: string
  /** data: URL of the wallet's icon (Wallet Standard), when it has one */
  icon?: string
  kind: WalletKind
  /** Asks the wallet for access; resolves to the base58 address of its account. */
  connect(): Promise<string>
  disconnect(): Promise<void>
  /** Signs raw bytes with the connected account. */
  signMessage(message: Uint8Array): Promise<Uint8Array>
  /** `solana:signIn` where the wallet offers it: it builds and signs the SIWS text itself. */
  signIn?(input: SignInInput): Promise<SignInOutput>
}

/** A wallet step that failed; `kind` tells the pages which PRODUCT.md §8 text to show. */
export class WalletError extends Error {
  constructor(
    readonly kind: 'not-found' | 'connect' | 'sign-in',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'WalletError'
  }
}
