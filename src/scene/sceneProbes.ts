import { subscribe } from 'valtio'
import { subscribeKey } from 'valtio/utils'
import { camera } from '../state/cameraStore'

import { clearProbes, setElementProbe, setProbe } from '../testing/probes'
import type { SwarmStore } from '../state/swarmStore'

/**
 * Mirrors the camera onto the scene's surface and the selection and hover onto <html> while the
 * scene is mounted; returns the function that stops it.
 */
export function mirrorSceneProbes(store: SwarmStore, surface: HTMLElement): () => void {
  const writeCamera = () => {
    setElementProbe(surface, 'zoom', String(camera.zoom))
    setElementProbe(surface, 'panX', camera.x.toFixed(3))
    setElementProbe(surface, 'panY', camera.y.toFixed(3))
  }
  const writeSelected = () => setProbe('selectedAgent', store.swarm.selectedAgentId ?? '')
  const writeHover = () => setProbe('hoverAgent', store.swarm.hoverInfo?.agentId ?? '')
  writeCamera()
  writeSelected()
  writeHover()
  const unsubs = [
    subscribe(camera, writeCamera, true),
    subscribeKey(store.swarm, 'selectedAgentId', writeSelected, true),
    subscribeKey(store.swarm, 'hoverInfo', writeHover, true),
  ]
  return () => {
    unsubs.forEach((u) => u())
    clearProbes('selectedAgent', 'hoverAgent')
  }
}
