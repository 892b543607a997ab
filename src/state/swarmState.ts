/**
 * The swarm store's state and how it is built: `createSwarmStore(params)` (swarmStore.ts) makes one store — the
 * valtio proxy the panels read (`swarm`), the per-frame part the scene reads (`display`) and the
 * sources and loop handles (`runtime`). The app builds one (src/main.tsx) and hands it down through
 * React context (swarmStoreContext.ts); each test builds its own. Nothing here runs at import.
 * Actions are functions taking the store, in swarmStore.ts / snapshotStore.ts; import everything
 * from swarmStore.ts. docs/ARCHITECTURE.md, "State stores", draws the parts.
 */
import { proxy } from 'valtio'
import {
  EFFICIENCY_DEFAULT,
  LinkSearch,
  defaultHealth,
  defaultParameters,
  defaultTasks,
  emptyMetrics,
  errorRate,
  formatEfficiency,
  type AgentBuffers,
  type ErrorEvent,
  type HealthItem,
  type LinkBuffers,
  type Message,
  type Metrics,
  type Snapshot,
  type SwarmParameter,
  type SwarmSim,
  type Task,
  type World,
  type Rng,
  FAILING_IDS_CAP,
  RECENT_ERRORS,
  scanSwarm,
  type SwarmScan,
} from '../sim'
import { noFilter, type AgentFilter } from '../sim/agentFilter'
import type { Census } from '../sim/census'
import type { SceneCapture } from './clip/sceneCapture'
import { createLocalSource, type LocalSource } from './sources/localSource'
import type { HistorySource } from './sources/historySource'
import type { SwarmSource } from './swarmSource'
import type { SwarmUrlParams } from './urlParams'

export interface HoverInfo {
  agentId: string
  /** screen point (CSS px) where the hover card is placed */
  position: { x: number; y: number }
}

/**
 * PRODUCT.md §3 Snapshot manager. `snapshots` hold their heavy parts (agents, messages) in ref().
 */
interface SnapshotManagerState {
  snapshots: Snapshot[]
  isReplaying: boolean
  /** replay is running but paused (step/scrub still work) */
  isReplayPaused: boolean
  currentReplayIndex: number
  replaySpeed: ReplaySpeed
  showReplayControls: boolean
  activeSnapshotId: string | null
  /** last import error text (bad file), null when none */
  importError: string | null
}

export const REPLAY_SPEEDS = [0.5, 1, 2, 4] as const
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number]

/**
 * The live history (historyStore.ts): what the timeline shows and DATA SOURCE reads while the
 * scene shows the live swarm as it was.
 */
interface HistoryState {
  /** the scene shows a recorded moment of the live swarm (the history source) */
  active: boolean
  /** the moment shown (epoch ms, the feed's clock; synced with the panels) */
  at: number
  /** how far behind the live feed that moment is (ms) */
  behindMs: number
  playing: boolean
  speed: ReplaySpeed
  /** a window is being fetched */
  loading: boolean
  /** the last fetch's failure in the server's words (null: none) */
  error: string | null
  /** the recorded range (GET /api/history) with the feed clock's offset from ours; null: not read */
  range: {
    oldest: number | null
    newest: number | null
    frameExactSince: number | null
    tickMs: number
    keyframeMs: number
    /** feed clock − our clock (ms) when the range was read */
    skewMs: number
  } | null
  /** the range could not be read (null: it could, or has not been asked yet) */
  rangeError: string | null
  /** a one-line message about a moment link that could not be shown (null: none) */
  notice: string | null
}

interface SwarmState {
  /** world of the displayed swarm (changes only when the source changes) */
  world: World
  seed: number
  isActive: boolean
  /** sim clock stopped (?paused=1 or setPaused) */
  paused: boolean
  isBuyingToken: boolean
  speed: number
  nodeCount: number
  /** 1 decimal, e.g. '97.3' */
  efficiency: string
  actionText: string
  parameters: SwarmParameter[]
  tasks: Task[]
  health: HealthItem[]
  metrics: Metrics
  /** newest last; capped at MESSAGE_CAP */
  messages: Message[]
  failingCount: number
  /** ids of failing agents (first FAILING_IDS_CAP) for the error popup */
  failingAgents: string[]
  /** newest last, capped at RECENT_ERRORS_CAP */
  recentErrors: ErrorEvent[]
  hoverInfo: HoverInfo | null
  selectedAgentId: string | null
  /** the swarm shown when not replaying: the local simulation or the server's live feed */
  source: 'sim' | 'live'
  /**
   * Whether the controls (parameters, speed, active/standby, mark failing) change the displayed
   * swarm: true for a local simulation; false for the live swarm (the server's values are shown
   * read-only) and during replay.
   */
  controllable: boolean
  /** the live feed's swarm is there to go back to ("Back to live") */
  liveAvailable: boolean
  snapshots: SnapshotManagerState
  history: HistoryState
}

