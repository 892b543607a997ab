import { useQuery } from '@tanstack/react-query'
import { useMemo, useState, useSyncExternalStore } from 'react'
import { request } from '../api/http'
import { apiPaths } from '../contracts/apiPaths'
import { CHAIN_META } from '../contracts/constants'
import type { AuthConfigResponse } from '../contracts/auth'
import {
  currentWallets,
  walletRegistry,
  walletsWithMobileAdapter,
  type WalletOptions,
} from './discovery'
import { chooseEntry, deviceKind, type WalletEntry } from './entry'
import type { WalletAdapter } from './types'
import { MOBILE_WALLET_ADAPTER_NAME, mobileWalletAdapterOffered } from './mobileWalletAdapter'

/**
 * GET /api/auth/config: tells the client whether the server runs on the demo chain. Its schema
 * (and zod) loads while the request is under way, not with the page (docs/ARCHITECTURE.md, "First
 * load").
 */
const authConfigQuery = {
  queryKey: [apiPaths.auth.config.url()] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<AuthConfigResponse> => {
    const contracts = import('../contracts/auth')
    const value = await request<unknown>('GET', apiPaths.auth.config.url(), { signal })
    return (await contracts).AuthConfigResponseSchema.parse(value)
  },
}

const subscribe = (listener: () => void) => {
  const off = walletRegistry().subscribe(listener)
  return () => void off()
}
const snapshot = () => walletRegistry().wallets()

/**
 * The server's chain as the page's HTML names it (server/plugins/static.plugin.ts), so the first
 * render already knows whether to offer the demo wallet: null where the HTML has none (the dev
 * server's), and then GET /api/auth/config tells.
 */
function chainInPage(): AuthConfigResponse['chain'] | null {
  const chain = document.querySelector<HTMLMetaElement>(`meta[name="${CHAIN_META}"]`)?.content
  return chain === 'demo' || chain === 'rpc' ? chain : null
}

/** The wallets this browser offers, plus the demo wallet when the server is on the demo chain. */
export function useWalletOptions(): WalletOptions {
  const [inPage] = useState(chainInPage)
  const config = useQuery({ ...authConfigQuery, enabled: inPage === null })
  const standard = useSyncExternalStore(subscribe, snapshot)
  const demoOffered = (inPage ?? config.data?.chain) === 'demo'
  return useMemo(() => currentWallets(standard, demoOffered), [standard, demoOffered])
}

/** Whether the Mobile Wallet Adapter is among these wallets (registered). */
function listsMobileWalletAdapter(wallets: readonly { name: string }[]): boolean {
  return wallets.some((w) => w.name === MOBILE_WALLET_ADAPTER_NAME)
}

/**
 * Whether this page gets the Mobile Wallet Adapter and it is not among `wallets` yet: its package
 * loads after the first screen, and the page offers it before (a press waits for it).
 */
export function mobileWalletAdapterComing(wallets: readonly { name: string }[]): boolean {
  return mobileWalletAdapterOffered(window) && !listsMobileWalletAdapter(wallets)
}

/**
 * The way in this device gets (src/wallet/entry.ts), for this page's URL. On Android Chrome the
 * Mobile Wallet Adapter counts before its package has registered it (it loads after the first
 * screen): the entry is 'Connect Wallet' from the first render instead of 'Open in …' links that
 * turned into it a second later, and Connect waits for the adapter (ConnectButtons).
 */
export function walletEntryFor(options: WalletOptions): WalletEntry {
  const coming = mobileWalletAdapterComing(options.wallets)
  return chooseEntry({
    device: deviceKind({
      userAgent: navigator.userAgent,
      maxTouchPoints: navigator.maxTouchPoints,
    }),
    wallets: options.wallets.length + (coming ? 1 : 0),
    mobileWalletAdapter: coming || listsMobileWalletAdapter(options.wallets),
    pageUrl: window.location.href,
  })
}

/**
 * The wallets to offer when a wallet button is pressed; `awaitingAdapter` while the press waits.
 * GOTCHA: on Android Chrome the Mobile Wallet Adapter registers after the first screen, so a quick
 * press waits for it (a picker without it, or Phantom connected alone, was what a press in that
 * second got).
 */
export function useWalletsOnPress(options: WalletOptions) {
  const [awaitingAdapter, setAwaitingAdapter] = useState(false)
  async function walletsNow(): Promise<readonly WalletAdapter[]> {
    if (!mobileWalletAdapterComing(options.wallets)) return options.wallets
    setAwaitingAdapter(true)
    try {
      return await walletsWithMobileAdapter()
    } finally {
      setAwaitingAdapter(false)
    }
  }
  return { awaitingAdapter, walletsNow }
}
