import type { IconName } from '../ui/icons'

export interface NavEntry {
  path: string
  label: string
  icon: IconName
}

/** PRODUCT.md §2: the 14 navigation entries, in this order. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { path: '/', label: 'Swarm Core', icon: 'core' },
  { path: '/analytics', label: 'Analytics', icon: 'analytics' },
  { path: '/database', label: 'Database', icon: 'database' },
  { path: '/compute', label: 'Compute', icon: 'compute' },
  { path: '/diagnostics', label: 'Diagnostics', icon: 'diagnostics' },
  { path: '/token', label: 'Token Info', icon: 'token' },
  { path: '/blinks', label: 'Blinks', icon: 'blinks' },
  { path: '/game', label: 'Game', icon: 'game' },
  { path: '/labs', label: 'Labs', icon: 'labs' },
  { path: '/marketplace', label: 'Marketplace', icon: 'marketplace' },
  { path: '/whitelist', label: 'Whitelist', icon: 'whitelist' },
  { path: '/chat', label: 'Chat', icon: 'chat' },
  { path: '/terminal', label: 'Terminal', icon: 'terminal' },
  { path: '/settings', label: 'Settings', icon: 'settings' },
]

/** Whether `pathname` is the entry's route (exact match; '/' only for itself). */
export function isCurrent(entry: NavEntry, pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '') || '/'
  return p === entry.path
}

const APP_TITLE = 'vPOS Swarm'

/** The document title of a route: 'Chat · vPOS Swarm'; unknown paths read 'Page Not Found'. */
export function documentTitle(pathname: string): string {
  const entry = NAV_ENTRIES.find((e) => isCurrent(e, pathname))
  return `${entry ? entry.label : 'Page Not Found'} · ${APP_TITLE}`
}
