import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { matchPath } from 'react-router-dom'

type Page = LazyExoticComponent<ComponentType>
type PageModule = { default: ComponentType }
type RoutePage = Page & { preload: () => void }

/**
 * A route's page as a lazy chunk that, once its module has loaded, renders without suspending: a
 * thenable that calls back at once resolves React.lazy on the spot, with no fallback. main.tsx
 * starts the current route's import before the first render (the server's HTML already
 * modulepreloads its chunk beside the entry), so that render usually finds the page loaded and the
 * shell and the page paint together. A page that suspends shows the fallback, and React then holds
 * the page back at least 300 ms after it (its reveal throttle): on every first load before this
 * (docs/ARCHITECTURE.md, "First load").
 */
export function lazyPage(load: () => Promise<PageModule>): RoutePage {
  let loaded: PageModule | null = null
  let loading: Promise<PageModule> | null = null
  const start = () => (loading ??= load().then((m) => (loaded = m)))
  const Page = lazy(() => {
    const done = loaded
    if (!done) return start()
    const now = { then: (resolve: (m: PageModule) => void) => resolve(done) }
    return now as unknown as Promise<PageModule>
  })
  return Object.assign(Page, { preload: () => void start().catch(() => undefined) })
}

/**
 * PRODUCT.md §2 route table: each screen is its own lazy chunk. '/' is the Swarm Core overlay over
 * the scene.
 */
export const ROUTES: readonly { path: string; Page: RoutePage }[] = [
  { path: '/', Page: lazyPage(() => import('../pages/swarm/Page')) },
  { path: '/analytics', Page: lazyPage(() => import('../pages/analytics/Page')) },
  { path: '/database', Page: lazyPage(() => import('../pages/database/Page')) },
  { path: '/compute', Page: lazyPage(() => import('../pages/compute/Page')) },
  { path: '/diagnostics', Page: lazyPage(() => import('../pages/diagnostics/Page')) },
  { path: '/terminal', Page: lazyPage(() => import('../pages/terminal/Page')) },
  { path: '/token', Page: lazyPage(() => import('../pages/token/Page')) },
  { path: '/blinks', Page: lazyPage(() => import('../pages/blinks/Page')) },
  { path: '/game', Page: lazyPage(() => import('../pages/game/Page')) },
  { path: '/labs', Page: lazyPage(() => import('../pages/labs/Page')) },
  { path: '/marketplace', Page: lazyPage(() => import('../pages/marketplace/Page')) },
  { path: '/whitelist', Page: lazyPage(() => import('../pages/whitelist/Page')) },
  { path: '/chat', Page: lazyPage(() => import('../pages/chat/Page')) },
  { path: '/signin/:code?', Page: lazyPage(() => import('../pages/signin/Page')) },
  { path: '/settings', Page: lazyPage(() => import('../pages/settings/Page')) },
]

export const NotFoundPage: Page = lazy(() => import('./NotFound'))

/** Starts loading the page of the route at `pathname`, if it is one (before the first render). */
export function preloadRoute(pathname: string): void {
  ROUTES.find((r) => matchPath(r.path, pathname))?.Page.preload()
}
