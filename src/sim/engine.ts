/**
 * The swarm simulation: one object owning the buffers, the clock, the failure set (FailingSet) and
 * the events (SimEvents).
 */
import { toAgent, type Agent } from './agentFields'
import { createAgentBuffers, initAgents, worldForCount } from './agents'
import {
  AGENT_TICK_STEPS,
  DEFAULT_AGENT_COUNT,
  DEFAULT_SPEED,
  EFFICIENCY_DEFAULT,
  FAILURE_CHANCE,
  FAILURE_TICK_STEPS,
  MANUAL_FAIL_EFFICIENCY_DROP,
  EFFICIENCY_MIN,
  MAX_ALERTS_PER_TICK,
  MAX_STEPS_PER_TICK,
  RECOVERY_CHANCE,
  RECOVERY_TICK_STEPS,
  STANDBY_IDLE_SHARE,
  STEP_MS,
} from './constants'
import { SimEvents } from './simEvents'
import { FailingSet } from './failingSet'
import { createLinkBuffers } from './links'
import { LinkSearch } from './linkSearch'
import {
  defaultHealth,
  defaultParameters,
  defaultTasks,
  emptyMetrics,
  type HealthItem,
  type Metrics,
  type SwarmParameter,
  type Task,
} from './model'
import { Rng } from './random'
import { agentTick, clearFailingLook, moveAgents, setFailingLook, type StepContext } from './rules'
import { updateEfficiency, updateHealth, updateMetrics, updateTasks } from './swarmStats'
import { BANNER_ACTIVE, BANNER_STANDBY, FAILURE_TEXTS, errorText, recoveryText } from './texts'
import { FLAG, MODE, STATUS, type AgentBuffers, type LinkBuffers, type World } from './types'

// GOTCHA: per-agent loops read module-local copies (see rules.ts: imported bindings can be getters).
const FAILURE_P = FAILURE_CHANCE
const RECOVERY_P = RECOVERY_CHANCE

export interface SwarmSimOptions {
  seed: number
  /** Agent count (default 146). */
  count?: number
  /** World size; derived from the count when omitted (worldForCount). */
  world?: World
  /** Wall-clock ms of simulated time 0 (timestamps, lastActiveTime). Default 0 for reproducibility. */
  epochMs?: number
  /** Start active (default true, PRODUCT.md §3 isActive). */
  active?: boolean
}

export class SwarmSim extends SimEvents {
  readonly seed: number
  readonly buffers: AgentBuffers
  readonly links: LinkBuffers
  readonly world: World
  readonly rng: Rng
  /**
   * Wall-clock ms of simulated time 0. Time the sim skips (tick() past its step cap, skip()) moves
   * the epoch forward, so nowMs keeps following the wall clock while the step count stays exact.
   */
  epochMs: number
  isActive: boolean
  actionText: string
  /** PRODUCT.md §3 speed (default 5); movement scales by speed / 5. */
  speed = DEFAULT_SPEED
  /** Swarm efficiency 75–99.9 (shown with 1 decimal). */
  efficiency = EFFICIENCY_DEFAULT
  /** Steps run so far; simulated time = stepIndex × STEP_MS. */
  stepIndex = 0
  readonly parameters: SwarmParameter[] = defaultParameters()
  readonly tasks: Task[] = defaultTasks()
  readonly health: HealthItem[] = defaultHealth()
  readonly metrics: Metrics = emptyMetrics()
  /** The failing agents (their look is FLAG.failing in the buffers; resyncFailing rebuilds it). */
  readonly failing: FailingSet
  /**
   * A failing agent the automatic recovery tick leaves alone (−1: none): the main view's simulated
   * 2 s error, which its own 8 s timer recovers (PRODUCT.md §4 "Main view start").
   */
  heldFailing = -1
  private acc = 0
  private readonly linkSearch: LinkSearch
  /** Reused every step (see StepContext: no per-step allocation). */
  private readonly ctx: StepContext
  /**
   * id → index, built on the first lookup after the ids changed: the sim worker never looks one
   * up, and at 1,000,000 agents the map is tens of MB and ~150 ms to build
   */
  private idIndex: Map<string, number> | null = null
  /** Extra per-step work (the main-view director); called after the rules of each step. */
  private readonly stepHooks: ((sim: SwarmSim) => void)[] = []

