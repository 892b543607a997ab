import { useFrame } from '@react-three/fiber'
import { useEffect, useMemo, useRef } from 'react'
import type { LineSegments, RawShaderMaterial } from 'three'
import { swarm } from '../../state/swarmStore'
import type { AgentGeometry } from '../agents/agentGeometry'
import { LinkGeometry } from './linkGeometry'

/** The links (§2/§9): ONE indexed segment draw of the sim's link pairs (links.vert/frag). */
export function LinksLayer({
  agents,
  material,
}: {
  agents: AgentGeometry
  material: RawShaderMaterial
}) {
  const links = useMemo(() => new LinkGeometry(), [])
  const mesh = useRef<LineSegments>(null)
  useEffect(() => () => links.dispose(), [links])
  useFrame(() => {
    // AgentsLayer is mounted first, so its useFrame has already synced the position attributes.
    if (!agents.positionX || !agents.positionY) return
    if (
      links.sync(swarm.links, swarm.buffers, agents.positionX, agents.positionY, swarm.version) &&
      mesh.current
    ) {
      mesh.current.geometry = links.geometry
    }
  })
  return (
    <lineSegments
      ref={mesh}
      geometry={links.geometry}
      material={material}
      frustumCulled={false}
      renderOrder={1}
    />
  )
}
