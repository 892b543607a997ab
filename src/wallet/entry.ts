/**
 * Which way into a wallet this device gets (docs/ARCHITECTURE.md "Wallet and sign-in"): a pure
 * function of what the browser says about itself and what it found, so the choice is table-tested
 * and the pages only render it.
 *
 * - a wallet is already here (extension, in-app wallet browser, or the Mobile Wallet Adapter on
 *   Android Chrome): connect it;
 * - a phone or tablet with nothing injected: reopen this page inside a wallet's own browser;
 * - any device: continue on another device that has a wallet (the device-code sign-in).
 */

export type DeviceKind = 'desktop' | 'ios' | 'android' | 'mobile'

export interface DeviceHints {
  userAgent: string
  /** navigator.maxTouchPoints */
  maxTouchPoints: number
}

/**
 * The platform behind a user agent. GOTCHA: iPadOS Safari (and Chrome on iPad) asks for desktop
 * pages with a Macintosh user agent; only its touch points give it away (no Mac has a touch screen).
 */
export function deviceKind({ userAgent, maxTouchPoints }: DeviceHints): DeviceKind {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios'
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios'
  if (/Android/i.test(userAgent)) return 'android'
  if (/Mobi|Tablet|Silk|KFAPWI/i.test(userAgent)) return 'mobile'
  return 'desktop'
}

/**
 * Android Chrome (not a WebView, not another vendor's browser): where the Solana Mobile Wallet
 * Adapter can reach an installed wallet app.
 */
export function isAndroidChrome(userAgent: string): boolean {
  return (
    /Android/i.test(userAgent) &&
    /Chrome\/\d/.test(userAgent) &&
    !/; wv\)|EdgA|SamsungBrowser|OPR|Firefox|UCBrowser|YaBrowser/.test(userAgent)
  )
}

/** A wallet's documented "browse" universal link: it opens a page inside the wallet's browser. */
export interface BrowseLink {
  wallet: 'Phantom' | 'Solflare' | 'Backpack'
  href: string
}

/**
 * The browse links that reopen `pageUrl` (this exact page: route and query) inside each wallet's
 * in-app browser, with `ref` our origin.
 * - Phantom: https://docs.phantom.com/phantom-deeplinks/other-methods/browse
 *   `https://phantom.app/ul/browse/<url>?ref=<ref>`
 * - Solflare: https://docs.solflare.com/solflare/technical/deeplinks/other-methods/browse
 *   `https://solflare.com/ul/v1/browse/<url>?ref=<ref>`
 * - Backpack: https://docs.backpack.app/deeplinks/other-methods/browse
 *   `https://backpack.app/ul/v1/browse/<url>?ref=<ref>`
 */
export function browseLinks(pageUrl: string): BrowseLink[] {
  const url = encodeURIComponent(pageUrl)
  const ref = encodeURIComponent(new URL(pageUrl).origin)
  return [
    { wallet: 'Phantom', href: `https://phantom.app/ul/browse/${url}?ref=${ref}` },
    { wallet: 'Solflare', href: `https://solflare.com/ul/v1/browse/${url}?ref=${ref}` },
    { wallet: 'Backpack', href: `https://backpack.app/ul/v1/browse/${url}?ref=${ref}` },
  ]
}

type EntryPath = 'wallet' | 'mobile-wallet-adapter' | 'open-in-wallet' | 'install'

export interface WalletEntry {
  path: EntryPath
  /** the one line that says why these buttons are offered */
  explanation: string
  /** browse links, on phones and tablets with no wallet here */
  openIn: BrowseLink[]
}

/**
 * The entry a device gets. `wallets` are the usable wallets found here (Wallet Standard, Phantom's
 * injected provider, the Mobile Wallet Adapter); `mobileWalletAdapter` says one of them is the MWA.
 */
export function chooseEntry(input: {
  device: DeviceKind
  wallets: number
  mobileWalletAdapter: boolean
  pageUrl: string
}): WalletEntry {
  const { device, wallets, mobileWalletAdapter, pageUrl } = input
  if (wallets > 0 && mobileWalletAdapter && wallets === 1) {
    return {
      path: 'mobile-wallet-adapter',
      explanation: 'Android: your installed wallet app signs through the Mobile Wallet Adapter.',
      openIn: [],
    }
  }
  if (wallets > 0) {
    return {
      path: 'wallet',
      explanation:
        device === 'desktop'
          ? 'A wallet extension was found in this browser.'
          : 'A wallet was found in this browser.',
      openIn: [],
    }
  }
  if (device !== 'desktop') {
    return {
      path: 'open-in-wallet',
      explanation:
        'No wallet in this browser: open this page in your wallet app, or sign in from another device.',
      openIn: browseLinks(pageUrl),
    }
  }
  return {
    path: 'install',
    explanation:
      'Desktop: sign in with a browser wallet extension such as Phantom, or from another device.',
    openIn: [],
  }
}