  constructor(opts: SwarmSimOptions) {
    super()
    const count = opts.count ?? DEFAULT_AGENT_COUNT
    this.seed = opts.seed
    this.world = opts.world ?? worldForCount(count)
    this.epochMs = opts.epochMs ?? 0
    this.rng = new Rng(opts.seed)
    // 0.5 / 1.5: start the number fields as doubles, so V8 never re-shapes the object mid-run.
    this.ctx = { world: this.world, rng: this.rng, active: true, speedFactor: 1.5, nowMs: 0.5 }
    this.buffers = createAgentBuffers(count)
    // grown by the search to the swarm's link budget (links.ts reserveLinks)
    this.links = createLinkBuffers(0)
    this.linkSearch = new LinkSearch(this.links)
    this.failing = new FailingSet(count)
    initAgents(this.buffers, count, this.world, this.rng, this.epochMs)
    this.isActive = opts.active ?? true
    this.actionText = this.isActive ? BANNER_ACTIVE : BANNER_STANDBY
    updateMetrics(this)
  }

  get failingCount(): number {
    return this.failing.count
  }

  /** Simulated ms since start. */
  get timeMs(): number {
    return this.stepIndex * STEP_MS
  }

  /** Simulated wall clock (epochMs + timeMs). */
  get nowMs(): number {
    return this.epochMs + this.stepIndex * STEP_MS
  }

  addStepHook(hook: (sim: SwarmSim) => void): () => void {
    this.stepHooks.push(hook)
    return () => {
      const i = this.stepHooks.indexOf(hook)
      if (i >= 0) this.stepHooks.splice(i, 1)
    }
  }

  /**
   * Advance by a frame's dt: whole steps of STEP_MS, at most `maxSteps` (default
   * MAX_STEPS_PER_TICK). Time beyond the cap (a stall, a background tab) is skipped: not
   * simulated, but added to the epoch. Returns the number of steps run.
   */
  tick(dtMs: number, maxSteps: number = MAX_STEPS_PER_TICK): number {
    if (!(dtMs > 0)) return 0
    this.acc += dtMs
    let steps = 0
    while (this.acc >= STEP_MS - 1e-6 && steps < maxSteps) {
      this.acc -= STEP_MS
      this.step()
      steps++
    }
    if (steps === maxSteps && this.acc >= STEP_MS - 1e-6) {
      this.epochMs += this.acc
      this.acc = 0
    }
    return steps
  }

  /** Let `ms` of wall time pass without simulating it (paused, replaying, live feed). */
  skip(ms: number): void {
    if (ms > 0) this.epochMs += ms
  }

  /** Advance exactly `ms` of simulated time (tests, timers): no step cap. */
  advance(ms: number): void {
    this.acc += ms
    while (this.acc >= STEP_MS - 1e-6) {
      this.acc -= STEP_MS
      this.step()
    }
  }

  /** One fixed step: movement, then the tick rules that fall on this step, then the hooks. */
  step(): void {
    const s = ++this.stepIndex
    const buf = this.buffers
    const ctx = this.ctx
    ctx.active = this.isActive
    ctx.speedFactor = this.speed / DEFAULT_SPEED
    ctx.nowMs = this.nowMs
    moveAgents(buf, ctx)
    if (this.isActive) {
      // The 1 s agent tick is staggered: each step ticks one 1/60 slice of the agents, so every
      // agent still ticks once per AGENT_TICK_STEPS and a 100k swarm has no once-a-second hitch.
      const phase = s % AGENT_TICK_STEPS
      const n = buf.count
      const from = Math.floor((phase * n) / AGENT_TICK_STEPS)
      const to = Math.floor(((phase + 1) * n) / AGENT_TICK_STEPS)
      if (to > from) agentTick(buf, ctx, from, to)
    }
    if (this.isActive && s % FAILURE_TICK_STEPS === 0) this.failureTick()
    if (this.failingCount > 0 && s % RECOVERY_TICK_STEPS === 0) this.recoveryTick()
    for (let i = 0; i < this.stepHooks.length; i++) this.stepHooks[i]!(this)
  }

