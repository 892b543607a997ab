/**
 * Swarm store — the valtio state the panels read, the displayed swarm the scene reads, and the
 * actions that change them. `createSwarmStore(params)` builds one: the app once (src/main.tsx, handed
 * down by SwarmStoreProvider, read with useSwarmStore()), each test its own. Every action takes the
 * store as its first argument. The displayed swarm has ONE writer: the displayed SwarmSource
 * (swarmSource.ts: local sim, live feed or replay; `runtime.source`).
 *
 * Per frame, outside the proxy (`store.display`, read in useFrame): version (+1 when the displayed
 * buffers changed), buffers, links, linksVersion — written by the frame clock (frameClock.ts:
 * sampleFrame = phase 1, updateLinks = phase 2).
 *
 * State (`store.swarm`, a valtio proxy; see SwarmState in swarmState.ts), synced from the displayed
 * source at most every DERIVED_SYNC_MS (4 Hz) and on actions:
 *   world, isActive, actionText, speed, nodeCount (260), efficiency ('97.3'), paused, seed,
 *   parameters, tasks, health, metrics, failingCount, failingAgents, recentErrors, messages,
 *   hoverInfo, selectedAgentId, source ('sim' | 'live'), controllable, liveAvailable, snapshots
 *
 * Actions: toggleActive, setActive, setSpeed, setParameter, markFailing (only while the displayed
 * source is controllable: the live swarm is read-only), selectAgent, setHoverInfo,
 * appendMessage, startSimulation / stopSimulation (frame clock + main-view timers),
 * advanceSimulation(store, ms) (tests), agentById / selectedAgent. Re-exported: the live feed's
 * (liveStore.ts: attachLiveFeed, simulateLocally "Simulate locally", backToLive, setPaused) and
 * the snapshots' and replay's (snapshotStore.ts). URL params: urlParams.ts.
 */
import { STEP_MS, type Agent, toAgent } from '../sim'
import { sameFilter, type AgentFilter } from '../sim/agentFilter'
import { startFrameClock, stopFrameClock } from './frameClock'
import { displaySource, listen, updateLinks } from './display'
import { restoreSnapshots, tickReplay } from './snapshotStore'
import type { SwarmSource } from './swarmSource'
import {
  DERIVED_SYNC_MS,
  buildSwarmStore,
  displayedSource,
  syncDerived,
  type HoverInfo,
  type SwarmStore,
  type SwarmStoreParams,
} from './swarmState'

export { displayedSource, syncDerived, DERIVED_SYNC_MS, type HoverInfo, type SwarmStore }
export type { SwarmStoreParams }
export { LINK_EVERY_LARGE } from './display'

export type { ReplaySpeed } from './swarmState'
export { REPLAY_SPEEDS } from './swarmState'
export * from './snapshotStore'
export { attachLiveFeed, backToLive, setPaused, simulateLocally } from './liveStore'
export { appendMessage } from './messages'

/**
 * A new swarm store showing a fresh local simulation of `params.agents` agents from `params.seed`
 * (its worker started, where it runs in one). Nothing else starts: the main-view timers and the
 * frame clock wait for startSimulation, the live feed for attachLiveFeed.
 */
export function createSwarmStore(params: SwarmStoreParams): SwarmStore {
  const store = buildSwarmStore(params)
  displaySource(store, store.runtime.local)
  return store
}

/**
 * Frame clock phase 1: sample the displayed source (a hidden local sim only lets the time pass),
 * bump display.version when it changed, sync the panels every DERIVED_SYNC_MS.
 */
function sampleFrame(store: SwarmStore, dtMs: number, nowMs: number = now()): void {
  const src = store.runtime.source
  if (src !== store.runtime.local) store.runtime.local.idle(dtMs)
  if (store.runtime.live && src !== store.runtime.live) store.runtime.live.idle?.(dtMs)
  if (src.kind === 'replay') tickReplay(store, dtMs)
  const shown = store.runtime.source
  if (shown.sample(dtMs, nowMs) || store.display.buffers !== shown.buffers) {
    store.display.buffers = shown.buffers
    store.display.version++
  }
  store.runtime.syncAccum += dtMs
  if (store.runtime.syncAccum >= DERIVED_SYNC_MS) syncDerived(store)
}

/** Phases 1–2 of one frame of `dtMs` (the scene runs upload, render and pick after it). */
export function frame(store: SwarmStore, dtMs: number): void {
  sampleFrame(store, dtMs)
  updateLinks(store)
}

/**
 * Step simulated time by `ms` in frames of STEP_MS (tests: the PRODUCT.md §4 timers fire on this
 * clock).
 */
