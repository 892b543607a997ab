import { useFrame, useThree } from '@react-three/fiber'
import { useEffect, useMemo, useRef, type RefObject } from 'react'
import type { Camera, RawShaderMaterial, WebGLRenderer } from 'three'
import { FRAME_PRIORITY } from '../../state/frameClock'
import { selectAgent, setHoverInfo } from '../../state/swarmStore'
import { countProbe, setElementProbe } from '../../testing/probes'
import type { AgentGeometry } from '../agents/agentGeometry'
import type { PointerKind } from '../camera/gestures'
import { sceneStats } from '../sceneStats'
import type { ShaderSources } from '../shaders/shaderLoader'
import type { ViewUniforms } from '../viewUniforms'
import { GpuPicker } from './gpuPicker'
import type { PickContext, Picker } from './picker'
import { hoverDue, settlePress, takeClick, type PickRequests } from './pickRequests'
import { WorkerPicker } from './workerPicker'
import { useSwarmStore } from '../../state/swarmStoreContext'
import type { SwarmStore } from '../../state/swarmStore'

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

function resolvePick(
  store: SwarmStore,
  index: number,
  pick: InFlight,
  picks: PickRequests,
  canvas: HTMLElement,
): void {
  if (pick.kind === 'prime') return
  const b = store.display.buffers
  const id = index >= 0 && index < b.count ? (b.ids[index] ?? null) : null
  if (pick.kind === 'press') {
    settlePress(picks, pick.seq, id)
    return
  }
  if (!picks.hoverActive) return // the pointer left or started dragging meanwhile
  const h = store.swarm.hoverInfo
  if (!id) {
    if (h) setHoverInfo(store, null)
  } else if (
    !h ||
    h.agentId !== id ||
    h.position.x !== pick.clientX ||
    h.position.y !== pick.clientY
  ) {
    setHoverInfo(store, { agentId: id, position: { x: pick.clientX, y: pick.clientY } })
  }
  canvas.style.cursor = id ? 'pointer' : ''
}

