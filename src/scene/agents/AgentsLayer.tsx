import { useFrame } from '@react-three/fiber'
import { useRef } from 'react'
import type { Mesh, Points, RawShaderMaterial } from 'three'
import { swarm } from '../../state/swarmStore'
import type { Redraw } from '../redraw'
import type { AgentGeometry } from './agentGeometry'

/** Longest frame step the animation clock takes (a background tab must not jump the pulse). */
const MAX_STEP_S = 0.25

/**
 * The agents: ONE draw of the sim's buffers (agents.vert/frag), an instanced quad per agent or a
 * point per agent (agentDraw.ts). Reads the store's proxy in useFrame (never through useSnapshot)
 * and uploads only when `swarm.version` changed.
 */
export function AgentsLayer({
  agents,
  material,
  redraw,
}: {
  agents: AgentGeometry
  material: RawShaderMaterial
  redraw: Redraw
}) {
  const object = useRef<Mesh | Points>(null)
  const clock = useRef(0)
  const seen = useRef(-1)
  useFrame((state, delta) => {
    if (agents.sync(swarm.buffers, swarm.version) && object.current)
      object.current.geometry = agents.geometry
    if (agents.changes !== seen.current) {
      seen.current = agents.changes
      redraw.needed = true
    }
    // Animation time stands still while the sim is paused (?paused=1: reproducible frames).
    if (!swarm.paused) clock.current += Math.min(delta, MAX_STEP_S)
    const u = material.uniforms
    u.uTime!.value = clock.current
    if (u.uPixelRatio) u.uPixelRatio.value = state.viewport.dpr
  })
  return agents.mode === 'points' ? (
    <points
      ref={object as React.Ref<Points>}
      geometry={agents.geometry}
      material={material}
      frustumCulled={false}
      renderOrder={2}
    />
  ) : (
    <mesh
      ref={object as React.Ref<Mesh>}
      geometry={agents.geometry}
      material={material}
      frustumCulled={false}
      renderOrder={2}
    />
  )
}
