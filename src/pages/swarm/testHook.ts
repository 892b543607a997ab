/**
 * Browser-test fixture, installed only with `?e2e=1`: exposes the swarm and camera stores and a few
 * actions on `window.__vposSwarm` so a Playwright test can set up a state (a failing agent, a
 * hovered agent, many console lines) or read where an agent is drawn. The app never reads it.
 */
import { camera } from '../../state/cameraStore'
import {
  appendMessage,
  markFailing,
  selectAgent,
  setHoverInfo,
  swarm,
} from '../../state/swarmStore'

export interface SwarmTestHook {
  swarm: typeof swarm
  camera: typeof camera
  markFailing: typeof markFailing
  selectAgent: typeof selectAgent
  setHoverInfo: typeof setHoverInfo
  appendMessage: typeof appendMessage
}

declare global {
  interface Window {
    __vposSwarm?: SwarmTestHook
  }
}

export function installTestHook(search: string = window.location.search): void {
  if (new URLSearchParams(search).get('e2e') !== '1') return
  window.__vposSwarm = { swarm, camera, markFailing, selectAgent, setHoverInfo, appendMessage }
}
