import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

type Page = LazyExoticComponent<ComponentType>

/**
 * PRODUCT.md §2 route table: each screen is its own lazy chunk. '/' is the Swarm Core overlay over
 * the scene.
 */
export const ROUTES: readonly { path: string; Page: Page }[] = [
  { path: '/', Page: lazy(() => import('../pages/swarm/Page')) },
  { path: '/analytics', Page: lazy(() => import('../pages/analytics/Page')) },
  { path: '/database', Page: lazy(() => import('../pages/database/Page')) },
  { path: '/compute', Page: lazy(() => import('../pages/compute/Page')) },
  { path: '/diagnostics', Page: lazy(() => import('../pages/diagnostics/Page')) },
  { path: '/terminal', Page: lazy(() => import('../pages/terminal/Page')) },
  { path: '/token', Page: lazy(() => import('../pages/token/Page')) },
  { path: '/blinks', Page: lazy(() => import('../pages/blinks/Page')) },
  { path: '/game', Page: lazy(() => import('../pages/game/Page')) },
  { path: '/labs', Page: lazy(() => import('../pages/labs/Page')) },
  { path: '/marketplace', Page: lazy(() => import('../pages/marketplace/Page')) },
  { path: '/whitelist', Page: lazy(() => import('../pages/whitelist/Page')) },
  { path: '/chat', Page: lazy(() => import('../pages/chat/Page')) },
  { path: '/signin/:code?', Page: lazy(() => import('../pages/signin/Page')) },
  { path: '/settings', Page: lazy(() => import('../pages/settings/Page')) },
]

export const NotFoundPage: Page = lazy(() => import('./NotFound'))
