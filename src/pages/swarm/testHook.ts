/**
 * Browser-test fixture, installed only with `?e2e=1`: exposes the swarm and camera stores and a few
 * actions on `window.__vposSwarm` so a Playwright test can set up a state (a failing agent, a
 * hovered agent, many console lines) or read where an agent is drawn. The app never reads it.
 */
import { LiveFeedSource } from '../../state/sources/liveSource'
import { camera } from '../../state/cameraStore'
import {
  appendMessage,
  display,
  markFailing,
  runtime,
  selectAgent,
  syncDerived,
  setHoverInfo,
  swarm,
} from '../../state/swarmStore'

interface SwarmTestHook {
  swarm: typeof swarm
  /** the displayed swarm's buffers, links and version (outside the proxy) */
  display: typeof display
  camera: typeof camera
  markFailing: typeof markFailing
  clearFailures: () => void
  selectAgent: typeof selectAgent
  setHoverInfo: typeof setHoverInfo
  appendMessage: typeof appendMessage
}

declare global {
  interface Window {
    __vposSwarm?: SwarmTestHook
  }
}

/**
 * Make an agent fail on the displayed source: the local sim's §4 mark-failing, or on the live swarm
 * (read-only to the visitor) the way the server fails one — a §7.1 type 5 error event.
 */
function markFailingOnSource(idOrIndex: string | number): number {
  const live = runtime.source
  if (live instanceof LiveFeedSource) {
    const id = typeof idOrIndex === 'number' ? live.buffers.ids[idOrIndex] : idOrIndex
    if (!id || live.indexOfId(id) < 0) return -1
    live.failAgent({
      id: `e2e-${id}`,
      errorCode: 'AGT-E2E',
      message: 'Test failure',
      timestamp: new Date().toISOString(),
      agentId: id,
    })
    return live.indexOfId(id)
  }
  return markFailing(idOrIndex)
}

/** Live runs start like the seeded sim, with no failing agent: the still live swarm recovers all. */
function clearFailures(): void {
  const live = runtime.source
  if (!(live instanceof LiveFeedSource)) return
  const b = live.buffers
  for (let i = 0; i < b.count; i++) live.recoverAgent(b.ids[i]!)
  syncDerived()
}

export function installTestHook(search: string = window.location.search): void {
  if (new URLSearchParams(search).get('e2e') !== '1') return
  window.__vposSwarm = {
    swarm,
    display,
    camera,
    markFailing: markFailingOnSource,
    clearFailures,
    selectAgent,
    setHoverInfo,
    appendMessage,
  }
}
