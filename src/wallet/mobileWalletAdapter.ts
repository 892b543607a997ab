import { isAndroidChrome } from './entry'

/** The name the Mobile Wallet Adapter registers under (SolanaMobileWalletAdapterWalletName). */
export const MOBILE_WALLET_ADAPTER_NAME = 'Mobile Wallet Adapter'

let registering: Promise<void> | null = null

/**
 * On Android Chrome only: registers the Solana Mobile Wallet Adapter as a Wallet Standard wallet
 * (its maintained package, loaded on demand so no other device downloads it). It announces itself
 * with the standard's register event, so our registry lists it like any extension, and the
 * installed wallet app (Phantom, Solflare, …) signs. Once per page.
 */
export function registerMobileWalletAdapter(win: Window): Promise<void> {
  if (!isAndroidChrome(win.navigator.userAgent)) return Promise.resolve()
  registering ??= import('@solana-mobile/wallet-standard-mobile')
    .then((mwa) => {
      mwa.registerMwa({
        appIdentity: { name: 'vPOS Swarm', uri: win.location.origin, icon: 'favicon.svg' },
        authorizationCache: mwa.createDefaultAuthorizationCache(),
        chains: ['solana:mainnet'],
        chainSelector: mwa.createDefaultChainSelector(),
        onWalletNotFound: mwa.createDefaultWalletNotFoundHandler(),
      })
    })
    .catch(() => undefined) // no MWA: the other entries still stand
  return registering
}
