import { useFrame } from '@react-three/fiber'
import { useRef } from 'react'
import type { Mesh, RawShaderMaterial } from 'three'
import { camera } from '../../state/cameraStore'
import { swarm } from '../../state/swarmStore'
import type { AgentGeometry } from './agentGeometry'

/** Longest frame step the animation clock takes (a background tab must not jump the pulse). */
const MAX_STEP_S = 0.25

/**
 * The agents: ONE instanced draw of the sim's buffers (agents.vert/frag). Reads the store's proxy
 * in useFrame (never through useSnapshot) and uploads only when `swarm.version` changed.
 */
export function AgentsLayer({
  agents,
  material,
}: {
  agents: AgentGeometry
  material: RawShaderMaterial
}) {
  const mesh = useRef<Mesh>(null)
  const clock = useRef(0)
  useFrame((state, delta) => {
    if (agents.sync(swarm.buffers, swarm.version) && mesh.current)
      mesh.current.geometry = agents.geometry
    // Animation time stands still while the sim is paused (?paused=1: reproducible frames).
    if (!swarm.paused) clock.current += Math.min(delta, MAX_STEP_S)
    const u = material.uniforms
    u.uTime!.value = clock.current
    u.uZoom!.value = camera.zoom
    u.uViewport!.value.set(state.size.width, state.size.height)
  })
  return (
    <mesh
      ref={mesh}
      geometry={agents.geometry}
      material={material}
      frustumCulled={false}
      renderOrder={2}
    />
  )
}
