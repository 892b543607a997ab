/**
 * Swarm store — the valtio state the panels read, the displayed swarm the scene reads, and the
 * actions that change them. The displayed swarm has ONE writer: the displayed SwarmSource
 * (swarmSource.ts: local sim, live feed or replay; runtime.source).
 *
 * Per frame, outside the proxy (`display`, read in useFrame): version (+1 when the displayed
 * buffers changed), buffers, links, linksVersion — written by the frame clock (frameClock.ts:
 * sampleFrame = phase 1, updateLinks = phase 2).
 *
 * State (`swarm`, a valtio proxy; see SwarmState in swarmState.ts), synced from the displayed
 * source at most every DERIVED_SYNC_MS (4 Hz) and on actions:
 *   world, isActive, actionText, speed, nodeCount (260), efficiency ('97.3'), paused, seed,
 *   parameters, tasks, health, metrics, failingCount, failingAgents, recentErrors, messages,
 *   hoverInfo, selectedAgentId, source ('sim' | 'live'), controllable, liveAvailable, snapshots
 *
 * Actions: toggleActive, setActive, setSpeed, setParameter, markFailing (only while the displayed
 * source is controllable: the live swarm is read-only), setPaused, selectAgent, setHoverInfo,
 * appendMessage, startSimulation / stopSimulation (frame clock + §4 main-view timers),
 * advanceSimulation(ms) (tests), agentById(id) / selectedAgent(), resetSwarm({seed,count}); live:
 * showLive, revertToSimulatedData, simulateLocally ("Simulate locally"), backToLive,
 * setFeedNotice (§8 banner texts), applyLiveMessage, applyLiveError. Snapshot/replay actions are
 * re-exported from snapshotStore.ts. URL params: urlParams.ts.
 */
import {
  STEP_MS,
  createSwarmSim,
  type Agent,
  type ErrorEvent,
  type MessageType,
  type SwarmSim,
  type World,
  toAgent,
} from '../sim'
import { startFrameClock, stopFrameClock } from './frameClock'
import { createLocalSource } from './sources/localSource'
import { displaySource, listen, updateLinks } from './display'
import { appendMessage, pushError, pushMessage } from './messages'
import { resetSnapshotCounters, restoreSnapshots, tickReplay } from './snapshotStore'
import type { SwarmFork, SwarmSource } from './swarmSource'
import {
  DERIVED_SYNC_MS,
  display,
  displayedSource,
  installSim,
  runtime,
  swarm,
  syncDerived,
  type HoverInfo,
} from './swarmState'

export { swarm, runtime, display, displayedSource, syncDerived, DERIVED_SYNC_MS, type HoverInfo }
export { LINK_EVERY_LARGE } from './display'

export type { ReplaySpeed } from './swarmState'
export type { SwarmSource } from './swarmSource'
export { REPLAY_SPEEDS } from './swarmState'
export * from './snapshotStore'
export { appendMessage } from './messages'

/**
 * Frame clock phase 1: sample the displayed source (a hidden local sim only lets the time pass),
 * bump display.version when it changed, sync the panels every DERIVED_SYNC_MS.
 */
function sampleFrame(dtMs: number, nowMs: number = now()): void {
  const src = runtime.source
  if (src !== runtime.local) runtime.local.idle(dtMs)
  if (runtime.live && src !== runtime.live) runtime.live.idle?.(dtMs)
  if (src.kind === 'replay') tickReplay(dtMs)
  const shown = runtime.source
  if (shown.sample(dtMs, nowMs) || display.buffers !== shown.buffers) {
    display.buffers = shown.buffers
    display.version++
  }
  runtime.syncAccum += dtMs
  if (runtime.syncAccum >= DERIVED_SYNC_MS) syncDerived()
}

/** Phases 1–2 of one frame of `dtMs` (the scene runs upload, render and pick after it). */
export function frame(dtMs: number): void {
  sampleFrame(dtMs)
  updateLinks()
}

