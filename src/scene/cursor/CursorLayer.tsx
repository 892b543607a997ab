import { useFrame, useThree } from '@react-three/fiber'
import { useEffect, useMemo, useRef } from 'react'
import { PlaneGeometry, type Mesh, type RawShaderMaterial } from 'three'
import { camera } from '../../state/cameraStore'
import { FRAME_PRIORITY } from '../../state/frameClock'
import { setHoverInfo } from '../../state/swarmStore'
import type { PickRequests } from '../picking/pickRequests'
import type { Redraw } from '../redraw'
import { attachAgentCursor, cursorIndex, type AgentCursor } from './keyboardCursor'
import { useSwarmStore } from '../../state/swarmStoreContext'

/** The hover card follows the cursor's moving agent at most this often (ms). */
const CARD_FOLLOW_MS = 250

/** The ring's radius (CSS px) around an agent of `size` drawn at `zoom` (agents.vert.glsl radius). */
function ringRadius(size: number, zoom: number): number {
  return Math.max(size * zoom * 1.4, 4) + 6
}

/**
 * The keyboard cursor in the scene (keyboardCursor.ts): attaches its keys to the canvas and draws
 * its ring, ONE quad, around the agent it is on, every frame where the agent is (frame clock phase
 * 3, with the uploads); the hover card follows the agent a few times a second.
 */
export function CursorLayer({
  cursor,
  material,
  picks,
  redraw,
  announcer,
}: {
  cursor: AgentCursor
  material: RawShaderMaterial
  picks: PickRequests
  redraw: Redraw
  announcer: () => HTMLElement | null
}) {
  const store = useSwarmStore()
  const gl = useThree((s) => s.gl)
  const mesh = useRef<Mesh>(null)
  const geometry = useMemo(() => new PlaneGeometry(2, 2), [])
  /** what was drawn last, and when and where the card was placed */
  const last = useMemo(() => ({ x: NaN, y: NaN, r: NaN, cardAt: -Infinity, cx: NaN, cy: NaN }), [])

  useEffect(
    () => attachAgentCursor(store, gl.domElement, cursor, picks, announcer),
    [store, gl, cursor, picks, announcer],
  )
  useEffect(() => () => geometry.dispose(), [geometry])

  useFrame((state) => {
    const m = mesh.current
    if (!m) return
    const b = store.display.buffers
    const i = cursor.shown ? cursorIndex(cursor, b) : -1
    if (i < 0 || cursor.id === null) {
      if (m.visible) {
        m.visible = false
        redraw.needed = true
      }
      return
    }
    const x = b.x[i]!
    const y = b.y[i]!
    const r = ringRadius(b.size[i]!, camera.zoom)
    if (!m.visible || x !== last.x || y !== last.y || r !== last.r) {
      material.uniforms.uCursor!.value.set(x, y)
      material.uniforms.uRadius!.value = r
      last.x = x
      last.y = y
      last.r = r
      m.visible = true
      redraw.needed = true
    }
    // the card stays beside the agent as it moves (or as the camera follows it)
    const now = performance.now()
    if (store.swarm.hoverInfo?.agentId !== cursor.id || now - last.cardAt < CARD_FOLLOW_MS) return
    const { width, height, left, top } = state.size
    const cx = left + (x - store.swarm.world.width / 2 - camera.x) * camera.zoom + width / 2
    const cy = top + (y - store.swarm.world.height / 2 - camera.y) * camera.zoom + height / 2
    if (Math.abs(cx - last.cx) < 1 && Math.abs(cy - last.cy) < 1) return
    last.cardAt = now
    last.cx = cx
    last.cy = cy
    setHoverInfo(store, { agentId: cursor.id, position: { x: cx, y: cy } })
  }, FRAME_PRIORITY.upload)

  return (
    <mesh
      ref={mesh}
      geometry={geometry}
      material={material}
      frustumCulled={false}
      renderOrder={10}
      visible={false}
    />
  )
}
