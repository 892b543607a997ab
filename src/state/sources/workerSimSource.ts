/**
 * The local simulation in its Web Worker as a SwarmSource (ARCHITECTURE.md "Swarm sources"): the
 * worker steps the sim, runs the PRODUCT.md §4 timers and the link search; sample() only adopts the
 * newest frame it published (simWorkerClient.ts: shared or transferred buffers, swapped in without
 * a copy). The controls are posted to the worker and shown at once (the next readings confirm
 * them).
 */
import {
  BANNER_ACTIVE,
  BANNER_STANDBY,
  DEFAULT_SPEED,
  EFFICIENCY_DEFAULT,
  MODE,
  STATUS,
  STEP_MS,
  cloneAgentBuffers,
  defaultHealth,
  defaultParameters,
  defaultTasks,
  emptyMetrics,
  setFailingLook,
  type AgentBuffers,
  type LinkBuffers,
  type SimListener,
  type SwarmScan,
  type ViewSet,
  type World,
  type WorldRect,
} from '../../sim'
import type { SimWorkerClient } from '../../sim/worker/simWorkerClient'
import type { SwarmFork, SwarmReadings, SwarmSource } from '../swarmSource'

function defaultReadings(): SwarmReadings {
  return {
    isActive: true,
    actionText: BANNER_ACTIVE,
    speed: DEFAULT_SPEED,
    efficiency: EFFICIENCY_DEFAULT,
    parameters: defaultParameters(),
    tasks: defaultTasks(),
    health: defaultHealth(),
    metrics: emptyMetrics(),
  }
}

export class WorkerSimSource implements SwarmSource {
  readonly kind = 'sim' as const
  readonly controllable = true
  /** sim clock stopped (?paused=1): the worker's clock only lets the time pass */
  paused = false
  /** what is shown until the worker's first frame (a fork: the swarm it continues; else its start) */
  private readonly initial: AgentBuffers | null
  private readonly initialWorld: World
  /** the controls' effect until the worker's readings include it */
  private override: Partial<SwarmReadings> = {}
  /** the override holds until the worker's readings include this many handled messages */
  private overrideUntil = 0
  /** the worker's scan counts only once it has handled the page's last command changing agents */
  private scanUntil = 0
  private readonly fallback: SwarmReadings

  constructor(
    readonly client: SimWorkerClient,
    readonly seed: number,
    world: World,
    fork: SwarmFork | null = null,
    /** the swarm the worker starts from, when the page has it (shown until the first frame) */
    start: AgentBuffers | null = null,
  ) {
    this.initial = fork ? cloneAgentBuffers(fork.buffers) : start
    this.initialWorld = world
    this.fallback = fork ? { ...fork.readings } : defaultReadings()
  }

  get buffers(): AgentBuffers {
    return this.client.frames > 0 || !this.initial ? this.client.buffers : this.initial
  }

  get world(): World {
    return this.client.ready ? this.client.world : this.initialWorld
  }

  get links(): LinkBuffers {
    return this.client.links
  }

  /** +1 whenever the worker's links changed (the scene rebuilds its link index only then). */
  get linksVersion(): number {
    return this.client.linksVersion
  }

  /** Wall clock (ms since the epoch) of the positions the links came from (0: none yet). */
  get linksAt(): number {
    return this.client.linksAt
  }

  /** The worker's view set in the displayed frame (null until the first frame). */
  get viewSet(): ViewSet | null {
    return this.client.frames > 0 ? this.client.viewSet : null
  }

  /** The worker's scan of its agents, posted with its readings (null until the first frame). */
  scan(): SwarmScan | null {
    const r = this.client.readings
    return this.client.frames > 0 && r && r.handled >= this.scanUntil ? r.scan : null
  }

  requestView(rect: WorldRect | null): void {
    this.client.requestView(rect)
  }

  sample(): boolean {
    this.client.setRunning(!this.paused)
    return this.client.sample()
  }

  idle(): void {
    this.client.setRunning(false)
  }

  readings(): SwarmReadings {
    const r = this.client.readings
    const base = r ?? this.fallback
    if (r && r.handled >= this.overrideUntil) this.override = {}
    return { ...base, ...this.override }
  }

  clockMs(): number {
    const r = this.client.readings
    return r ? r.epochMs + this.client.stepIndex * STEP_MS : Date.now()
  }

  indexOfId(id: string): number {
    if (this.client.frames === 0 && this.initial) return this.initial.ids.indexOf(id)
    return this.client.indexOfId(id)
  }

  on(listener: SimListener): () => void {
    return this.client.on(listener)
  }

  /** PRODUCT.md §4 main-view timers in the worker; returns the detach. */
  attachMainView(opts: { startup?: boolean } = {}): () => void {
    this.client.setMainView(true, opts.startup ?? true)
    return () => this.client.setMainView(false, false)
  }

  /** Until the worker's readings include the control just posted, show `patch` over them. */
  private confirm(patch: Partial<SwarmReadings>): void {
    this.override = { ...this.override, ...patch }
    this.overrideUntil = this.client.sent
  }

  setActive(active: boolean): void {
    this.client.setActive(active)
    this.scanUntil = this.client.sent
    this.confirm({ isActive: active, actionText: active ? BANNER_ACTIVE : BANNER_STANDBY })
  }

  setSpeed(speed: number): void {
    this.client.setSpeed(speed)
    this.confirm({ speed })
  }

  setParameter(name: string, value: number): void {
    this.client.setParameter(name, value)
    const parameters = this.readings().parameters.map((p) =>
      p.name === name ? { ...p, value: Math.min(p.max, Math.max(p.min, value)) } : p,
    )
    this.confirm({ parameters })
  }

  markFailing(index: number): void {
    this.client.markFailing(index)
    this.scanUntil = this.client.sent
    // Shown at once on the displayed frame (the page holds it: the worker does not write it);
    // the worker's next frame carries the same.
    const b = this.buffers
    if (index >= 0 && index < b.count) {
      b.status[index] = STATUS.idle
      b.mode[index] = MODE.idle
      setFailingLook(b, index)
    }
  }

  dispose(): void {
    this.client.dispose()
  }
}
