import { useFrame } from '@react-three/fiber'
import { useEffect, useMemo, useRef } from 'react'
import type { LineSegments, RawShaderMaterial } from 'three'
import { swarm } from '../../state/swarmStore'
import { LinkGeometry, POSITION_TEXTURE_WIDTH } from './linkGeometry'

/** The links (§2/§9): one instanced line draw of the sim's link pairs (links.vert/frag). */
export function LinksLayer({ material }: { material: RawShaderMaterial }) {
  const links = useMemo(() => new LinkGeometry(), [])
  const mesh = useRef<LineSegments>(null)
  useEffect(() => () => links.dispose(), [links])
  useFrame(() => {
    if (links.sync(swarm.links, swarm.buffers, swarm.version)) {
      if (mesh.current) mesh.current.geometry = links.geometry
      material.uniforms.uPositions!.value = links.positions
      material.uniforms.uTextureWidth!.value = POSITION_TEXTURE_WIDTH
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
