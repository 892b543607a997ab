/**
 * The swarm store's state: the valtio proxy and the (non-proxied) runtime holding the sim. Actions
 * live in swarmStore.ts / snapshotStore.ts; import everything from swarmStore.ts.
 */
import { proxy, ref } from 'valtio'
import {
  EFFICIENCY_DEFAULT,
  MAX_STEPS_PER_TICK,
  createSwarmSim,
  defaultHealth,
  defaultParameters,
  defaultTasks,
  emptyMetrics,
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
} from '../sim'
import { currentSwarmParams } from './urlParams'

export interface HoverInfo {
  agentId: string
  /** screen point (CSS px) where the hover card is placed */
  position: { x: number; y: number }
}

/** §3 Snapshot manager. `snapshots` hold their heavy parts (agents, messages) in ref(). */
export interface SnapshotManagerState {
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

export interface SwarmState {
  /** +1 whenever the buffers changed (every sim frame, every live frame, replay step). */
  version: number
  buffers: AgentBuffers
  links: LinkBuffers
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
  source: 'sim' | 'live'
  snapshots: SnapshotManagerState
}

export const FAILING_IDS_CAP = 100
export const RECENT_ERRORS_CAP = 20

/** Mutable, never proxied: the sim(s) and loop handles. */
export interface SwarmRuntime {
  /** the local simulation */
  sim: SwarmSim
  /** writer while source === 'live' (a sim object whose buffers hold the live agents) */
  liveSim: SwarmSim | null
  detachMainView: (() => void) | null
  detachEvents: (() => void) | null
  loopHandle: number | null
  lastFrameAt: number | null
  /** ms since the last derived-metrics sync */
  syncAccum: number
  /** ms of replay time toward the next snapshot */
  replayAccum: number
  /** swarm.version a staged link search started at (−1: none running) */
  linkCycleVersion: number
  /** swarm.version the links were last computed for (−1: recompute) */
  linksVersion: number
  /** persisted snapshots are loaded once per page */
  restoreStarted: boolean
  /** measured ms per sim step (moving average) and the step cap per frame it allows */
  stepCostMs: number
  maxStepsPerFrame: number
}

function initialState(sim: SwarmSim, paused: boolean): SwarmState {
  return {
    version: 0,
    buffers: ref(sim.buffers),
    links: ref(sim.links),
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
  }
}

const params = currentSwarmParams()
const firstSim = createSwarmSim({ seed: params.seed, count: params.agents, epochMs: Date.now() })

export const runtime: SwarmRuntime = {
  sim: firstSim,
  liveSim: null,
  detachMainView: null,
  detachEvents: null,
  loopHandle: null,
  lastFrameAt: null,
  syncAccum: 0,
  replayAccum: 0,
  linkCycleVersion: -1,
  linksVersion: -1,
  restoreStarted: false,
  stepCostMs: 0,
  maxStepsPerFrame: MAX_STEPS_PER_TICK,
}

export const swarm = proxy<SwarmState>(initialState(firstSim, params.paused))

/** Put a fresh sim in place (tests, ?seed change): resets the whole state. */
export function installSim(sim: SwarmSim, paused = false): void {
  runtime.sim = sim
  runtime.liveSim = null
  runtime.syncAccum = 0
  runtime.replayAccum = 0
  runtime.linkCycleVersion = -1
  runtime.stepCostMs = 0
  runtime.maxStepsPerFrame = MAX_STEPS_PER_TICK
  runtime.linksVersion = -1
  Object.assign(swarm, initialState(sim, paused))
}

/** The sim currently writing the displayed buffers (live or local). */
export function writerSim(): SwarmSim {
  return runtime.liveSim ?? runtime.sim
}

/** Panels' derived figures are synced at most this often (ms of frame time). */
export const DERIVED_SYNC_MS = 250

/**
 * Copy the sim's derived figures into the proxy (panels). While a snapshot is replayed the
 * displayed figures (efficiency, metrics, failing agents) stay the snapshot's.
 */
export function syncDerived(sim: SwarmSim = writerSim()): void {
  runtime.syncAccum = 0
  swarm.isActive = sim.isActive
  swarm.actionText = sim.actionText
  swarm.speed = sim.speed
  sim.tasks.forEach((t, i) => Object.assign(swarm.tasks[i] ?? (swarm.tasks[i] = { ...t }), t))
  sim.health.forEach((h, i) => Object.assign(swarm.health[i] ?? (swarm.health[i] = { ...h }), h))
  if (swarm.snapshots.isReplaying) return
  swarm.efficiency = formatEfficiency(sim.efficiency)
  swarm.failingCount = sim.failingCount
  const ids: string[] = []
  for (let k = 0; k < sim.failingCount && k < FAILING_IDS_CAP; k++) {
    ids.push(sim.buffers.ids[sim.failList[k]!]!)
  }
  swarm.failingAgents = ids
  Object.assign(swarm.metrics, sim.metrics)
}