export function advanceSimulation(store: SwarmStore, ms: number): void {
  let left = ms
  while (left >= STEP_MS - 1e-6) {
    frame(store, STEP_MS)
    left -= STEP_MS
  }
  syncDerived(store)
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now()
}

/**
 * Start the main view: the PRODUCT.md §4 main-view timers on the local sim and (unless `clock:
 * false`) the frame clock (frameClock.ts: the scene drives it once mounted). Idempotent.
 */
export function startSimulation(store: SwarmStore, opts: { clock?: boolean } = {}): void {
  if (store.runtime.source === store.runtime.local) listen(store, store.runtime.local)
  if (!store.runtime.detachMainView) {
    store.runtime.detachMainView = store.runtime.local.attachMainView()
    if (!store.runtime.restoreStarted) {
      store.runtime.restoreStarted = true
      void restoreSnapshots(store)
    }
  }
  if (opts.clock !== false)
    startFrameClock(
      (dtMs, nowMs) => sampleFrame(store, dtMs, nowMs),
      () => updateLinks(store),
    )
}

/** Stop the clock and the main-view timers. */
export function stopSimulation(store: SwarmStore): void {
  stopFrameClock()
  store.runtime.detachMainView?.()
  store.runtime.detachMainView = null
}

/** The controls reach the displayed source only while it is controllable (a local sim). */
function controlled(store: SwarmStore): SwarmSource | null {
  const src = store.runtime.source
  return src.controllable ? src : null
}

/**
 * PRODUCT.md §4 active/standby of the displayed local sim (no-op while live or replaying:
 * read-only).
 */
export function setActive(store: SwarmStore, active: boolean): void {
  const src = controlled(store)
  if (!src) return
  store.runtime.feedNotice = null
  src.setActive(active)
  store.display.version++
  syncDerived(store)
}

export function toggleActive(store: SwarmStore): void {
  setActive(store, !store.swarm.isActive)
}

/** PRODUCT.md §3 speed (movement scales by speed / 5); clamped 1–10. Local sim only. */
export function setSpeed(store: SwarmStore, speed: number): void {
  const src = controlled(store)
  if (!src) return
  const s = Math.min(10, Math.max(1, speed))
  src.setSpeed(s)
  store.swarm.speed = s
}

/**
 * Set a PRODUCT.md §3 swarm parameter by name (clamped to its min/max); local sim only. Unknown
 * names are ignored.
 */
export function setParameter(store: SwarmStore, name: string, value: number): void {
  const src = controlled(store)
  if (!src) return
  src.setParameter(name, value)
  const p = store.swarm.parameters.find((x) => x.name === name)
  if (p) p.value = Math.min(p.max, Math.max(p.min, value))
}

/**
 * PRODUCT.md §4 manual mark-failing by agent id or index, in the displayed local sim (the live
 * swarm is the server's: read-only). Returns the index, or −1 when unknown or not controllable.
 */
export function markFailing(store: SwarmStore, idOrIndex: string | number): number {
  const src = controlled(store)
  if (!src) return -1
  const i = typeof idOrIndex === 'string' ? src.indexOfId(idOrIndex) : idOrIndex
  if (i < 0 || i >= src.buffers.count) return -1
  src.markFailing(i)
  store.display.version++
  syncDerived(store)
  return i
}

export function selectAgent(store: SwarmStore, id: string | null): void {
  store.swarm.selectedAgentId = id
}

/**
 * Set the filter (docs/PRODUCT.md "Swarm Core (/), the main view": exploring the swarm). Written
 * into the proxy the census, the shaders and the URL subscribe to, never replacing it.
 */
export function setFilter(store: SwarmStore, filter: AgentFilter): void {
  if (sameFilter(store.explore.filter, filter)) return
  Object.assign(store.explore.filter, {
    types: filter.types,
    statuses: filter.statuses,
    modes: filter.modes,
    energy: filter.energy,
    failing: filter.failing,
  })
}

export function setHoverInfo(store: SwarmStore, info: HoverInfo | null): void {
  store.swarm.hoverInfo = info
}

/**
 * Plain PRODUCT.md §3 Agent by id, as the displayed source has it now (panels; allocates), or null.
 */
export function agentById(store: SwarmStore, id: string | null): Agent | null {
  if (!id) return null
  const src = store.runtime.source
  const i = src.indexOfId(id)
  return i >= 0 && i < src.buffers.count ? toAgent(src.buffers, i) : null
}

export function selectedAgent(store: SwarmStore): Agent | null {
  return agentById(store, store.swarm.selectedAgentId)
}

// ---- live feed: the feed's source replaces the local sim as the displayed source ----
