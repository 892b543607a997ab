/**
 * Readings of the per-frame swarm buffers for the panels (never through useSnapshot: the buffers
 * change every frame). Each call allocates a little; panels poll them a few times a second.
 */
import { FLAG, STATUS, type Agent } from '../../sim'
import { agentById, display, runtime } from '../../state/swarmStore'

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

/** One pass over the drawn buffers: average energy and status counts. */
export function swarmFigures(): SwarmFigures {
  const buf = display.buffers
  const n = buf.count
  let energy = 0
  let processing = 0
  let idle = 0
  let failing = 0
  for (let i = 0; i < n; i++) {
    energy += buf.energy[i]!
    if (buf.status[i] === STATUS.processing) processing++
    else if (buf.status[i] === STATUS.idle) idle++
    if ((buf.flags[i]! & FLAG.failing) !== 0) failing++
  }
  return { count: n, averageEnergy: n > 0 ? energy / n : 0, processing, idle, failing }
}

/** DATA SOURCE as shown (status and parameter panels): what the scene and the panels show. */
export function dataSourceLabel(s: {
  source: 'sim' | 'live'
  liveAvailable: boolean
  snapshots: { isReplaying: boolean }
}): string {
  if (s.snapshots.isReplaying) return 'REPLAY'
  if (s.source === 'live') return 'LIVE'
  return s.liveAvailable ? 'SIMULATED (LOCAL FORK)' : 'SIMULATED'
}