  /** Link-neighbour search (uniform grid, linkSearch.ts); fills `links`, returns the count. */
  computeLinks(): number {
    return this.linkSearch.run(this.buffers, this.world)
  }

  /**
   * The same search spread over `stages` calls (one per frame for big swarms): exact for the
   * positions at the first call. Returns true when `links` changed.
   */
  computeLinksStaged(stages: number): boolean {
    return this.linkSearch.runStaged(this.buffers, this.world, stages)
  }

  isFailing(i: number): boolean {
    return this.failing.has(i)
  }

  /** Automatic failure of agent i: frozen, red; logs the alert when `alert` and emits an error event. */
  failAgent(i: number, alert = true): void {
    if (this.failing.has(i)) return
    this.addFailing(i)
    const textIndex = this.rng.int(FAILURE_TEXTS.length)
    const errorSeq = ++this.errorSeq
    if (this.hasListeners) {
      const text = FAILURE_TEXTS[textIndex]!
      const id = this.buffers.ids[i]!
      if (alert) this.log('alert', errorText(id, text))
      const error = {
        id: `e${errorSeq}`,
        errorCode: `AGT-${101 + textIndex}`,
        message: text,
        timestamp: this.timestamp(),
        agentId: id,
      }
      this.emit({ kind: 'error', error, index: i })
    }
  }

  /** Recover agent i (logs '[RECOVERY:{id5}] ...' when `log`). */
  recoverAgent(i: number, log = true): void {
    if (!this.failing.has(i)) return
    this.failing.remove(i)
    clearFailingLook(this.buffers, i)
    if (this.hasListeners) {
      const id = this.buffers.ids[i]!
      if (log) this.log('system', recoveryText(id))
      this.emit({ kind: 'recovery', agentId: id, index: i })
    }
  }

  /**
   * PRODUCT.md §4 manual mark-failing: idle status and mode, red, glowing, pulse 3, efficiency −0.3
   * (floor 75).
   */
  markFailing(i: number): void {
    if (i < 0 || i >= this.buffers.count) return
    this.buffers.status[i] = STATUS.idle
    this.buffers.mode[i] = MODE.idle
    if (!this.failing.has(i)) this.addFailing(i)
    setFailingLook(this.buffers, i)
    this.efficiency = Math.max(EFFICIENCY_MIN, this.efficiency - MANUAL_FAIL_EFFICIENCY_DROP)
    this.emit({ kind: 'failing', agentId: this.buffers.ids[i]!, index: i })
  }

  /** Active: banner + idle agents explore. Standby: banner + about 30% of agents go idle. */
  setActive(active: boolean): void {
    const buf = this.buffers
    const failPos = this.failing.pos
    this.isActive = active
    this.actionText = active ? BANNER_ACTIVE : BANNER_STANDBY
    for (let i = 0; i < buf.count; i++) {
      if (failPos[i]! >= 0) continue
      if (active) {
        if (buf.mode[i] === MODE.idle) buf.mode[i] = MODE.explore
      } else if (this.rng.chance(STANDBY_IDLE_SHARE)) {
        buf.mode[i] = MODE.idle
        buf.status[i] = STATUS.idle
      }
    }
    this.emit({ kind: 'active', isActive: active, actionText: this.actionText })
  }

