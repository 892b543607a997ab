/**
 * The live feed's actions on the store (docs/ARCHITECTURE.md "State stores"): the feed's
 * source attached (attachLiveFeed), its events acted on, its swarm shown or waiting behind a fork,
 * a replay or the live history; "Simulate locally" and "Back to live". Re-exported by swarmStore.ts.
 */
import type { ErrorEvent, Message } from '../sim'
import { displaySource } from './display'
import { endHistory, keepWhileBehind } from './historyStore'
import { appendMessage, pushError, pushMessage } from './messages'
import { createLocalSource } from './sources/localSource'
import type { LiveFeedSource, LiveSourceEvent } from './sources/liveSource'
import type { SwarmFork, SwarmSource } from './swarmSource'
import { syncDerived, type SwarmStore } from './swarmState'

/** Stop or restart the local sim's clock (?paused=1, tests). */
export function setPaused(store: SwarmStore, paused: boolean): void {
  store.swarm.paused = paused
  store.runtime.local.paused = paused
}

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
type Defer = (run: () => void) => () => void

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