/** A click/tap that is due and picked selects its agent. */
function selectClicked(store: SwarmStore, picks: PickRequests): void {
  const id = takeClick(picks)
  if (id === undefined) return
  // Tests wait on this counter to know a click has been resolved (selected or not).
  countProbe('sceneClicks')
  // A click beside every agent selects nothing (and leaves the current selection alone).
  if (id) {
    if (store.swarm.hoverInfo) setHoverInfo(store, null)
    selectAgent(store, id)
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

/** Issues picks: the pick context (kept, refreshed per pick) and the press and hover picks. */
function pickIssuer(
  store: SwarmStore,
  gl: WebGLRenderer,
  agents: AgentGeometry,
  view: ViewUniforms,
  picks: PickRequests,
  inFlight: InFlight,
  drawn: RefObject<number>,
  readyAfter: number,
) {
  let ctx: PickContext | null = null
  /** The pick context, refreshed from what the scene holds now (no allocation after the first). */
  const pickContext = (camera: Camera): PickContext => {
    const c = (ctx ??= {
      renderer: gl,
      camera,
      geometry: agents.geometry,
      buffers: store.display.buffers,
      view,
      subset: null,
      subsetCount: 0,
    })
    c.camera = camera
    c.geometry = agents.geometry
    c.buffers = store.display.buffers
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
    if (!picks.pressPending || !p || p.busy || drawn.current < readyAfter) return false
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
  return { pickContext, issue, issuePress }
}

/** What the frame driver calls of the scene's picking, in its render and pick phases. */
export interface Picking {
  /** phase 4, before drawing: collect a finished pick, then select what a due click picked */
  collect(): void
  /** phase 5, after drawing: prime the picker once, else a waiting press, else a due hover */
  pick(camera: Camera, now: number): void
}

/** The scene's picker for its lifetime: in a worker where it can, else (or after a failure) here. */
function usePicker(
  gl: WebGLRenderer,
  pickMaterial: RawShaderMaterial,
  mode: AgentGeometry['mode'],
  pickerMode: 'main' | 'auto',
  shaders: ShaderSources,
): RefObject<Picker | null> {
  const picker = useRef<Picker | null>(null)
  useEffect(() => {
    const mainThread = () => new GpuPicker(pickMaterial, mode)
    // In a task of its own, not in the scene's mount: starting the pick worker is ~6 ms of the
    // page's main thread (×4 on a slow phone). Nothing is picked before the scene's first frames,
    // which come after its programs are warm, several tasks later (SwarmScene.tsx).
    const start = setTimeout(() => {
      const p = createPicker(pickerMode, shaders, mainThread, (message) => {
        console.warn(`Picking falls back to the main thread: ${message}`)
        picker.current?.dispose()
        picker.current = mainThread()
        setElementProbe(gl.domElement, 'picker', 'main')
      })
      picker.current = p
      setElementProbe(gl.domElement, 'picker', p instanceof WorkerPicker ? 'worker' : 'main')
    }, 0)
    return () => {
      clearTimeout(start)
      picker.current?.dispose()
      picker.current = null
    }
  }, [gl, pickMaterial, mode, pickerMode, shaders])
  return picker
}

/**
 * The scene's GPU picking (ARCHITECTURE.md, Picking): the picker (in a worker where the browser
 * can), the pick context, and the order of picks — a press as it lands (or at phase 0 of the next
 * frame when the picker is busy), then a due hover. Picks wait for `drawn` to reach `readyAfter`
 * frames: before that there is nothing on screen to pick.
 */
export function usePicking({
  agents,
  pickMaterial,
  picks,
  shaders,
  view,
  pickerMode,
  drawn,
  readyAfter,
}: {
  agents: AgentGeometry
  pickMaterial: RawShaderMaterial
  picks: PickRequests
  shaders: ShaderSources
  view: ViewUniforms
  pickerMode: 'main' | 'auto'
  drawn: RefObject<number>
  readyAfter: number
}): Picking {
  const store = useSwarmStore()
  const gl = useThree((s) => s.gl)
  const get = useThree((s) => s.get)
  const picker = usePicker(gl, pickMaterial, agents.mode, pickerMode, shaders)
  const inFlight = useMemo<InFlight>(() => ({ kind: 'hover', seq: 0, clientX: 0, clientY: 0 }), [])

  const { pickContext, issue, issuePress } = useMemo(
    () => pickIssuer(store, gl, agents, view, picks, inFlight, drawn, readyAfter),
    [store, gl, agents, view, picks, inFlight, drawn, readyAfter],
  )

  // A press is picked as it lands (between frames: the buffers, the uploaded attributes and the
  // view are those of the frame on screen) …
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

  return {
    collect() {
      const p = picker.current
      // Collect a finished pick before this frame's commands are queued: a read behind them would
      // wait for them (see GpuPicker.poll).
      const index = p?.poll() ?? null
      if (index !== null && p) {
        sceneStats.pickReadMs += p.readMs
        resolvePick(store, index, inFlight, picks, gl.domElement)
      }
      selectClicked(store, picks)
    },
    pick(camera, now) {
      const p = picker.current
      if (p && drawn.current === 1 && !p.busy) {
        if (p.prime(pickContext(camera))) inFlight.kind = 'prime'
      } else if (!issuePress(p, camera) && p && !p.busy && hoverDue(picks, now)) {
        // a press still waiting (the picker was busy at phase 0) goes first, a frame late
        picks.lastHoverPickAt = now
        picks.hoverDirty = false
        if (agents.count > 0) {
          inFlight.kind = 'hover'
          inFlight.clientX = picks.hover.clientX
          inFlight.clientY = picks.hover.clientY
          issue(p, camera, picks.hover.x, picks.hover.y, 'mouse')
        }
      }
    },
  }
}
