import { useQuery } from '@tanstack/react-query'
import { useMemo, useState, useSyncExternalStore } from 'react'
import { request } from '../api/http'
import { apiPaths } from '../contracts/apiPaths'
import { CHAIN_META } from '../contracts/constants'
import type { AuthConfigResponse } from '../contracts/auth'
import { currentWallets, walletRegistry, type WalletOptions } from './discovery'
import { chooseEntry, deviceKind, type WalletEntry } from './entry'
import { MOBILE_WALLET_ADAPTER_NAME } from './mobileWalletAdapter'

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

/** The way in this device gets (src/wallet/entry.ts), for this page's URL. */
export function walletEntryFor(options: WalletOptions): WalletEntry {
  return chooseEntry({
    device: deviceKind({
      userAgent: navigator.userAgent,
      maxTouchPoints: navigator.maxTouchPoints,
    }),
    wallets: options.wallets.length,
    mobileWalletAdapter: options.wallets.some((w) => w.name === MOBILE_WALLET_ADAPTER_NAME),
    pageUrl: window.location.href,
  })
}