  /**
   * PRODUCT.md §4 failure tick: each non-failing agent fails with 10%; alerts beyond 20 are
   * summarised.
   */
  failureTick(): void {
    const n = this.buffers.count
    const failPos = this.failing.pos
    let failed = 0
    for (let i = 0; i < n; i++) {
      if (failPos[i]! >= 0) continue
      if (this.rng.chance(FAILURE_P)) {
        this.failAgent(i, failed < MAX_ALERTS_PER_TICK)
        failed++
      }
    }
    if (failed > MAX_ALERTS_PER_TICK && this.hasListeners) {
      this.log('alert', `[ERROR] ${failed - MAX_ALERTS_PER_TICK} more agents failed in this cycle`)
    }
  }

  /**
   * PRODUCT.md §4 recovery tick: each failing agent recovers with 40%; logs beyond 20 are
   * summarised.
   */
  recoveryTick(): void {
    let recovered = 0
    const failList = this.failing.list
    // Walk the dense list backwards: removal swaps the last entry into the freed slot.
    for (let k = this.failing.count - 1; k >= 0; k--) {
      const i = failList[k]!
      if (i === this.heldFailing) continue
      if (this.rng.chance(RECOVERY_P)) {
        this.recoverAgent(i, recovered < MAX_ALERTS_PER_TICK)
        recovered++
      }
    }
    if (recovered > MAX_ALERTS_PER_TICK && this.hasListeners) {
      this.log('system', `[RECOVERY] ${recovered - MAX_ALERTS_PER_TICK} more agents restored`)
    }
  }

  /** A random non-failing agent index, or −1 when all fail. */
  randomHealthyAgent(): number {
    const n = this.buffers.count
    const failing = this.failing
    if (failing.count >= n) return -1
    for (let tries = 0; tries < 32; tries++) {
      const i = this.rng.int(n)
      if (!failing.has(i)) return i
    }
    for (let i = 0; i < n; i++) if (!failing.has(i)) return i
    return -1
  }

  /** A random failing agent index, or −1 when none fail. */
  randomFailingAgent(): number {
    const f = this.failing
    return f.count === 0 ? -1 : f.list[this.rng.int(f.count)]!
  }

  /** Ids of failing agents (snapshots). */
  failingIds(): string[] {
    const out: string[] = []
    const f = this.failing
    for (let k = 0; k < f.count; k++) out.push(this.buffers.ids[f.list[k]!]!)
    return out
  }

  /** Every 5 s on the main view: efficiency, Error Rate health, metrics, tasks; one 'metrics' event. */
  periodicUpdate(): void {
    updateEfficiency(this)
    updateHealth(this)
    updateTasks(this)
    updateMetrics(this)
    if (this.hasListeners) {
      this.emit({ kind: 'tasks', tasks: this.tasks })
      this.emit({
        kind: 'metrics',
        metrics: this.metrics,
        efficiency: this.efficiency,
        health: this.health,
      })
    }
  }

  agentAt(i: number): Agent | null {
    return i >= 0 && i < this.buffers.count ? toAgent(this.buffers, i) : null
  }

  indexOfId(id: string): number {
    let index = this.idIndex
    if (!index) {
      index = this.idIndex = new Map()
      for (let i = 0; i < this.buffers.count; i++) index.set(this.buffers.ids[i]!, i)
    }
    return index.get(id) ?? -1
  }

  /** The ids changed (the buffers were rewritten by a live state): the id → index map is rebuilt. */
  reindex(): void {
    this.idIndex = null
  }

  /** Rebuild the failing list from the FLAG.failing bits (after an external write). */
  resyncFailing(): void {
    this.failing.clear()
    for (let i = 0; i < this.buffers.count; i++) {
      if ((this.buffers.flags[i]! & FLAG.failing) !== 0) this.addFailing(i)
    }
  }

  private addFailing(i: number): void {
    this.failing.add(i)
    setFailingLook(this.buffers, i)
  }
}

export function createSwarmSim(opts: SwarmSimOptions): SwarmSim {
  return new SwarmSim(opts)
}
