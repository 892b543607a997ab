/**
 * Swarm store — the valtio state the UI and the scene read, and the actions that change it.
 *
 * State (`swarm`, a valtio proxy; see SwarmState in swarmState.ts):
 *   version               +1 whenever the buffers change (scene: re-upload instance attributes)
 *   buffers, links        ref(AgentBuffers), ref(LinkBuffers): read them in useFrame from the proxy
 *                         (never through useSnapshot); never proxied per agent
 *   world                 { width, height } of the swarm
 *   isActive, actionText, speed, nodeCount (260), efficiency ('97.3', 1 decimal), paused, seed
 *   parameters, tasks, health, metrics, failingCount, failingAgents, recentErrors — derived from the
 *                         sim and synced at most every DERIVED_SYNC_MS (4 Hz) for panels
 *   messages              §3 Messages, newest last, capped at MESSAGE_CAP (200), ISO timestamps
 *   hoverInfo, selectedAgentId, source ('sim' | 'live'), snapshots (§3 Snapshot manager)
 *
 * Actions: toggleActive, setActive, setPaused, setSpeed, setParameter, markFailing, selectAgent,
 * setHoverInfo, appendMessage, startSimulation / stopSimulation (rAF clock + §4 main-view timers),
 * advanceSimulation(ms) (step simulated time: tests), selectedAgent() / agentById(id) (plain Agent),
 * resetSwarm({seed,count}) and the live-feed hooks applyLiveState, applyLivePositions,
 * applyLiveMetrics, applyLiveTasks, applyLiveMessage, applyLiveError, revertToSimulatedData.
 * Snapshot/replay actions are re-exported from snapshotStore.ts. URL params: urlParams.ts.
 */
import { ref } from 'valtio'
import {
  MAX_CATCH_UP_STEPS,
  MAX_STEPS_PER_TICK,
  STEP_BUDGET_MS,
  STEP_MS,
  attachMainView,
  createSwarmSim,
  formatEfficiency,
  writeAgent,
  type Agent,
  type ErrorEvent,
  type MessageType,
  type Metrics,
  type SimEvent,
  type SwarmSim,
  type Task,
  type World,
} from '../sim'
import { appendMessage, pushError, pushMessage } from './messages'
import { resetSnapshotCounters, restoreSnapshots, tickReplay } from './snapshotStore'
import {
  DERIVED_SYNC_MS,
  installSim,
  runtime,
  swarm,
  syncDerived,
  writerSim,
  type HoverInfo,
} from './swarmState'

export { swarm, runtime, writerSim, syncDerived, DERIVED_SYNC_MS, type HoverInfo }
export type { SwarmState, SnapshotManagerState, ReplaySpeed } from './swarmState'
export { REPLAY_SPEEDS } from './swarmState'
export * from './snapshotStore'
export { appendMessage, clearMessages } from './messages'

/**
 * Above this many agents the link search is staged: each frame searches a 1/LINK_EVERY_LARGE share
 * of the grid, so the links refresh every LINK_EVERY_LARGE frames at an even cost per frame.
 */
export const LINK_EVERY_FRAME_MAX = 20_000
export const LINK_EVERY_LARGE = 4

function onSimEvent(event: SimEvent): void {
  if (event.kind === 'message') pushMessage({ ...event.message })
  else if (event.kind === 'error') pushError({ ...event.error })
}

function listen(sim: SwarmSim): void {
  runtime.detachEvents?.()
  runtime.detachEvents = sim.on(onSimEvent)
}

/**
 * Recompute links when the displayed buffers changed since the last computation: at once up to
 * LINK_EVERY_FRAME_MAX agents, in LINK_EVERY_LARGE staged frames above (a started search is
 * finished even when nothing moves meanwhile).
 */
function maybeComputeLinks(sim: SwarmSim): void {
  const staging = runtime.linkCycleVersion >= 0
  if (runtime.linksVersion === swarm.version && !staging) return
  if (sim.buffers.count <= LINK_EVERY_FRAME_MAX) {
    sim.computeLinks()
    runtime.linksVersion = swarm.version
    runtime.linkCycleVersion = -1
    return
  }
  if (!staging) runtime.linkCycleVersion = swarm.version
  if (sim.computeLinksStaged(LINK_EVERY_LARGE)) {
    runtime.linksVersion = runtime.linkCycleVersion
    runtime.linkCycleVersion = -1
  }
}

