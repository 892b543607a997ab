/**
 * Browser-test fixture, installed only with `?e2e=1`: exposes the swarm and camera stores and a few
 * actions on `window.__vposSwarm` so a Playwright test can set up a state (a failing agent, a
 * hovered agent, many console lines) or read where an agent is drawn. The app never reads it.
 */
import { LiveFeedSource } from '../../state/sources/liveSource'
import { camera } from '../../state/cameraStore'
import {
  appendMessage,
  markFailing,
  selectAgent,
  syncDerived,
  setHoverInfo,
  type HoverInfo,
  type SwarmStore,
} from '../../state/swarmStore'

/** The page's store and its actions, bound to it (a test calls them from page.evaluate). */
interface SwarmTestHook {
  swarm: SwarmStore['swarm']
  /** the filter and the newest census (census held by ref) */
  explore: SwarmStore['explore']
  /** the displayed swarm's buffers, links and version (outside the proxy) */
  display: SwarmStore['display']
  camera: typeof camera
  markFailing: (idOrIndex: string | number) => number
  clearFailures: () => void
  selectAgent: (id: string | null) => void
  setHoverInfo: (info: HoverInfo | null) => void
  appendMessage: (
    ...args: Parameters<typeof appendMessage> extends [SwarmStore, ...infer R] ? R : never
  ) => void
}

declare global {
  interface Window {
    __vposSwarm?: SwarmTestHook
  }
}

/**
 * Make an agent fail on the displayed source: the local sim's PRODUCT.md §4 mark-failing, or on the
 * live swarm (read-only to the visitor) the way the server fails one — a PRODUCT.md §7.1 type 5
 * error event.
 */
function markFailingOnSource(store: SwarmStore, idOrIndex: string | number): number {
  const live = store.runtime.source
  if (live instanceof LiveFeedSource) {
    const id = typeof idOrIndex === 'number' ? live.buffers.ids[idOrIndex] : idOrIndex
    if (!id || live.indexOfId(id) < 0) return -1
    live.failAgent({
      id: `e2e-${id}`,
      errorCode: 'AGT-E2E',
      message: 'Test failure',
      timestamp: new Date().toISOString(),
      agentId: id,
    })
    return live.indexOfId(id)
  }
  return markFailing(store, idOrIndex)
}

/** Live runs start like the seeded sim, with no failing agent: the still live swarm recovers all. */
function clearFailures(store: SwarmStore): void {
  const live = store.runtime.source
  if (!(live instanceof LiveFeedSource)) return
  const b = live.buffers
  for (let i = 0; i < b.count; i++) live.recoverAgent(b.ids[i]!)
  syncDerived(store)
}

export function installTestHook(store: SwarmStore, search: string = window.location.search): void {
  if (new URLSearchParams(search).get('e2e') !== '1') return
  window.__vposSwarm = {
    swarm: store.swarm,
    explore: store.explore,
    display: store.display,
    camera,
    markFailing: (idOrIndex) => markFailingOnSource(store, idOrIndex),
    clearFailures: () => clearFailures(store),
    selectAgent: (id) => selectAgent(store, id),
    setHoverInfo: (info) => setHoverInfo(store, info),
    appendMessage: (...args) => void appendMessage(store, ...args),
  }
}
