import { demoAdapter, demoWalletSupported } from './demoWallet'
import {
  findPhantom,
  injectedAdapter,
  type InjectedSolanaProvider,
  type InjectedWindow,
} from './injected'
import { preloadAfterFirstScreen } from '../scene/contentShown'
import { registerMobileWalletAdapter } from './mobileWalletAdapter'
import { createStandardRegistry, standardAdapter, type StandardWallet } from './standard'
import type { WalletAdapter } from './types'

/**
 * Every wallet this page can use, as adapters that stay the same object across calls (an adapter
 * remembers the account it connected): Wallet Standard wallets, Phantom's injected provider (unless
 * Phantom also registered through the standard), and the demo wallet when the server runs on the
 * demo chain.
 */
export interface WalletOptions {
  /** real wallets found in the browser */
  wallets: WalletAdapter[]
  /** the in-browser demo wallet, when offered */
  demo: WalletAdapter | null
  /**
   * PRODUCT.md §5 text when no real wallet exists ('Solana wallet not found! …' / 'Please install
   * Phantom wallet!')
   */
  missing: string | null
}

const standardAdapters = new WeakMap<StandardWallet, WalletAdapter>()
const injectedAdapters = new WeakMap<InjectedSolanaProvider, WalletAdapter>()
let demo: WalletAdapter | null = null

let registry: ReturnType<typeof createStandardRegistry> | null = null

/** How long the Mobile Wallet Adapter's load waits for an idle moment after the first screen. */
const MWA_IDLE_TIMEOUT_MS = 1000

/** The window's Wallet Standard registry, started on first use (browser only). */
export function walletRegistry() {
  if (!registry) {
    registry = createStandardRegistry(window)
    registry.start()
    // GOTCHA: the Mobile Wallet Adapter's package (38 KB of brotli, Android Chrome only) waits for
    // the first screen. Fetched from the first render, it ended just before the first paint and
    // so lay on the first paint's path in Lighthouse's model: /whitelist's FCP 3.0 s against
    // 2.3 s on the other routes (docs/ARCHITECTURE.md, "First load")
    preloadAfterFirstScreen(() => void registerMobileWalletAdapter(window), MWA_IDLE_TIMEOUT_MS)
  }
  return registry
}

/** Pure core of the wallet list, for tests: the inputs are what the browser offers. */
export function collectWallets(
  standard: readonly StandardWallet[],
  win: InjectedWindow,
  demoOffered: boolean,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): WalletOptions {
  const wallets: WalletAdapter[] = standard.map((w) => {
    let a = standardAdapters.get(w)
    if (!a) standardAdapters.set(w, (a = standardAdapter(w)))
    return a
  })
  const phantom = findPhantom(win)
  const phantomViaStandard = standard.some((w) => w.name.toLowerCase() === 'phantom')
  if ('provider' in phantom && !phantomViaStandard) {
    let a = injectedAdapters.get(phantom.provider)
    if (!a) injectedAdapters.set(phantom.provider, (a = injectedAdapter(phantom.provider)))
    wallets.push(a)
  }
  if (demoOffered && !demo) demo = demoAdapter(storage)
  return {
    wallets,
    demo: demoOffered ? demo : null,
    missing: wallets.length > 0 ? null : 'error' in phantom ? phantom.error : null,
  }
}

/** What this browser offers now, given the registry's current Wallet Standard list. */
export function currentWallets(
  standard: readonly StandardWallet[],
  demoOffered: boolean,
): WalletOptions {
  return collectWallets(
    standard,
    window as unknown as InjectedWindow,
    demoOffered && demoWalletSupported(),
    window.localStorage,
  )
}

/**
 * The real wallets here once the Mobile Wallet Adapter has registered, on pages that get it: a
 * press in the second before its package lands waits for it (it loads after the first screen).
 */
export async function walletsWithMobileAdapter(): Promise<WalletAdapter[]> {
  await registerMobileWalletAdapter(window)
  return currentWallets(walletRegistry().wallets(), false).wallets
}