/**
 * One display frame of `dtMs`: tick the local sim (unless paused, live or replaying: then its clock
 * only skips the time), recompute links, bump the version when the buffers moved, sync the panels.
 */
export function frame(dtMs: number): void {
  const local = runtime.sim
  if (swarm.snapshots.isReplaying) {
    local.skip(dtMs)
    tickReplay(dtMs)
    return
  }
  if (swarm.source === 'sim' && !swarm.paused) {
    const t0 = now()
    const steps = local.tick(dtMs, runtime.maxStepsPerFrame)
    if (steps > 0) {
      swarm.version++
      adaptStepCap((now() - t0) / steps)
    }
  } else {
    local.skip(dtMs)
  }
  const sim = writerSim()
  maybeComputeLinks(sim)
  runtime.syncAccum += dtMs
  if (runtime.syncAccum >= DERIVED_SYNC_MS) syncDerived(sim)
}

/**
 * A slow frame (software WebGL, a busy machine) may catch up more than MAX_STEPS_PER_TICK steps
 * while stepping stays within STEP_BUDGET_MS per frame, so the §4 timers keep to the wall clock.
 */
function adaptStepCap(msPerStep: number): void {
  runtime.stepCostMs =
    runtime.stepCostMs === 0 ? msPerStep : runtime.stepCostMs * 0.9 + msPerStep * 0.1
  const fit = Math.floor(STEP_BUDGET_MS / Math.max(runtime.stepCostMs, 1e-3))
  runtime.maxStepsPerFrame = Math.max(MAX_STEPS_PER_TICK, Math.min(MAX_CATCH_UP_STEPS, fit))
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

function loop(): void {
  const t = now()
  // The full elapsed time goes in: the sim simulates at most 8 steps and skips the rest (a
  // background tab), so its clock keeps following the wall clock.
  const dt = runtime.lastFrameAt === null ? STEP_MS : Math.max(0, t - runtime.lastFrameAt)
  runtime.lastFrameAt = t
  frame(dt)
  runtime.loopHandle =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(loop)
      : (setTimeout(loop, STEP_MS) as unknown as number)
}

/**
 * Start the main view: the §4 main-view timers on the local sim and (unless `clock: false`) a
 * requestAnimationFrame loop calling frame(dt). Idempotent.
 */
export function startSimulation(opts: { clock?: boolean } = {}): void {
  listen(runtime.sim)
  if (!runtime.detachMainView) {
    runtime.detachMainView = attachMainView(runtime.sim)
    if (!runtime.restoreStarted) {
      runtime.restoreStarted = true
      void restoreSnapshots()
    }
  }
  if (opts.clock !== false && runtime.loopHandle === null) {
    runtime.lastFrameAt = null
    loop()
  }
}

/** Stop the clock and the main-view timers. */
export function stopSimulation(): void {
  if (runtime.loopHandle !== null) {
    if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(runtime.loopHandle)
    clearTimeout(runtime.loopHandle as unknown as ReturnType<typeof setTimeout>)
    runtime.loopHandle = null
  }
  runtime.detachMainView?.()
  runtime.detachMainView = null
}

/** Replace the local sim (new seed/count); stops the clock. */
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
  listen(sim)
  sim.computeLinks()
  runtime.linksVersion = swarm.version
  return sim
}

export function setActive(active: boolean): void {
  writerSim().setActive(active)
  swarm.isActive = active
  swarm.actionText = writerSim().actionText
  swarm.version++
}

export function toggleActive(): void {
  setActive(!swarm.isActive)
}

export function setPaused(paused: boolean): void {
  swarm.paused = paused
}

/** §3 speed (movement scales by speed / 5); clamped 1–10. */
export function setSpeed(speed: number): void {
  const s = Math.min(10, Math.max(1, speed))
  runtime.sim.speed = s
  swarm.speed = s
}

/** Set a §3 swarm parameter by name (clamped to its min/max). Unknown names are ignored. */
export function setParameter(name: string, value: number): void {
  for (const list of [runtime.sim.parameters, swarm.parameters]) {
    const p = list.find((x) => x.name === name)
    if (p) p.value = Math.min(p.max, Math.max(p.min, value))
  }
}

