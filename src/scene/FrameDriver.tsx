import { useFrame, useThree } from '@react-three/fiber'
import { useEffect, useMemo, useRef } from 'react'
import type { Camera, RawShaderMaterial } from 'three'
import { FRAME_PRIORITY } from '../state/frameClock'
import { clearProbes, countProbe, setElementProbe, setProbe } from '../testing/probes'
import { display, displayedSource, selectAgent, setHoverInfo, swarm } from '../state/swarmStore'
import type { AgentGeometry } from './agents/agentGeometry'
import type { PointerKind } from './camera/gestures'
import { GpuPicker } from './picking/gpuPicker'
import type { PickContext, Picker } from './picking/picker'
import { hoverDue, settlePress, takeClick, type PickRequests } from './picking/pickRequests'
import { WorkerPicker } from './picking/workerPicker'
import { shouldDraw, type Redraw } from './redraw'
import { exposeSceneStats, recordLinkAge, sceneStats } from './sceneStats'
import type { ShaderSources } from './shaders/shaderLoader'
import type { ViewUniforms } from './viewUniforms'

interface InFlight {
  /**
   * 'press': a pointer press, which a click/tap selects by; 'prime': a throwaway first pick
   * (Picker.prime)
   */
  kind: 'hover' | 'press' | 'prime'
  /** the press's number */
  seq: number
  clientX: number
  clientY: number
}

/** Frames with agents drawn before the ready signal (the first may still be compiling shaders). */
const READY_AFTER_FRAMES = 2

function resolvePick(
  index: number,
  pick: InFlight,
  picks: PickRequests,
  canvas: HTMLElement,
): void {
  if (pick.kind === 'prime') return
  const b = display.buffers
  const id = index >= 0 && index < b.count ? (b.ids[index] ?? null) : null
  if (pick.kind === 'press') {
    settlePress(picks, pick.seq, id)
    return
  }
  if (!picks.hoverActive) return // the pointer left or started dragging meanwhile
  const h = swarm.hoverInfo
  if (!id) {
    if (h) setHoverInfo(null)
  } else if (
    !h ||
    h.agentId !== id ||
    h.position.x !== pick.clientX ||
    h.position.y !== pick.clientY
  ) {
    setHoverInfo({ agentId: id, position: { x: pick.clientX, y: pick.clientY } })
  }
  canvas.style.cursor = id ? 'pointer' : ''
}

/** A click/tap that is due and picked selects its agent. */
function selectClicked(picks: PickRequests): void {
  const id = takeClick(picks)
  if (id === undefined) return
  // Tests wait on this counter to know a click has been resolved (selected or not).
  countProbe('sceneClicks')
  // A click beside every agent selects nothing (and leaves the current selection alone).
  if (id) {
    if (swarm.hoverInfo) setHoverInfo(null)
    selectAgent(id)
  }
}

/** `?picker=main` keeps picking on the main thread; otherwise a worker when the browser can. */
function createPicker(
  mode: 'main' | 'auto',
  shaders: ShaderSources,
  fallback: () => Picker,
  onFail: (message: string) => void,
): Picker {
  const workerGl = typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined'
  if (mode === 'main' || !workerGl) return fallback()
  return new WorkerPicker(shaders['picking.vert.glsl'], shaders['picking.frag.glsl'], onFail)
}

/**
 * Frame clock phases 4 and 5 (frameClock.ts): renders the frame when it differs (redraw.ts; r3f's
 * automatic render is off: positive priorities), then runs GPU picking for a due hover; a pointer
 * press is picked before phase 1 of the next frame (pickRequests.ts), and a click/tap selects by
 * its press's pick. Collects finished picks before rendering, and raises the ready signal
 * (`<html data-scene-ready="1">`) once frames with agents have been drawn. `<html data-scene-clicks>`
 * counts the clicks/taps resolved by picking.
 */
