import { useFrame } from '@react-three/fiber'
import { useEffect, useMemo, useRef } from 'react'
import type { LineSegments, RawShaderMaterial } from 'three'
import { FRAME_PRIORITY } from '../../state/frameClock'

import type { AgentGeometry } from '../agents/agentGeometry'
import type { Redraw } from '../redraw'
import { visibleRect, type ViewUniforms } from '../viewUniforms'
import { LinkGeometry, type ViewRect } from './linkGeometry'
import { useSwarmStore } from '../../state/swarmStoreContext'

/**
 * The links (PRODUCT.md §2/§9): ONE indexed segment draw of the sim's link pairs (links.vert/frag).
 */
export function LinksLayer({
  agents,
  material,
  view,
  redraw,
}: {
  agents: AgentGeometry
  material: RawShaderMaterial
  view: ViewUniforms
  redraw: Redraw
}) {
  const store = useSwarmStore()
  const links = useMemo(() => new LinkGeometry(), [])
  const rect = useMemo<ViewRect>(() => ({ minX: 0, minY: 0, maxX: 0, maxY: 0 }), [])
  const mesh = useRef<LineSegments>(null)
  const seen = useRef(-1)
  useEffect(() => () => links.dispose(), [links])
  useFrame(() => {
    // Phase 3 (upload), after AgentsLayer's (mounted first, same priority): the position
    // attributes are already synced.
    const vertices = agents.linkVertices
    if (!vertices) return
    const set = agents.set
    let replaced: boolean
    if (set) {
      // the agents come from a view set: it lists the links that can touch the view
      replaced = links.syncSet(set, vertices, agents.setChanges)
    } else {
      // the visible world rectangle, from the view the rig wrote this frame
      visibleRect(view, 0, rect)
      replaced = links.sync(
        store.display.links,
        store.display.buffers,
        vertices,
        store.display.linksVersion,
        rect,
      )
    }
    if (replaced && mesh.current) mesh.current.geometry = links.geometry
    if (links.changes !== seen.current) {
      seen.current = links.changes
      redraw.needed = true
    }
  }, FRAME_PRIORITY.upload)
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
