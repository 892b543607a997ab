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
 * source is controllable: the live swarm is read-only), setPaused, selectAgent, setHoverInfo,
 * appendMessage, startSimulation / stopSimulation (frame clock + main-view timers),
 * advanceSimulation(store, ms) (tests), agentById / selectedAgent, live: attachLiveFeed
 * (the feed's source and its events), simulateLocally ("Simulate locally"), backToLive. Snapshot and
 * replay actions are re-exported from snapshotStore.ts. URL params: urlParams.ts.
 */
import { STEP_MS, type Agent, type ErrorEvent, type Message, toAgent } from '../sim'
import { sameFilter, type AgentFilter } from '../sim/agentFilter'
import { startFrameClock, stopFrameClock } from './frameClock'
import { createLocalSource } from './sources/localSource'
import type { LiveFeedSource, LiveSourceEvent } from './sources/liveSource'
import { displaySource, listen, updateLinks } from './display'
import { endHistory, keepWhileBehind } from './historyStore'
import { appendMessage, pushError, pushMessage } from './messages'
import { restoreSnapshots, tickReplay } from './snapshotStore'
import type { SwarmFork, SwarmSource } from './swarmSource'
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

/** Stop or restart the local sim's clock (?paused=1, tests). */
export function setPaused(store: SwarmStore, paused: boolean): void {
  store.swarm.paused = paused
  store.runtime.local.paused = paused
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

/**
 * PRODUCT.md §8 feed text for the action banner ('Connection to data feed lost', 'Connection
 * error'); null when the feed is back. A user's own action (active/standby) replaces it too.
 */
function setFeedNotice(store: SwarmStore, text: string | null): void {
  store.runtime.feedNotice = text
  store.swarm.actionText = text ?? store.runtime.source.readings().actionText
}

/**
 * The live feed's first state arrived (or arrived again): display it, unless the visitor forked a
 * local simulation ("Simulate locally") or is replaying; then it waits behind.
 */
function showLive(store: SwarmStore, live: SwarmSource, defer: Defer): void {
  store.runtime.live = live
  if (store.runtime.livePending) return
  if (liveWaitsBehind(store) || store.runtime.source === live) {
    store.swarm.liveAvailable = true
    return
  }
  // Until it is shown the page reads as still connecting: the live swarm available but not shown
  // would read as a fork of it ("Back to live").
  let ran = false
  const cancel = defer(() => {
    ran = true
    store.runtime.livePending = null
    if (store.runtime.live !== live) return // lost meanwhile
    store.swarm.liveAvailable = true
    if (!liveWaitsBehind(store) && store.runtime.source !== live) displaySource(store, live)
  })
  if (!ran) store.runtime.livePending = cancel
}

/** Forked, replaying or behind (live history): the live swarm waits behind. */
function liveWaitsBehind(store: SwarmStore): boolean {
  return store.runtime.forked || store.swarm.snapshots.isReplaying || store.swarm.history.active
}

/**
 * Runs `run` now or later (attachLiveFeed's `defer`); returns the cancel. The page hands
 * inNextTask: the live swarm's first state is decoded in its message's task, and shown (its link
 * search, the panels' readings and the render they cause) in the next one.
 */
export type Defer = (run: () => void) => () => void

const runNow: Defer = (run) => {
  run()
  return () => {}
}

/** Back to the local simulation (the feed failed for good, PRODUCT.md §4): network active. */
function revertToSimulatedData(store: SwarmStore): void {
  store.runtime.live = null
  store.swarm.liveAvailable = false
  store.runtime.forked = false
  if (store.swarm.snapshots.isReplaying) {
    store.runtime.replayUnder = store.runtime.local
  } else if (store.runtime.source !== store.runtime.local && !store.swarm.history.active) {
    displaySource(store, store.runtime.local)
  }
  store.runtime.local.setActive(true)
  store.runtime.feedNotice = null
  store.display.version++
  syncDerived(store)
}

/** The current displayed swarm as a fork for a new local simulation. */
function currentFork(store: SwarmStore): SwarmFork {
  const src = store.runtime.source
  return {
    buffers: src.buffers,
    world: src.world,
    readings: src.readings(),
    seed: store.runtime.sim.seed,
  }
}

/**
 * "Simulate locally": fork the displayed live swarm — positions, modes, energy, failing set,
 * tasks, metrics, efficiency — into a local simulation where every control works. The feed stays
 * connected behind it; backToLive(store) shows it again.
 */
export function simulateLocally(store: SwarmStore): void {
  if (store.runtime.source.kind !== 'live') return
  const fork = currentFork(store)
  endHistory(store)
  const { sim, local } = createLocalSource({
    seed: fork.seed,
    count: fork.buffers.count,
    epochMs: Date.now(),
    fork,
    simThread: store.simThread,
  })
  store.runtime.detachMainView?.()
  ;(store.runtime.local as SwarmSource).dispose?.()
  store.runtime.sim = sim
  store.runtime.local = local
  store.runtime.local.paused = store.swarm.paused
  store.runtime.detachMainView = local.attachMainView({ startup: false })
  store.runtime.forked = true
  store.runtime.feedNotice = null
  displaySource(store, store.runtime.local)
  appendMessage(store, 'system', FORK_TEXT)
}

/** "Back to live": show the server's live swarm again (when the feed is connected). */
export function backToLive(store: SwarmStore): void {
  const live = store.runtime.live
  store.runtime.forked = false
  endHistory(store)
  if (!live || store.swarm.snapshots.isReplaying) return
  displaySource(store, live)
  appendMessage(store, 'system', BACK_TO_LIVE_TEXT)
}

const FORK_TEXT = '[SOURCE] Simulating locally from the live swarm'
const BACK_TO_LIVE_TEXT = '[SOURCE] Back to the live feed'

/**
 * The live feed's source joins the store: its events become actions here (LiveSourceEvent in
 * sources/liveSource.ts). Its swarm takes the display through `defer` (at once unless one is
 * given: the App gives inNextTask). Returns the detach (the App's effect cleanup).
 */
export function attachLiveFeed(
  store: SwarmStore,
  live: LiveFeedSource,
  defer: Defer = runNow,
): () => void {
  store.runtime.detachLive?.()
  const off = live.events((event) => onLiveEvent(store, live, event, defer))
  const detach = () => {
    off()
    store.runtime.livePending?.()
    store.runtime.livePending = null
    if (store.runtime.detachLive === detach) store.runtime.detachLive = null
  }
  store.runtime.detachLive = detach
  return detach
}

function onLiveEvent(
  store: SwarmStore,
  live: LiveFeedSource,
  event: LiveSourceEvent,
  defer: Defer,
): void {
  switch (event.kind) {
    case 'state':
      setFeedNotice(store, null)
      showLive(store, live, defer)
      return
    case 'notice':
      setFeedNotice(store, event.text)
      return
    case 'message':
      if (!keepWhileBehind(store, { message: event.message })) pushLiveMessage(store, event.message)
      return
    case 'error':
      if (keepWhileBehind(store, { error: event.error })) return
      pushLiveError(store, event.error)
      syncDerived(store)
      return
    case 'log':
      appendMessage(store, event.type, event.text)
      return
    case 'hold':
      setPaused(store, event.held)
      return
    case 'lost':
      if (store.runtime.live === live) revertToSimulatedData(store)
  }
}

/** PRODUCT.md §7.1 type 2: a system message from the server, with its own id and timestamp. */
function pushLiveMessage(store: SwarmStore, m: Message): void {
  pushMessage(store, { ...m })
}

/**
 * PRODUCT.md §7.1 type 5 / §8: alert '[ERROR {code}] {message}' (the source marked the agent
 * failing).
 */
function pushLiveError(store: SwarmStore, error: ErrorEvent): void {
  appendMessage(store, 'alert', `[ERROR ${error.errorCode}] ${error.message}`)
  pushError(store, { ...error })
}
