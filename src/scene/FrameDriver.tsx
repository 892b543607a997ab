import { useFrame, useThree } from '@react-three/fiber'
import { useEffect, useMemo, useRef } from 'react'
import type { RawShaderMaterial } from 'three'
import { FRAME_PRIORITY } from '../state/frameClock'
import { displayedSource } from '../state/swarmStore'
import { clearProbes, setProbe } from '../testing/probes'
import type { AgentGeometry } from './agents/agentGeometry'
import type { PickRequests } from './picking/pickRequests'
import { usePicking } from './picking/usePicking'
import { shouldDraw, type Redraw } from './redraw'
import { exposeSceneStats, recordLinkAge, sceneStats } from './sceneStats'
import type { ShaderSources } from './shaders/shaderLoader'
import type { ViewUniforms } from './viewUniforms'
import { useSwarmStore } from '../state/swarmStoreContext'
import type { SwarmStore } from '../state/swarmStore'

/** Frames with agents drawn before the ready signal (the first may still be compiling shaders). */
const READY_AFTER_FRAMES = 2

/** The view and time of the last drawn frame. */
interface LastDrawn {
  at: number
  cx: number
  cy: number
  zoom: number
  w: number
  h: number
}

/** Whether the view differs from the last drawn frame's. */
function viewMoved(view: ViewUniforms, last: LastDrawn): boolean {
  const c = view.uCenter.value
  const vp = view.uViewport.value
  return (
    c.x !== last.cx ||
    c.y !== last.cy ||
    view.uZoom.value !== last.zoom ||
    vp.x !== last.w ||
    vp.y !== last.h
  )
}

function noteDrawn(view: ViewUniforms, last: LastDrawn, at: number): void {
  last.at = at
  last.cx = view.uCenter.value.x
  last.cy = view.uCenter.value.y
  last.zoom = view.uZoom.value
  last.w = view.uViewport.value.x
  last.h = view.uViewport.value.y
}

/**
 * A drawn frame in the scene's stats (`?bench=1` reads them); with `benchAgents`, also the age of
 * the links on screen (a source that searches its own links says when; links drawn from the
 * worker's view set are the newest its frame had).
 */
function countDrawnFrame(
  store: SwarmStore,
  t0: number,
  t1: number,
  frameStart: number,
  benchAgents: AgentGeometry | null,
): void {
  sceneStats.frames++
  sceneStats.renderMs += t1 - t0
  sceneStats.sceneMs += performance.now() - frameStart
  const linksAt = benchAgents
    ? benchAgents.set?.linksAt || displayedSource(store).linksAt
    : undefined
  if (linksAt) recordLinkAge(performance.timeOrigin + performance.now() - linksAt)
}

interface FrameDriverProps {
  agents: AgentGeometry
  pickMaterial: RawShaderMaterial
  picks: PickRequests
  shaders: ShaderSources
  view: ViewUniforms
  pickerMode: 'main' | 'auto'
  bench: boolean
  redraw: Redraw
  /** behind a dashboard: drawn at a lower rate */
  dimmed: boolean
  /** `ready` once the scene's programs have compiled (SwarmScene): nothing is drawn before */
  warm: { readonly ready: boolean }
}

/**
 * Frame clock phases 4 and 5 (frameClock.ts): renders the frame when it differs (redraw.ts; r3f's
 * automatic render is off: positive priorities), then runs GPU picking for a due hover; a pointer
 * press is picked before phase 1 of the next frame (pickRequests.ts), and a click/tap selects by
 * its press's pick. Collects finished picks before rendering, and raises the ready signal
 * (`<html data-scene-ready="1">`) once frames with agents have been drawn. `<html data-scene-clicks>`
 * counts the clicks/taps resolved by picking.
 */
export function FrameDriver({
  agents,
  pickMaterial,
  picks,
  shaders,
  view,
  pickerMode,
  bench,
  redraw,
  dimmed,
  warm,
}: FrameDriverProps) {
  const store = useSwarmStore()
  const gl = useThree((s) => s.gl)
  const drawn = useRef(0)
  const frameStart = useRef(0)
  const dimmedRef = useRef(dimmed)
  dimmedRef.current = dimmed
  /** the view and time of the last drawn frame */
  const last = useMemo<LastDrawn>(
    () => ({ at: -Infinity, cx: NaN, cy: NaN, zoom: NaN, w: NaN, h: NaN }),
    [],
  )

  const picking = usePicking({
    agents,
    pickMaterial,
    picks,
    shaders,
    view,
    pickerMode,
    drawn,
    readyAfter: READY_AFTER_FRAMES,
  })

  useEffect(() => {
    const unexpose = bench ? exposeSceneStats() : undefined
    return () => {
      unexpose?.()
      clearProbes('sceneReady', 'sceneReadyAt', 'sceneClicks')
    }
  }, [bench])

  useFrame(() => {
    frameStart.current = performance.now()
  }, FRAME_PRIORITY.upload - 1)

  /** what the render phase hands to the pick phase of the same frame */
  const frame = useMemo(() => ({ draw: false, t0: 0, t1: 0 }), [])

  // Phase 4 (render): collect a finished pick, then draw when the frame differs.
  useFrame((state) => {
    const { scene, camera } = state
    picking.collect()

    const t0 = performance.now()
    if (viewMoved(view, last)) redraw.needed = true
    const draw =
      warm.ready &&
      (drawn.current < READY_AFTER_FRAMES ||
        shouldDraw(
          redraw.needed,
          // the pulse animates while the sim runs; the benchmark measures every frame
          !store.swarm.paused || bench,
          dimmedRef.current,
          t0 - last.at,
        ))
    if (draw) {
      gl.render(scene, camera)
      redraw.needed = false
      noteDrawn(view, last, t0)
    }
    frame.draw = draw
    frame.t0 = t0
    frame.t1 = performance.now()
  }, FRAME_PRIORITY.render)

  // Phase 5 (pick): issue a press still waiting, else a due hover, against what was just drawn.
  useFrame((state) => {
    const { draw, t0, t1 } = frame
    picking.pick(state.camera, t1)

    if (draw && drawn.current < READY_AFTER_FRAMES && agents.count > 0) {
      drawn.current++
      if (drawn.current === READY_AFTER_FRAMES) {
        setProbe('sceneReady', '1')
        // when (ms since navigation): bench:load-page reports it
        setProbe('sceneReadyAt', performance.now().toFixed(0))
      }
    }
    if (draw) countDrawnFrame(store, t0, t1, frameStart.current, bench ? agents : null)
  }, FRAME_PRIORITY.pick)
  return null
}