/** Step simulated time by `ms` in frames of STEP_MS (tests: the §4 timers fire on this clock). */
export function advanceSimulation(ms: number): void {
  let left = ms
  while (left >= STEP_MS - 1e-6) {
    frame(STEP_MS)
    left -= STEP_MS
  }
  syncDerived()
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now()
}

/**
 * Start the main view: the §4 main-view timers on the local sim and (unless `clock: false`) the
 * frame clock (frameClock.ts: the scene drives it once mounted). Idempotent.
 */
export function startSimulation(opts: { clock?: boolean } = {}): void {
  if (runtime.source === runtime.local) listen(runtime.local)
  if (!runtime.detachMainView) {
    runtime.detachMainView = runtime.local.attachMainView()
    if (!runtime.restoreStarted) {
      runtime.restoreStarted = true
      void restoreSnapshots()
    }
  }
  if (opts.clock !== false) startFrameClock(sampleFrame, updateLinks)
}

/** Stop the clock and the main-view timers. */
export function stopSimulation(): void {
  stopFrameClock()
  runtime.detachMainView?.()
  runtime.detachMainView = null
}

/** Replace the local sim (new seed/count) and display it; stops the clock. */
export function resetSwarm(opts: {
  seed: number
  count?: number
  world?: World
  epochMs?: number
  paused?: boolean
}): SwarmSim {
  stopSimulation()
  runtime.detachEvents?.()
  runtime.detachEvents = null
  const sim = createSwarmSim({
    seed: opts.seed,
    count: opts.count,
    world: opts.world,
    epochMs: opts.epochMs ?? 0,
  })
  installSim(sim, opts.paused ?? false)
  resetSnapshotCounters()
  displaySource(runtime.local)
  return sim
}

/** The controls reach the displayed source only while it is controllable (a local sim). */
function controlled(): SwarmSource | null {
  const src = runtime.source
  return src.controllable ? src : null
}

/** §4 active/standby of the displayed local sim (no-op while live or replaying: read-only). */
export function setActive(active: boolean): void {
  const src = controlled()
  if (!src) return
  runtime.feedNotice = null
  src.setActive(active)
  display.version++
  syncDerived()
}

export function toggleActive(): void {
  setActive(!swarm.isActive)
}

/** Stop or restart the local sim's clock (?paused=1, tests). */
export function setPaused(paused: boolean): void {
  swarm.paused = paused
  runtime.local.paused = paused
}

/** §3 speed (movement scales by speed / 5); clamped 1–10. Local sim only. */
export function setSpeed(speed: number): void {
  const src = controlled()
  if (!src) return
  const s = Math.min(10, Math.max(1, speed))
  src.setSpeed(s)
  swarm.speed = s
}

/** Set a §3 swarm parameter by name (clamped to its min/max); local sim only. Unknown names are ignored. */
export function setParameter(name: string, value: number): void {
  const src = controlled()
  if (!src) return
  src.setParameter(name, value)
  const p = swarm.parameters.find((x) => x.name === name)
  if (p) p.value = Math.min(p.max, Math.max(p.min, value))
}

/**
 * §4 manual mark-failing by agent id or index, in the displayed local sim (the live swarm is the
 * server's: read-only). Returns the index, or −1 when unknown or not controllable.
 */
export function markFailing(idOrIndex: string | number): number {
  const src = controlled()
  if (!src) return -1
  const i = typeof idOrIndex === 'string' ? src.indexOfId(idOrIndex) : idOrIndex
  if (i < 0 || i >= src.buffers.count) return -1
  src.markFailing(i)
  display.version++
  syncDerived()
  return i
}

export function selectAgent(id: string | null): void {
  swarm.selectedAgentId = id
}

export function setHoverInfo(info: HoverInfo | null): void {
  swarm.hoverInfo = info
}