/** §4 manual mark-failing by agent id or index. Returns the index, or −1 when unknown. */
export function markFailing(idOrIndex: string | number): number {
  const sim = writerSim()
  const i = typeof idOrIndex === 'string' ? sim.indexOfId(idOrIndex) : idOrIndex
  if (i < 0 || i >= sim.buffers.count) return -1
  sim.markFailing(i)
  swarm.version++
  syncDerived(sim)
  return i
}

export function selectAgent(id: string | null): void {
  swarm.selectedAgentId = id
}

export function setHoverInfo(info: HoverInfo | null): void {
  swarm.hoverInfo = info
}

/** Plain §3 Agent by id (panels; allocates), or null. */
export function agentById(id: string | null): Agent | null {
  if (!id) return null
  const sim = writerSim()
  return sim.agentAt(sim.indexOfId(id))
}

export function selectedAgent(): Agent | null {
  return agentById(swarm.selectedAgentId)
}

// ---- live feed (issue 5): the feed replaces the local sim as the writer ----

/** §7.1 type 0: full state. Swaps the displayed buffers to the live agents; the local sim pauses. */
export function applyLiveState(state: {
  agents: readonly Agent[]
  metrics?: Partial<Metrics>
  world?: World
}): void {
  const count = state.agents.length
  const world = state.world ?? runtime.sim.world
  let live = runtime.liveSim
  if (
    !live ||
    live.buffers.capacity < count ||
    live.world.width !== world.width ||
    live.world.height !== world.height
  ) {
    live = createSwarmSim({ seed: runtime.sim.seed, count: Math.max(count, 1), world })
  }
  state.agents.forEach((a, i) => writeAgent(live.buffers, i, a))
  live.buffers.count = count
  live.reindex()
  live.resyncFailing()
  live.isActive = swarm.isActive
  live.actionText = swarm.actionText
  if (state.metrics) Object.assign(live.metrics, state.metrics)
  runtime.liveSim = live
  swarm.source = 'live'
  swarm.buffers = ref(live.buffers)
  swarm.links = ref(live.links)
  swarm.world = { ...world }
  swarm.version++
  live.computeLinks()
  runtime.linksVersion = swarm.version
  syncDerived(live)
}

/** §7.1 type 1: position updates, as {id,x,y} objects or packed [x0,y0,x1,y1,…] in agent order. */
export function applyLivePositions(
  updates: readonly { id: string; x: number; y: number }[] | Float32Array,
): void {
  const live = runtime.liveSim
  if (!live) return
  const buf = live.buffers
  if (updates instanceof Float32Array) {
    const n = Math.min(buf.count, updates.length >> 1)
    for (let i = 0; i < n; i++) {
      buf.x[i] = updates[2 * i]!
      buf.y[i] = updates[2 * i + 1]!
    }
  } else {
    for (const u of updates) {
      const i = live.indexOfId(u.id)
      if (i >= 0) {
        buf.x[i] = u.x
        buf.y[i] = u.y
      }
    }
  }
  swarm.version++
}

/** §7.1 type 4. */
export function applyLiveMetrics(metrics: Partial<Metrics> & { efficiency?: number }): void {
  const { efficiency, ...rest } = metrics
  Object.assign(swarm.metrics, rest)
  if (runtime.liveSim) Object.assign(runtime.liveSim.metrics, rest)
  if (typeof efficiency === 'number') {
    if (runtime.liveSim) runtime.liveSim.efficiency = efficiency
    swarm.efficiency = formatEfficiency(efficiency)
  }
}

/** §7.1 type 3. */
export function applyLiveTasks(tasks: readonly Task[]): void {
  swarm.tasks = tasks.map((t) => ({ ...t }))
}

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

/** §7.1 type 5 / §8: alert '[ERROR {code}] {message}' and mark the agent failing. */
export function applyLiveError(error: ErrorEvent): void {
  appendMessage('alert', `[ERROR ${error.errorCode}] ${error.message}`)
  pushError({ ...error })
  markFailing(error.agentId)
}

/** Back to the local simulation (feed failed or closed): network active (§4). */
export function revertToSimulatedData(): void {
  runtime.liveSim = null
  swarm.source = 'sim'
  swarm.buffers = ref(runtime.sim.buffers)
  swarm.links = ref(runtime.sim.links)
  swarm.world = { ...runtime.sim.world }
  setActive(true)
  runtime.sim.computeLinks()
  runtime.linksVersion = swarm.version
  syncDerived(runtime.sim)
}

listen(runtime.sim)
runtime.sim.computeLinks()
runtime.linksVersion = swarm.version
