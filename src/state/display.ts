/**
 * Switching the displayed source and the displayed swarm's links (frame clock phase 2). Split from
 * swarmStore.ts so the snapshot store can switch to and from a replay without an import cycle.
 */
import { pushError, pushMessage } from './messages'
import type { SimEvent } from '../sim'
import type { SwarmSource } from './swarmSource'
import { syncDerived, type SwarmStore } from './swarmState'

/**
 * Above this many agents the link search is staged: each frame searches a 1/LINK_EVERY_LARGE share
 * of the grid, so the links refresh every LINK_EVERY_LARGE frames at an even cost per frame.
 */
const LINK_EVERY_FRAME_MAX = 20_000
export const LINK_EVERY_LARGE = 4

/** The console follows the displayed source's events (and only its). */
export function listen(store: SwarmStore, src: SwarmSource): void {
  const { runtime } = store
  runtime.detachEvents?.()
  runtime.detachEvents = src.on
    ? src.on((event: SimEvent) => {
        if (event.kind === 'message') pushMessage(store, { ...event.message })
        else if (event.kind === 'error') pushError(store, { ...event.error })
      })
    : null
}

/**
 * Make `src` the displayed source: the scene draws its buffers from the next frame, the links are
 * searched anew, the console follows its events and the panels its readings.
 */
export function displaySource(store: SwarmStore, src: SwarmSource): void {
  const { runtime, display, swarm } = store
  runtime.source = src
  runtime.linkSearch.cancel()
  runtime.linkCycleVersion = -1
  display.buffers = src.buffers
  display.version++
  display.linksVersion = -1
  if (src.kind !== 'replay') swarm.source = src.kind
  if (swarm.world.width !== src.world.width || swarm.world.height !== src.world.height) {
    swarm.world = { ...src.world }
  }
  if (src.kind !== 'replay') listen(store, src)
  // The new swarm's links at once (a staged search would show none for a few frames).
  if (!src.links) runtime.linkSearch.run(src.buffers, src.world)
  display.links = src.links ?? runtime.linkSearch.links
  display.linksVersion = display.version
  syncDerived(store)
}

/**
 * Frame clock phase 2: the displayed swarm's links. A source's own links are taken as they are;
 * otherwise the one shared search runs when the buffers changed since the last search — at once up
 * to LINK_EVERY_FRAME_MAX agents, in LINK_EVERY_LARGE staged frames above (a started search is
 * finished even when nothing moves meanwhile).
 */
export function updateLinks({ runtime, display }: SwarmStore): void {
  const src = runtime.source
  if (src.links) {
    display.links = src.links
    display.linksVersion = src.linksVersion ?? display.version
    return
  }
  const search = runtime.linkSearch
  const staging = runtime.linkCycleVersion >= 0
  if (display.linksVersion === display.version && !staging) return
  const buf = display.buffers
  if (buf.count <= LINK_EVERY_FRAME_MAX) {
    search.run(buf, src.world)
    display.linksVersion = display.version
    runtime.linkCycleVersion = -1
  } else {
    if (!staging) runtime.linkCycleVersion = display.version
    if (search.runStaged(buf, src.world, LINK_EVERY_LARGE)) {
      display.linksVersion = runtime.linkCycleVersion
      runtime.linkCycleVersion = -1
    }
  }
  display.links = search.links
}
