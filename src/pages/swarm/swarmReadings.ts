/**
 * Readings of the per-frame swarm buffers for the panels (never through useSnapshot: the buffers
 * change every frame). Each call allocates a little; panels poll them a few times a second.
 */
import type { Agent } from '../../sim'
import { agentById, runtime } from '../../state/swarmStore'

/** The agent `id` as drawn now (the live/local sim, or the snapshot on screen while replaying). */
export function displayedAgent(id: string | null): Agent | null {
  return agentById(id)
}

/** The clock an agent's lastActiveTime is measured on (sim time, wall time when live, snapshot time). */
export function swarmNowMs(): number {
  return runtime.source.clockMs()
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
export function swarmFigures(): SwarmFigures {
  const f = runtime.scan
  if (!f) return { count: 0, averageEnergy: 0, processing: 0, idle: 0, failing: 0 }
  const { count, averageEnergy, processing, idle, failing } = f
  return { count, averageEnergy, processing, idle, failing }
}
