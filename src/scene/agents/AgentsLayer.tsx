import { useFrame, useThree } from '@react-three/fiber'
import { useMemo, useRef } from 'react'
import type { Mesh, Points, RawShaderMaterial } from 'three'
import { FRAME_PRIORITY } from '../../state/frameClock'
import { displayedSource } from '../../state/swarmStore'
import type { Redraw } from '../redraw'
import { visibleRect, type ViewRect, type ViewUniforms } from '../viewUniforms'
import type { AgentGeometry } from './agentGeometry'
import { ViewSetChoice } from './viewSetChoice'
import { setElementProbe } from '../../testing/probes'
import { useSwarmStore } from '../../state/swarmStoreContext'

/** Longest frame step the animation clock takes (a background tab must not jump the pulse). */
const MAX_STEP_S = 0.25
/**
 * Margin around the view inside which agents are submitted ('points'): an agent's drawing reaches
 * 3.5 × size (≤ 5) world units plus a few CSS px (agents.vert.glsl), and a touch selects within
 * 40 CSS px (max(size × 8, 25)), so the submitted agents are also every agent a press can pick.
 */
const AGENT_REACH_UNITS = 18
const AGENT_REACH_PX = 40

/**
 * The agents: ONE draw of the sim's buffers (agents.vert/frag), an instanced quad per agent or a
 * point per agent (agentDraw.ts). Frame clock phase 3 (upload): reads the displayed swarm
 * (`display`, outside the valtio proxy) and uploads only when `display.version` changed — only the
 * agents of a view set when the view shows a small share of a big swarm (viewSetChoice.ts).
 */
export function AgentsLayer({
  agents,
  material,
  redraw,
  view,
}: {
  agents: AgentGeometry
  material: RawShaderMaterial
  redraw: Redraw
  view: ViewUniforms
}) {
  const store = useSwarmStore()
  const object = useRef<Mesh | Points>(null)
  const rect = useRef<ViewRect>({ minX: 0, minY: 0, maxX: 0, maxY: 0 })
  const clock = useRef(0)
  const seen = useRef(-1)
  const sets = useMemo(() => new ViewSetChoice(), [])
  const canvas = useThree((s) => s.gl.domElement)
  useFrame((state, delta) => {
    // an agent's sprite reaches 3.5 × size (≤ 5) world units plus a few CSS px of glow and spinner
    const reach = AGENT_REACH_UNITS + AGENT_REACH_PX / view.uZoom.value
    const needed = visibleRect(view, reach, rect.current)
    const src = displayedSource(store)
    const set = sets.choose(
      src,
      store.display.buffers,
      store.display.version,
      store.display.links,
      store.display.linksVersion,
      needed,
    )
    if (
      agents.sync(store.display.buffers, store.display.version, needed, set, sets.version) &&
      object.current
    )
      object.current.geometry = agents.geometry
    // what is drawn (tests, diagnostics): the worker's view set, one built here, or every agent
    const drawn = set ? (set === src.viewSet ? 'worker' : 'page') : 'whole'
    setElementProbe(canvas, 'viewSet', drawn)
    if (agents.changes !== seen.current) {
      seen.current = agents.changes
      redraw.needed = true
    }
    // Animation time stands still while the sim is paused (?paused=1: reproducible frames).
    if (!store.swarm.paused) clock.current += Math.min(delta, MAX_STEP_S)
    const u = material.uniforms
    u.uTime!.value = clock.current
    if (u.uPixelRatio) u.uPixelRatio.value = state.viewport.dpr
  }, FRAME_PRIORITY.upload)
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