/** Plain §3 Agent by id, as the displayed source has it now (panels; allocates), or null. */
export function agentById(id: string | null): Agent | null {
  if (!id) return null
  const src = runtime.source
  const i = src.indexOfId(id)
  return i >= 0 && i < src.buffers.count ? toAgent(src.buffers, i) : null
}

export function selectedAgent(): Agent | null {
  return agentById(swarm.selectedAgentId)
}

// ---- live feed: the feed's source replaces the local sim as the displayed source ----

/**
 * §8 feed text for the action banner ('Connection to data feed lost', 'Connection error'); null
 * when the feed is back. A user's own action (active/standby) replaces it too.
 */
export function setFeedNotice(text: string | null): void {
  runtime.feedNotice = text
  swarm.actionText = text ?? runtime.source.readings().actionText
}

/**
 * The live feed's first state arrived (or arrived again): display it, unless the visitor forked a
 * local simulation ("Simulate locally") or is replaying; then it waits behind.
 */
export function showLive(live: SwarmSource): void {
  runtime.live = live
  swarm.liveAvailable = true
  if (runtime.forked || swarm.snapshots.isReplaying) return
  if (runtime.source !== live) displaySource(live)
}

/** Back to the local simulation (the feed failed for good, §4): network active. */
export function revertToSimulatedData(): void {
  runtime.live = null
  swarm.liveAvailable = false
  runtime.forked = false
  if (swarm.snapshots.isReplaying) {
    runtime.replayUnder = runtime.local
  } else if (runtime.source !== runtime.local) {
    displaySource(runtime.local)
  }
  runtime.local.setActive(true)
  runtime.feedNotice = null
  display.version++
  syncDerived()
}

/** The current displayed swarm as a fork for a new local simulation. */
function currentFork(): SwarmFork {
  const src = runtime.source
  return {
    buffers: src.buffers,
    world: src.world,
    readings: src.readings(),
    seed: runtime.sim.seed,
  }
}

/**
 * "Simulate locally": fork the displayed live swarm — positions, modes, energy, failing set,
 * tasks, metrics, efficiency — into a local simulation where every control works. The feed stays
 * connected behind it; backToLive() shows it again.
 */
export function simulateLocally(): void {
  if (runtime.source.kind !== 'live') return
  const fork = currentFork()
  const { sim, local } = createLocalSource({
    seed: fork.seed,
    count: fork.buffers.count,
    epochMs: Date.now(),
    fork,
  })
  runtime.detachMainView?.()
  ;(runtime.local as SwarmSource).dispose?.()
  runtime.sim = sim
  runtime.local = local
  runtime.local.paused = swarm.paused
  runtime.detachMainView = local.attachMainView({ startup: false })
  runtime.forked = true
  runtime.feedNotice = null
  displaySource(runtime.local)
  appendMessage('system', FORK_TEXT)
}

/** "Back to live": show the server's live swarm again (when the feed is connected). */
export function backToLive(): void {
  const live = runtime.live
  runtime.forked = false
  if (!live || swarm.snapshots.isReplaying) return
  displaySource(live)
  appendMessage('system', BACK_TO_LIVE_TEXT)
}

const FORK_TEXT = '[SOURCE] Simulating locally from the live swarm'
const BACK_TO_LIVE_TEXT = '[SOURCE] Back to the live feed'

/** §7.1 type 2: a system message from the server (keeps its id/timestamp when given). */
export function applyLiveMessage(m: {
  id?: string
  type: MessageType
  text: string
  timestamp?: string
}): void {
  if (m.id && m.timestamp)
    pushMessage({ id: m.id, type: m.type, text: m.text, timestamp: m.timestamp })
  else appendMessage(m.type, m.text)
}

/** §7.1 type 5 / §8: alert '[ERROR {code}] {message}' (the source marks the agent failing). */
export function applyLiveError(error: ErrorEvent): void {
  appendMessage('alert', `[ERROR ${error.errorCode}] ${error.message}`)
  pushError({ ...error })
}

displaySource(runtime.local)
