/**
 * The local simulation on the main thread as a SwarmSource: sample() steps the shared sim
 * (src/sim) by the frame's dt, catching up more steps per slow frame while steps are cheap.
 * The events of a frame's steps reach the listeners after them, as the worker posts them: the
 * console lines and the newest RECENT_ERRORS errors (PostedEvents). A PRODUCT.md §4 failure tick
 * fails ~10 % of the swarm in one step; pushed one by one into the store, 10,000 errors at 100,000
 * agents took the page ~0.3 s, of which the store keeps the newest 20.
 */
import {
  MAX_CATCH_UP_STEPS,
  MAX_STEPS_PER_TICK,
  STEP_BUDGET_MS,
  applyFork,
  attachMainView,
  readingsOf,
  createSwarmSim,
  type SimEvent,
  type SimListener,
  type SwarmSim,
} from '../../sim'
import { PostedEvents } from '../../sim/worker/postedEvents'
import type { SwarmFork, SwarmReadings, SwarmSource } from '../swarmSource'

/**
 * A new local simulation continuing `fork` ("Simulate locally"): the same agents (positions,
 * modes, energy, failing flags), efficiency, tasks, metrics, health, speed, parameters and
 * active state; its clock starts at `epochMs`.
 */
export function simFromFork(fork: SwarmFork, epochMs: number): SwarmSim {
  const sim = createSwarmSim({
    seed: fork.seed,
    count: Math.max(fork.buffers.count, 1),
    world: fork.world,
    epochMs,
    active: fork.readings.isActive,
  })
  applyFork(sim, fork.buffers, fork.readings)
  return sim
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now()
}

export class LocalSimSource implements SwarmSource {
  readonly kind = 'sim' as const
  readonly controllable = true
  readonly links = null
  /** sim clock stopped (?paused=1): sample() only lets the time pass */
  paused = false
  /** measured ms per sim step (moving average) and the step cap per frame it allows */
  stepCostMs = 0
  maxStepsPerFrame = MAX_STEPS_PER_TICK
  private readonly listeners: SimListener[] = []
  private detachSim: (() => void) | null = null
  /** while sample() steps: the events of its steps, delivered once they are done */
  private stepping = false
  private readonly burst = new PostedEvents()

  constructor(readonly sim: SwarmSim) {}

  get buffers() {
    return this.sim.buffers
  }

  get world() {
    return this.sim.world
  }

  sample(dtMs: number): boolean {
    if (this.paused) {
      this.sim.skip(dtMs)
      return false
    }
    const t0 = now()
    const steps = this.step(dtMs)
    if (steps > 0) this.adaptStepCap((now() - t0) / steps)
    if (this.burst.pending) for (const e of this.burst.take()) this.deliver(e)
    return steps > 0
  }

  /** The frame's steps, their events held back until the steps end. */
  private step(dtMs: number): number {
    this.stepping = true
    try {
      return this.sim.tick(dtMs, this.maxStepsPerFrame)
    } finally {
      this.stepping = false
    }
  }

  idle(dtMs: number): void {
    this.sim.skip(dtMs)
  }

  /**
   * A slow frame (software WebGL, a busy machine) may catch up more than MAX_STEPS_PER_TICK steps
   * while stepping stays within STEP_BUDGET_MS per frame, so the PRODUCT.md §4 timers keep to the
   * wall clock.
   */
  private adaptStepCap(msPerStep: number): void {
    this.stepCostMs = this.stepCostMs === 0 ? msPerStep : this.stepCostMs * 0.9 + msPerStep * 0.1
    const fit = Math.floor(STEP_BUDGET_MS / Math.max(this.stepCostMs, 1e-3))
    this.maxStepsPerFrame = Math.max(MAX_STEPS_PER_TICK, Math.min(MAX_CATCH_UP_STEPS, fit))
  }

  readings(): SwarmReadings {
    return readingsOf(this.sim)
  }

  clockMs(): number {
    return this.sim.nowMs
  }

  /** PRODUCT.md §4 main-view timers on the sim; returns the detach. */
  attachMainView(opts: { startup?: boolean } = {}): () => void {
    return attachMainView(this.sim, opts)
  }

  indexOfId(id: string): number {
    return this.sim.indexOfId(id)
  }

  on(listener: SimListener): () => void {
    this.listeners.push(listener)
    this.detachSim ??= this.sim.on(this.relay)
    return () => {
      const i = this.listeners.indexOf(listener)
      if (i >= 0) this.listeners.splice(i, 1)
      if (this.listeners.length === 0) {
        this.detachSim?.()
        this.detachSim = null
      }
    }
  }

  /** Events of a frame's steps wait for the steps to end; the others (controls) go at once. */
  private readonly relay = (e: SimEvent): void => {
    if (this.stepping) this.burst.add(e)
    else this.deliver(e)
  }

  private deliver(e: SimEvent): void {
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i]!(e)
  }

  setActive(active: boolean): void {
    this.sim.setActive(active)
  }

  setSpeed(speed: number): void {
    this.sim.speed = speed
  }

  setParameter(name: string, value: number): void {
    const p = this.sim.parameters.find((x) => x.name === name)
    if (p) p.value = Math.min(p.max, Math.max(p.min, value))
  }

  markFailing(index: number): void {
    this.sim.markFailing(index)
  }
}
