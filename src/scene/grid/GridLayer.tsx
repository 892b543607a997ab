import { useFrame } from '@react-three/fiber'
import { FRAME_PRIORITY } from '../../state/frameClock'
import { useEffect, useMemo, useRef } from 'react'
import { BufferAttribute, BufferGeometry, type LineSegments, type RawShaderMaterial } from 'three'
import { camera } from '../../state/cameraStore'

import { unboundedSphere } from '../geometryBounds'
import { GRID_MAJOR_STEP, GRID_STEP, emptyGridLayout, layoutGrid } from './gridLayout'
import { useSwarmStore } from '../../state/swarmStoreContext'

const FINE_OPACITY = 0.3
/** Lines the first geometry holds; a larger canvas grows it. */
const INITIAL_LINES = 1024

/** `lines` lines of two vertices; `position` is 0 at one end, 1 at the other (grid.vert.glsl). */
function gridGeometry(lines: number): BufferGeometry {
  const ends = new Float32Array(lines * 2)
  for (let i = 1; i < ends.length; i += 2) ends[i] = 1
  const g = new BufferGeometry()
  g.setAttribute('position', new BufferAttribute(ends, 1))
  g.boundingSphere = unboundedSphere()
  g.setDrawRange(0, 0)
  return g
}

/**
 * Grid lines every 10 and 50 world units (PRODUCT.md §9): ONE gl.LINES draw of the visible lines.
 */
export function GridLayer({ material }: { material: RawShaderMaterial }) {
  const store = useSwarmStore()
  const mesh = useRef<LineSegments>(null)
  const geometry = useRef<BufferGeometry>(null)
  const layout = useMemo(emptyGridLayout, [])
  useEffect(() => () => geometry.current?.dispose(), [])
  useFrame((state) => {
    const cx = store.swarm.world.width / 2 + camera.x
    const cy = store.swarm.world.height / 2 + camera.y
    layoutGrid(layout, cx, cy, camera.zoom, state.size.width, state.size.height, GRID_STEP)
    const lines = layout.countX + layout.countY
    let g = geometry.current
    if (!g || g.getAttribute('position').count < lines * 2) {
      g?.dispose()
      g = gridGeometry(Math.max(INITIAL_LINES, lines * 2))
      geometry.current = g
      if (mesh.current) mesh.current.geometry = g
    }
    g.setDrawRange(0, lines * 2)
    const u = material.uniforms
    u.uFirstLine!.value.set(layout.firstX, layout.firstY)
    u.uStep!.value = GRID_STEP
    u.uMajorStep!.value = GRID_MAJOR_STEP
    u.uCountX!.value = layout.countX
    u.uVisible!.value.set(layout.minX, layout.minY, layout.maxX, layout.maxY)
    u.uFineOpacity!.value = FINE_OPACITY * layout.fineFade
  }, FRAME_PRIORITY.upload)
  return <lineSegments ref={mesh} material={material} frustumCulled={false} renderOrder={0} />
}
