import { useFrame } from '@react-three/fiber'
import { useEffect, useMemo } from 'react'
import { BufferAttribute, InstancedBufferGeometry, type RawShaderMaterial } from 'three'
import { camera } from '../../state/cameraStore'
import { swarm } from '../../state/swarmStore'
import { unboundedSphere } from '../geometryBounds'
import { GRID_MAJOR_STEP, GRID_STEP, emptyGridLayout, layoutGrid } from './gridLayout'

const FINE_OPACITY = 0.3

function gridGeometry(): InstancedBufferGeometry {
  const g = new InstancedBufferGeometry()
  g.setAttribute('position', new BufferAttribute(new Float32Array([0, 1]), 1))
  g.boundingSphere = unboundedSphere()
  g.instanceCount = 0
  return g
}

/** Grid lines every 10 and 50 world units (§9): one instanced draw of the visible lines. */
export function GridLayer({ material }: { material: RawShaderMaterial }) {
  const geometry = useMemo(gridGeometry, [])
  const layout = useMemo(emptyGridLayout, [])
  useEffect(() => () => geometry.dispose(), [geometry])
  useFrame((state) => {
    const cx = swarm.world.width / 2 + camera.x
    const cy = swarm.world.height / 2 + camera.y
    layoutGrid(layout, cx, cy, camera.zoom, state.size.width, state.size.height, GRID_STEP)
    const u = material.uniforms
    u.uFirstLine!.value.set(layout.firstX, layout.firstY)
    u.uStep!.value = GRID_STEP
    u.uMajorStep!.value = GRID_MAJOR_STEP
    u.uCountX!.value = layout.countX
    u.uVisible!.value.set(layout.minX, layout.minY, layout.maxX, layout.maxY)
    u.uFineOpacity!.value = FINE_OPACITY * layout.fineFade
    geometry.instanceCount = layout.countX + layout.countY
  })
  return (
    <lineSegments geometry={geometry} material={material} frustumCulled={false} renderOrder={0} />
  )
}
