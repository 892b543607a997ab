/**
 * What a route's first screen loads after its page chunk has rendered: the modules it imports on
 * demand and the GET answers it shows. The build adds the modules' chunks to the route's preloads
 * (scripts/routePreloads.ts) and the server names both in the route's HTML (server/http/
 * route-preload.ts), so they load beside the entry script instead of after the page ran
 * (docs/ARCHITECTURE.md, "Route preloads"). Only what every first visit fetches belongs here: a
 * preload nobody reads costs the visitor its bytes.
 */
import { apiPaths } from '../contracts/apiPaths.ts'

export interface FirstScreen {
  /** modules the page imports on demand for its first screen, from the repository root */
  readonly modules: readonly string[]
  /** GET URLs of the API the first screen shows (the app fetches them with credentials) */
  readonly data: readonly string[]
}

export const FIRST_SCREEN: Readonly<Record<string, FirstScreen>> = {
  // Token Info: the market figures (src/pages/token/queries.ts) and the schemas that check them;
  // the contract address in them is the largest text of the page
  '/token': {
    modules: ['src/contracts/market.ts'],
    data: [apiPaths.market.token.url()],
  },
  // Marketplace: the same market answer prices the hero's line and the four products; asked
  // after the page ran, it ended just before the first paint and lay on the largest paint's path
  '/marketplace': {
    modules: ['src/contracts/market.ts'],
    data: [apiPaths.market.token.url()],
  },
}
