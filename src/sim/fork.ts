/**
 * Continuing a displayed swarm in a new simulation ("Simulate locally" forks the live swarm): the
 * same agents (every field, failing flags included) and the swarm-level figures. Used by the
 * main-thread local sim and by the sim worker, which receives the agents as a frame.
 */
import { copyAgentBuffers } from './agents'
import type { SwarmSim } from './engine'
import type { HealthItem, Metrics, SwarmParameter, Task } from './model'
import type { AgentBuffers } from './types'

/**
 * The swarm-level figures a source knows that cannot be recomputed from its agents (what a fork
 * carries over; the store's SwarmReadings). The store overwrites what the agents do give
 * (failing count/ids, Error Rate, totals) from the buffers.
 */
export interface ForkReadings {
  isActive: boolean
  /** PRODUCT.md §8/§4 action banner text this source wants shown */
  actionText: string
  /** PRODUCT.md §3 speed 1–10 */
  speed: number
  /** 75–99.9 */
  efficiency: number
  parameters: readonly SwarmParameter[]
  tasks: readonly Task[]
  /** Memory, Processing, Network, Latency, Error Rate, Uptime (Error Rate is recomputed) */
  health: readonly HealthItem[]
  /** completedTasks, networkLatency come from here; the agent-derived fields are recomputed */
  metrics: Metrics
}

/** The figures of `sim` (live references, not copies). */
export function readingsOf(sim: SwarmSim): ForkReadings {
  return {
    isActive: sim.isActive,
    actionText: sim.actionText,
    speed: sim.speed,
    efficiency: sim.efficiency,
    parameters: sim.parameters,
    tasks: sim.tasks,
    health: sim.health,
    metrics: sim.metrics,
  }
}

/** Make `sim` continue `buffers` + `readings` (sim built with capacity ≥ buffers.count). */
export function applyFork(sim: SwarmSim, buffers: AgentBuffers, r: ForkReadings): void {
  copyAgentBuffers(buffers, sim.buffers)
  sim.reindex()
  sim.resyncFailing()
  sim.isActive = r.isActive
  sim.efficiency = r.efficiency
  sim.speed = r.speed
  sim.actionText = r.actionText
  r.parameters.forEach((p, i) => Object.assign(sim.parameters[i] ?? {}, p))
  sim.tasks.splice(0, sim.tasks.length, ...r.tasks.map((t) => ({ ...t })))
  sim.health.splice(0, sim.health.length, ...r.health.map((h) => ({ ...h })))
  Object.assign(sim.metrics, r.metrics)
}