export const RECENT_ERRORS_CAP = RECENT_ERRORS

/**
 * The displayed swarm's per-frame part, outside the valtio proxy: panels are never notified per
 * frame. The scene reads it in useFrame; the frame clock (frameClock.ts) writes it.
 */
interface DisplayState {
  /** +1 whenever the displayed buffers changed (a sim step, a feed frame, a replay step, a switch) */
  version: number
  /** the displayed source's agents (re-read every frame: a source may swap them) */
  buffers: AgentBuffers
  /** the displayed swarm's links (the shared search's, or the source's own) */
  links: LinkBuffers
  /** display.version the links were last computed for (−1: recompute) */
  linksVersion: number
}

/** Mutable, never proxied: the sources and loop handles. */
interface SwarmRuntime {
  /** the local simulation on the main thread (with its worker: a stand-in with the seed and world) */
  sim: SwarmSim
  /** the local simulation's SwarmSource (its worker's, or the main-thread sim's) */
  local: LocalSource
  /** the live feed's source while connected (null: none) */
  live: SwarmSource | null
  /** the replay source while a snapshot is replayed (null: none) */
  replay: SwarmSource | null
  /** THE displayed source: the only writer of `display` and of the panels' readings */
  source: SwarmSource
  /** while replaying: the source shown again when the replay ends */
  replayUnder: SwarmSource | null
  /** the visitor chose "Simulate locally": a (re)connecting feed waits behind the local sim */
  forked: boolean
  detachMainView: (() => void) | null
  detachEvents: (() => void) | null
  /** ms since the last derived-metrics sync */
  syncAccum: number
  /** the displayed agents' scan at the last derived-metrics sync (the status panel reads it) */
  scan: SwarmScan | null
  /** ms of replay time toward the next snapshot */
  replayAccum: number
  /** display.version a staged link search started at (−1: none running) */
  linkCycleVersion: number
  /** the one link search for every displayed swarm */
  linkSearch: LinkSearch
  /** persisted snapshots are loaded once per page */
  restoreStarted: boolean
  /**
   * PRODUCT.md §8 feed text shown in the action banner until the feed returns or the user acts
   * (null: none)
   */
  feedNotice: string | null
  /** stops listening to the live feed's source (attachLiveFeed); null: none attached */
  detachLive: (() => void) | null
  /** cancels the live swarm's switch to the display, asked for but not run yet (showLive); null: none */
  livePending: (() => void) | null
  /** the mounted scene's frame-by-frame drawing for clip export (null: no scene) */
  capture: SceneCapture | null
  /** the live history's source once a moment was asked for (historyStore.ts); null: none */
  history: HistorySource | null
  /** the console as it stood when the history was entered, given back by Go live */
  liveConsole: { messages: Message[]; errors: ErrorEvent[] } | null
}

function initialState(sim: SwarmSim, paused: boolean): SwarmState {
  return {
    world: { ...sim.world },
    seed: sim.seed,
    isActive: sim.isActive,
    paused,
    isBuyingToken: false,
    speed: sim.speed,
    nodeCount: 260,
    efficiency: formatEfficiency(EFFICIENCY_DEFAULT),
    actionText: sim.actionText,
    parameters: defaultParameters(),
    tasks: defaultTasks(),
    health: defaultHealth(),
    metrics: { ...emptyMetrics(), ...sim.metrics },
    messages: [],
    failingCount: 0,
    failingAgents: [],
    recentErrors: [],
    hoverInfo: null,
    selectedAgentId: null,
    source: 'sim',
    controllable: true,
    liveAvailable: false,
    snapshots: {
      snapshots: [],
      isReplaying: false,
      isReplayPaused: false,
      currentReplayIndex: 0,
      replaySpeed: 1,
      showReplayControls: false,
      activeSnapshotId: null,
      importError: null,
    },
    history: {
      active: false,
      at: 0,
      behindMs: 0,
      playing: false,
      speed: 1,
      loading: false,
      error: null,
      range: null,
      rangeError: null,
      notice: null,
    },
  }
}

/** What a store is built from: the URL's swarm parameters (urlParams.ts), or a test's own. */
export type SwarmStoreParams = Pick<SwarmUrlParams, 'seed' | 'agents' | 'paused'> &
  Partial<Pick<SwarmUrlParams, 'simThread'>> & {
    /** the sim's clock start (default: now) */
    epochMs?: number
  }

/** Counters that make ids and default names; a fresh swarm starts them over. */
interface StoreCounters {
  /** console messages appended by the app ('u1', 'u2', …) */
  messageSeq: number
  /** snapshots taken (the N of the next default name 'Snapshot N') */
  snapshotsTaken: number
  /** the snapshot ids' own random stream (never the simulation's) */
  snapshotIds: Rng | null
}

