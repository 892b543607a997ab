import { isAndroidChrome } from './entry'

/** The name the Mobile Wallet Adapter registers under (SolanaMobileWalletAdapterWalletName). */
export const MOBILE_WALLET_ADAPTER_NAME = 'Mobile Wallet Adapter'

/** What a press says when the adapter's package could not be loaded (offline, a failed chunk). */
export const MOBILE_WALLET_ADAPTER_NOT_LOADED =
  'The Mobile Wallet Adapter did not load. Check your connection and try again.'

let registering: Promise<void> | null = null

/**
 * Whether this page gets the Mobile Wallet Adapter (Android Chrome, on https or localhost: the
 * package registers nowhere else). Known from the first render, before the package has loaded, so
 * the entry a page shows does not change when it lands.
 */
export function mobileWalletAdapterOffered(win: Pick<Window, 'isSecureContext' | 'navigator'>) {
  return win.isSecureContext && isAndroidChrome(win.navigator.userAgent)
}

/**
 * On Android Chrome only: registers the Solana Mobile Wallet Adapter as a Wallet Standard wallet
 * (its maintained package, loaded on demand so no other device downloads it). It announces itself
 * with the standard's register event, so our registry lists it like any extension, and the
 * installed wallet app (Phantom, Solflare, …) signs. Once per page; where its package did not load,
 * a later call tries the load again (the registry's list says whether it is there).
 */
export function registerMobileWalletAdapter(win: Window): Promise<void> {
  if (!mobileWalletAdapterOffered(win)) return Promise.resolve()
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
    .catch(() => {
      registering = null // the other entries still stand; the next Connect tries again
    })
  return registering
}
