/**
 * The view in the URL: Swarm Core starts at the URL's camera and agent, and keeps the
 * URL in step while the user pans, zooms and selects, so the address bar (and Copy link) is always
 * a link back to what is on screen. Parsing and formatting are pure (src/state/urlParams.ts); this
 * module only wires them to the stores, the timers and `history`.
 */
import { subscribe } from 'valtio'
import { subscribeKey } from 'valtio/utils'
import { camera, cameraFollow, setCamera } from '../../state/cameraStore'
import { liveNow, openMomentLink } from '../../state/historyStore'
import { selectAgent, setFilter, type SwarmStore } from '../../state/swarmStore'
import {
  formatViewUrl,
  parseSwarmParams,
  parseViewParams,
  type SwarmView,
  type ViewSource,
} from '../../state/urlParams'

/** The URL is written this long after the view last changed (never per frame). */
const VIEW_SETTLE_MS = 400
/** …or at the latest this long after a change, while the view keeps moving (following an agent). */
const VIEW_MAX_WAIT_MS = 2000
/** How long the URL's agent is waited for (the live feed's first state can come after the page). */
const AGENT_WAIT_MS = 8000
const AGENT_POLL_MS = 200

/** The URL's agent while it is still awaited: kept in the URL and in copied links meanwhile. */
const pendingAgent = new WeakMap<SwarmStore, string>()
/** The URL's moment while the history's range is read: kept in the URL meanwhile. */
const pendingMoment = new WeakMap<SwarmStore, number>()

/** What is on screen now: the camera, the selected (else followed, else awaited) agent, the filter. */
function currentView(store: SwarmStore): SwarmView {
  return {
    x: camera.x,
    y: camera.y,
    zoom: camera.zoom,
    agent: store.swarm.selectedAgentId ?? cameraFollow.agentId ?? pendingAgent.get(store) ?? null,
    filter: store.explore.filter,
    source: viewSource(store),
    // behind the live feed the address holds the moment: a reload (or a copied link) shows it
    at: store.swarm.history.active
      ? Math.round(store.swarm.history.at)
      : (pendingMoment.get(store) ?? null),
  }
}

/**
 * The displayed swarm as a link names it: the local sim by seed and size, the live feed; a replay
 * or a local fork of the live swarm cannot be rebuilt from parameters, so theirs stay as they are.
 */
function viewSource(store: SwarmStore): ViewSource | null {
  const { swarm, runtime } = store
  if (runtime.source.kind === 'replay') return null
  if (swarm.source === 'live') return { feed: 'live' }
  if (runtime.forked) return null
  return { feed: 'sim', seed: swarm.seed, agents: runtime.local.buffers.count }
}

/** The link to the view on screen: this page's URL with the view written in (Copy link). */
export function viewLink(store: SwarmStore): string {
  return formatViewUrl(window.location.href, currentView(store))
}

/**
 * Share moment: the link to the view on screen at the moment shown — the history's playhead
 * while behind, the live feed's now otherwise (issue 33).
 */
export function momentLink(store: SwarmStore, now = Date.now()): string {
  const h = store.swarm.history
  const at = Math.round(h.active ? h.at : liveNow(store, now))
  return formatViewUrl(window.location.href, { ...currentView(store), at })
}

/**
 * Selects `id` once the displayed swarm has it (on `?feed=live`, once that swarm is the live
 * one); gives up after AGENT_WAIT_MS with one console note. Stops early when the user selects or
 * follows an agent meanwhile. `settled` is told when it is no longer awaited. Returns a cancel.
 */
function awaitAgent(store: SwarmStore, id: string, live: boolean, settled: () => void): () => void {
  pendingAgent.set(store, id)
  const t0 = Date.now()
  const done = () => {
    clearInterval(timer)
    if (pendingAgent.get(store) !== id) return
    pendingAgent.delete(store)
    settled()
  }
  const poll = () => {
    if (store.swarm.selectedAgentId !== null || cameraFollow.agentId !== null) return done()
    const src = store.runtime.source
    if ((!live || store.swarm.source === 'live') && src.indexOfId(id) >= 0) {
      done()
      selectAgent(store, id)
    } else if (Date.now() - t0 >= AGENT_WAIT_MS) {
      done()
      console.info(`[view] ?agent=${id}: no such agent in the displayed swarm; ignored`)
    }
  }
  const timer = setInterval(poll, AGENT_POLL_MS)
  poll()
  return done
}

/**
 * Writes the view into the URL VIEW_SETTLE_MS after it settles (replaceState: the history keeps one
 * entry per visit, not one per pan). Returns `changed` (the view changed where nothing is
 * subscribed: the awaited agent came or was given up) and the subscription's end.
 */
function keepUrlInStep(store: SwarmStore): { changed: () => void; stop: () => void } {
  const path = window.location.pathname
  let timer: ReturnType<typeof setTimeout> | null = null
  let first = 0
  let last = 0
  const write = () => {
    const now = Date.now()
    const quiet = now - last
    if (quiet < VIEW_SETTLE_MS && now - first < VIEW_MAX_WAIT_MS) {
      timer = setTimeout(write, VIEW_SETTLE_MS - quiet)
      return
    }
    timer = null
    // the router may have left Swarm Core a moment before this page unmounts
    if (window.location.pathname !== path) return
    const href = viewLink(store)
    // GOTCHA: keep history.state: react-router keeps its entry key and index there
    if (href !== window.location.href) window.history.replaceState(window.history.state, '', href)
  }
  // Camera moves arrive every frame while following: re-arm one timer, never clear and set per frame.
  const changed = () => {
    last = Date.now()
    if (timer !== null) return
    first = last
    timer = setTimeout(write, VIEW_SETTLE_MS)
  }
  const unsubscribe = [
    subscribe(camera, changed),
    subscribeKey(cameraFollow, 'agentId', changed),
    subscribeKey(store.swarm, 'selectedAgentId', changed),
    subscribe(store.explore.filter, changed),
    subscribeKey(store.swarm.history, 'active', changed),
    subscribeKey(store.swarm.history, 'at', changed),
  ]
  changed() // a page come back to from a dashboard writes its view once
  const stop = () => {
    if (timer !== null) clearTimeout(timer)
    for (const end of unsubscribe) end()
  }
  return { changed, stop }
}

/**
 * Swarm Core's view and its URL: starts the camera and the filter at the URL's view (one console
 * note for what was ignored), awaits the URL's agent, then keeps the URL in step. Returns the stop
 * (unmount).
 */
export function startViewUrl(store: SwarmStore, search = window.location.search): () => void {
  const { view, notes } = parseViewParams(search)
  if (notes.length > 0) console.warn(`[view] ${notes.join('; ')}`)
  setCamera(view)
  if (view.filter) setFilter(store, view.filter)
  const live = parseSwarmParams(search, () => 0).feed === 'live'
  const url = keepUrlInStep(store)
  const cancelAgent = view.agent ? awaitAgent(store, view.agent, live, url.changed) : () => {}
  // a shared moment (?at=): shown paused when the server keeps it, else a one-line notice
  const at = new URLSearchParams(search).get('at')
  if (view.at !== undefined && view.at !== null) {
    pendingMoment.set(store, view.at)
    void openMomentLink(store, view.at).finally(() => {
      pendingMoment.delete(store)
      url.changed()
    })
  } else if (at !== null) {
    store.swarm.history.notice = `The link's moment (?at=${at.slice(0, 40)}) is not a time: showing the live swarm`
  }
  return () => {
    url.stop()
    cancelAgent()
  }
}