/**
 * Exploring the swarm (a valtio proxy): the filter the user set, and the displayed swarm's newest
 * census (src/sim/census.ts, kept fresh by state/census/censusRunner.ts; held by ref: read it
 * when `censusVersion` changes).
 */
interface ExploreState {
  filter: AgentFilter
  census: Census | null
  censusVersion: number
}

/** One swarm store: build it with createSwarmStore; every action takes it as its first argument. */
export interface SwarmStore {
  readonly swarm: SwarmState
  readonly explore: ExploreState
  readonly display: DisplayState
  readonly runtime: SwarmRuntime
  readonly counters: StoreCounters
  /** where the local simulation runs ('worker' unless ?sim=main or the page has no Worker) */
  readonly simThread: 'worker' | 'main'
}

/**
 * The parts of a new store (createSwarmStore in swarmStore.ts builds one with this, then displays
 * its local simulation).
 */
export function buildSwarmStore(params: SwarmStoreParams): SwarmStore {
  const simThread = params.simThread ?? 'worker'
  const { sim, local } = createLocalSource({
    seed: params.seed,
    count: params.agents,
    epochMs: params.epochMs ?? Date.now(),
    simThread,
  })
  local.paused = params.paused
  // (the worker searches its own links: the shared search starts small and grows when needed)
  const linkSearch = new LinkSearch()
  const runtime: SwarmRuntime = {
    sim,
    local,
    live: null,
    replay: null,
    source: local,
    replayUnder: null,
    forked: false,
    detachMainView: null,
    detachEvents: null,
    syncAccum: 0,
    scan: null,
    replayAccum: 0,
    linkCycleVersion: -1,
    linkSearch,
    restoreStarted: false,
    feedNotice: null,
    detachLive: null,
    livePending: null,
    capture: null,
    history: null,
    liveConsole: null,
  }
  const display: DisplayState = {
    version: 0,
    buffers: sim.buffers,
    links: linkSearch.links,
    linksVersion: -1,
  }
  const swarm = proxy<SwarmState>(initialState(sim, params.paused))
  const counters: StoreCounters = { messageSeq: 0, snapshotsTaken: 0, snapshotIds: null }
  const explore = proxy<ExploreState>({ filter: noFilter(), census: null, censusVersion: 0 })
  return { swarm, explore, display, runtime, counters, simThread }
}

/** The displayed source (local sim, live feed or replay). */
export function displayedSource(store: SwarmStore): SwarmSource {
  return store.runtime.source
}

/** Panels' derived figures are synced at most this often (ms of frame time). */
export const DERIVED_SYNC_MS = 250

/**
 * Copy the displayed source's readings into the proxy (panels), with what the displayed agents
 * themselves give computed here the same way for every source: the failing set, Error Rate and
 * its trend, total/active agents, processing power, average efficiency.
 */
export function syncDerived(store: SwarmStore): void {
  const { runtime, swarm } = store
  runtime.syncAccum = 0
  const src = runtime.source
  const r = src.readings()
  const buf = src.buffers
  swarm.isActive = r.isActive
  swarm.actionText = runtime.feedNotice ?? r.actionText
  swarm.speed = r.speed
  swarm.controllable = src.controllable
  r.parameters.forEach((p, i) => {
    const q = swarm.parameters[i]
    if (!q) swarm.parameters[i] = { ...p }
    else if (q.value !== p.value) q.value = p.value
  })
  if (swarm.tasks.length > r.tasks.length) swarm.tasks.splice(r.tasks.length)
  r.tasks.forEach((t, i) => Object.assign(swarm.tasks[i] ?? (swarm.tasks[i] = { ...t }), t))
  // the source's own scan of these agents (the worker's, off the main thread), else one here
  const f = src.scan?.() ?? scanSwarm(buf, FAILING_IDS_CAP)
  runtime.scan = f
  const er = errorRate(f.failing, f.count)
  r.health.forEach((h, i) => {
    const item = swarm.health[i] ?? (swarm.health[i] = { ...h })
    Object.assign(item, h)
    if (h.name === 'Error Rate') {
      item.value = er.value
      item.trend = er.trend
    }
  })
  const moment = src.moment?.()
  if (moment !== undefined && swarm.history.active) {
    swarm.history.at = moment
    const skew = swarm.history.range?.skewMs ?? 0
    swarm.history.behindMs = Math.max(0, Date.now() + skew - moment)
  }
  swarm.efficiency = formatEfficiency(r.efficiency)
  swarm.failingCount = f.failing
  if (!sameIds(swarm.failingAgents, f.failingIds)) swarm.failingAgents = f.failingIds
  Object.assign(swarm.metrics, r.metrics, {
    totalAgents: f.count,
    activeAgents: f.active,
    processingPower: f.power,
    averageEfficiency: f.averageEfficiency,
  })
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