// eslint-disable-next-line max-lines-per-function -- 186 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
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
}: {
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
}) {
  const gl = useThree((s) => s.gl)
  const picker = useRef<Picker | null>(null)
  const inFlight = useMemo<InFlight>(() => ({ kind: 'hover', seq: 0, clientX: 0, clientY: 0 }), [])
  const ctx = useRef<PickContext | null>(null)
  const drawn = useRef(0)
  const frameStart = useRef(0)
  const dimmedRef = useRef(dimmed)
  dimmedRef.current = dimmed
  /** the view and time of the last drawn frame */
  const last = useMemo(() => ({ at: -Infinity, cx: NaN, cy: NaN, zoom: NaN, w: NaN, h: NaN }), [])

  useEffect(() => {
    const mainThread = () => new GpuPicker(pickMaterial, agents.mode)
    const p = createPicker(pickerMode, shaders, mainThread, (message) => {
      console.warn(`Picking falls back to the main thread: ${message}`)
      picker.current?.dispose()
      picker.current = mainThread()
      setElementProbe(gl.domElement, 'picker', 'main')
    })
    picker.current = p
    setElementProbe(gl.domElement, 'picker', p instanceof WorkerPicker ? 'worker' : 'main')
    return () => {
      picker.current?.dispose()
      picker.current = null
    }
  }, [gl, pickMaterial, agents.mode, pickerMode, shaders])

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

  /** The pick context, refreshed from what the scene holds now (no allocation after the first). */
  const pickContext = (camera: Camera): PickContext => {
    const c = (ctx.current ??= {
      renderer: gl,
      camera,
      geometry: agents.geometry,
      buffers: display.buffers,
      view,
      subset: null,
      subsetCount: 0,
    })
    c.camera = camera
    c.geometry = agents.geometry
    c.buffers = display.buffers
    c.subset = agents.submittedIndices
    c.subsetCount = agents.submitted
    return c
  }

  /** Start a pick of the agents as they are now at canvas px (x, y). */
  const issue = (p: Picker, camera: Camera, x: number, y: number, kind: PointerKind) => {
    const c = pickContext(camera)
    p.issue(c, x, y, kind)
    sceneStats.picks++
    sceneStats.pickIssueMs += p.issueMs
    sceneStats.pickAgents += c.subset ? c.subsetCount : c.buffers.count
  }

  /** Issue the waiting press's pick when the picker is free; true when it did. */
  const issuePress = (p: Picker | null, camera: Camera): boolean => {
    if (!picks.pressPending || !p || p.busy || drawn.current < READY_AFTER_FRAMES) return false
    picks.pressPending = false
    if (agents.count === 0) {
      settlePress(picks, picks.pressSeq, null)
      return true
    }
    inFlight.kind = 'press'
    inFlight.seq = picks.pressSeq
    issue(p, camera, picks.press.x, picks.press.y, picks.press.kind)
    return true
  }

  // A press is picked as it lands (between frames: the buffers, the uploaded attributes and the
  // view are those of the frame on screen) …
  const get = useThree((s) => s.get)
  useEffect(() => {
    picks.pickNow = () => {
      issuePress(picker.current, get().camera)
    }
    return () => {
      picks.pickNow = () => {}
    }
  })
  // … or, the picker busy then, at phase 0 of the next frame, before phase 1 moves the agents.
  useFrame((state) => {
    issuePress(picker.current, state.camera)
  }, FRAME_PRIORITY.sample - 1)

  /** what the render phase hands to the pick phase of the same frame */
  const frame = useMemo(() => ({ draw: false, t0: 0, t1: 0 }), [])

  // Phase 4 (render): collect a finished pick, then draw when the frame differs.
  useFrame((state) => {
    const { scene, camera } = state
    const p = picker.current
    // Collect a finished pick before this frame's commands are queued: a read behind them would
    // wait for them (see GpuPicker.poll).
    const index = p?.poll() ?? null
    if (index !== null && p) {
      sceneStats.pickReadMs += p.readMs
      resolvePick(index, inFlight, picks, gl.domElement)
    }
    selectClicked(picks)

    const t0 = performance.now()
    const c0 = view.uCenter.value
    const vp = view.uViewport.value
    if (
      c0.x !== last.cx ||
      c0.y !== last.cy ||
      view.uZoom.value !== last.zoom ||
      vp.x !== last.w ||
      vp.y !== last.h
    ) {
      redraw.needed = true
    }
    const draw =
      warm.ready &&
      (drawn.current < READY_AFTER_FRAMES ||
        shouldDraw(
          redraw.needed,
          // the pulse animates while the sim runs; the benchmark measures every frame
          !swarm.paused || bench,
          dimmedRef.current,
          t0 - last.at,
        ))
    if (draw) {
      gl.render(scene, camera)
      redraw.needed = false
      last.at = t0
      last.cx = c0.x
      last.cy = c0.y
      last.zoom = view.uZoom.value
      last.w = vp.x
      last.h = vp.y
    }
    frame.draw = draw
    frame.t0 = t0
    frame.t1 = performance.now()
  }, FRAME_PRIORITY.render)

  // Phase 5 (pick): issue a press still waiting, else a due hover, against what was just drawn.
  useFrame((state) => {
    const { camera } = state
    const p = picker.current
    const { draw, t0, t1 } = frame
    if (p && drawn.current === 1 && !p.busy) {
      if (p.prime(pickContext(camera))) inFlight.kind = 'prime'
    } else if (!issuePress(p, camera) && p && !p.busy && hoverDue(picks, t1)) {
      // a press still waiting (the picker was busy at phase 0) goes first, a frame late
      picks.lastHoverPickAt = t1
      picks.hoverDirty = false
      if (agents.count > 0) {
        inFlight.kind = 'hover'
        inFlight.clientX = picks.hover.clientX
        inFlight.clientY = picks.hover.clientY
        issue(p, camera, picks.hover.x, picks.hover.y, 'mouse')
      }
    }

    if (draw && drawn.current < READY_AFTER_FRAMES && agents.count > 0) {
      drawn.current++
      if (drawn.current === READY_AFTER_FRAMES) {
        setProbe('sceneReady', '1')
        // when (ms since navigation): bench:load-page reports it
        setProbe('sceneReadyAt', performance.now().toFixed(0))
      }
    }
    if (draw) {
      sceneStats.frames++
      sceneStats.renderMs += t1 - t0
      sceneStats.sceneMs += performance.now() - frameStart.current
      // the age of the links on screen (a source that searches its own links says when)
      // (links drawn from the worker's view set are the newest its frame had)
      const linksAt = bench ? agents.set?.linksAt || displayedSource().linksAt : undefined
      if (linksAt) recordLinkAge(performance.timeOrigin + performance.now() - linksAt)
    }
  }, FRAME_PRIORITY.pick)
  return null
}
