/**
 * Readings of the per-frame swarm buffers for the panels (never through useSnapshot: the buffers
 * change every frame). Each call allocates a little; panels poll them a few times a second.
 */
import type { Agent } from '../../sim'
import { agentById } from '../../state/swarmStore'
import type { SwarmStore } from '../../state/swarmStore'

/** The agent `id` as drawn now (the live/local sim, or the snapshot on screen while replaying). */
export function displayedAgent(store: SwarmStore, id: string | null): Agent | null {
  return agentById(store, id)
}

/** The clock an agent's lastActiveTime is measured on (sim time, wall time when live, snapshot time). */
export function swarmNowMs(store: SwarmStore): number {
  return store.runtime.source.clockMs()
}

export interface SwarmFigures {
  count: number
  averageEnergy: number
  processing: number
  idle: number
  failing: number
}

/**
 * Average energy and status counts of the drawn agents: the scan of the last derived-metrics sync
 * (every 250 ms; the sim worker's own where it runs one, so the page never scans a big swarm).
 */
export function swarmFigures(store: SwarmStore): SwarmFigures {
  const f = store.runtime.scan
  if (!f) return { count: 0, averageEnergy: 0, processing: 0, idle: 0, failing: 0 }
  const { count, averageEnergy, processing, idle, failing } = f
  return { count, averageEnergy, processing, idle, failing }
}
