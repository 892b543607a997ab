import { subscribe } from 'valtio'
import { subscribeKey } from 'valtio/utils'
import { camera } from '../state/cameraStore'
import { swarm } from '../state/swarmStore'
import { clearProbes, setElementProbe, setProbe } from '../testing/probes'

/**
 * Mirrors the camera onto the scene's surface and the selection and hover onto <html> while the
 * scene is mounted; returns the function that stops it.
 */
export function mirrorSceneProbes(surface: HTMLElement): () => void {
  const writeCamera = () => {
    setElementProbe(surface, 'zoom', String(camera.zoom))
    setElementProbe(surface, 'panX', camera.x.toFixed(3))
    setElementProbe(surface, 'panY', camera.y.toFixed(3))
  }
  const writeSelected = () => setProbe('selectedAgent', swarm.selectedAgentId ?? '')
  const writeHover = () => setProbe('hoverAgent', swarm.hoverInfo?.agentId ?? '')
  writeCamera()
  writeSelected()
  writeHover()
  const unsubs = [
    subscribe(camera, writeCamera, true),
    subscribeKey(swarm, 'selectedAgentId', writeSelected, true),
    subscribeKey(swarm, 'hoverInfo', writeHover, true),
  ]
  return () => {
    unsubs.forEach((u) => u())
    clearProbes('selectedAgent', 'hoverAgent')
  }
}
