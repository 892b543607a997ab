import { Canvas, useFrame, useThree, type RootState } from '@react-three/fiber'
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import type { Camera, Material, Object3D, WebGLRenderer } from 'three'
import styled from 'styled-components'
import { chooseAgentDraw, isSoftwareRenderer } from './agents/agentDraw'
import { AgentGeometry } from './agents/agentGeometry'
import { AgentsLayer } from './agents/AgentsLayer'
import { CameraRig } from './camera/CameraRig'
import { CursorLayer } from './cursor/CursorLayer'
import { createAgentCursor, type AgentCursor } from './cursor/keyboardCursor'
import { AdaptivePixelRatio } from './AdaptivePixelRatio'
import { ClipCapture } from './ClipCapture'
import { FrameClockDriver } from './FrameClockDriver'
import { FrameDriver } from './FrameDriver'
import { GridLayer } from './grid/GridLayer'
import { LinksLayer } from './links/LinksLayer'
import {
  SCENE_BACKGROUND,
  agentsMaterial,
  cursorMaterial,
  gridMaterial,
  linksMaterial,
  pickingMaterial,
} from './materials'
import { createPickRequests, type PickRequests } from './picking/pickRequests'
import { createRedraw } from './redraw'
import { createFilterUniforms, useFilterUniforms } from './filterUniforms'
import { mirrorSceneProbes } from './sceneProbes'
import { factsOf, gpuSettled, SCENE_DPR, sceneRendererFactory } from './sceneRenderer'
import { currentSceneParams, type SceneParams } from './sceneParams'
import { sceneShaders, type ShaderSources } from './shaders/shaderLoader'
import { createViewUniforms, type ViewUniforms } from './viewUniforms'
import { setElementProbe } from '../testing/probes'
import { visuallyHidden } from '../ui/visuallyHidden'
import { useSwarmStore } from '../state/swarmStoreContext'

const Surface = styled.div`
  position: absolute;
  inset: 0;
  touch-action: none;
  user-select: none;
  -webkit-user-select: none;
  & canvas:focus-visible {
    outline: 2px solid ${(p) => p.theme.color.amber};
    outline-offset: -2px;
  }
`

/** The keyboard cursor's announcements: read by screen readers, not shown. */
const Announcer = styled.div`
  ${visuallyHidden}
`

/** r3f's raycasting event layer is off: the rig handles input and picking runs on the GPU. */
const noEvents = () => ({ enabled: false, priority: 0 })

/**
 * Compiles and links the scene's programs before its first frame, one program per task: three.js
 * would otherwise compile them all inside the first frame, and on software WebGL each link holds
 * the page's main thread ~100 ms while it waits for the GPU process (no KHR_parallel_shader_compile
 * there). Programs are created without waiting (`compileAsync`), the GPU process runs them
 * (`gpuSettled`), then each program's first use (`getUniforms`: its link status and uniform
 * locations) runs in a task of its own.
 */
async function warmUpPrograms(
  gl: WebGLRenderer,
  scene: Object3D,
  camera: Camera,
  materials: readonly Material[],
  live: () => boolean,
): Promise<void> {
  // not in the task that built the scene (r3f's mount): three builds every program's source there
  await new Promise((resolve) => setTimeout(resolve, 0))
  if (!live()) return
  await gl.compileAsync(scene, camera)
  const ctx = gl.getContext()
  if (ctx instanceof WebGL2RenderingContext) await gpuSettled(ctx)
  for (const material of materials) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (!live()) return
    const props = gl.properties.get(material) as { currentProgram?: { getUniforms(): unknown } }
    props.currentProgram?.getUniforms()
  }
}

/** A frame callback with a priority: while one is mounted, r3f does not render the scene itself. */
function HoldFrames() {
  useFrame(() => {}, 1)
  return null
}

/**
 * Mounts the scene's contents in a transition after the canvas's own first commit. r3f mounts a
 * canvas's children synchronously, inside the commit that created its root: the whole scene (its
 * materials, geometries, layers and their effects) was one task of ~140 ms at 4× CPU, an input
 * held that long on a slow phone. In a transition React renders it in slices of a few ms and
 * commits it in a task of its own (docs/ARCHITECTURE.md, "The scene never blocks a page"). Until
 * then nothing is drawn: the canvas keeps the page's background.
 */
function MountInTransition({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false)
  useEffect(() => startTransition(() => setShown(true)), [])
  return shown ? children : <HoldFrames />
}

/** Everything inside the canvas; the agents' draw mode depends on the WebGL renderer. */
// eslint-disable-next-line max-lines-per-function -- 104 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
function SceneContents({
  shaders,
  params,
  picks,
  view,
  dimmed,
  cursor,
  announcer,
}: {
  shaders: ShaderSources
  params: SceneParams
  picks: PickRequests
  view: ViewUniforms
  dimmed: boolean
  cursor: AgentCursor
  announcer: () => HTMLElement | null
}) {
  const gl = useThree((s) => s.gl)
  const scene = useThree((s) => s.scene)
  const camera = useThree((s) => s.camera)
  const { mode, maxPointSize, software } = useMemo(() => {
    const { renderer, maxPointSize } = factsOf(gl.getContext())
    return {
      mode: chooseAgentDraw(params.agentDraw, renderer),
      maxPointSize,
      software: isSoftwareRenderer(renderer),
    }
  }, [gl, params.agentDraw])
  const filter = useMemo(createFilterUniforms, [])
  const materials = useMemo(
    () => ({
      agents: agentsMaterial(shaders, view, mode, maxPointSize, filter),
      picking: pickingMaterial(shaders, view, mode),
      links: linksMaterial(shaders, view, filter),
      grid: gridMaterial(shaders, view),
      cursor: cursorMaterial(shaders, view),
    }),
    [shaders, view, mode, maxPointSize, filter],
  )
  const agents = useMemo(() => new AgentGeometry(mode), [mode])
  const redraw = useMemo(createRedraw, [])
  useFilterUniforms(useSwarmStore(), filter, redraw)
  // Nothing is drawn until every program has compiled and linked in the GPU process: the first
  // draw would otherwise wait for them on the page's main thread (sceneRenderer.ts, gpuSettled).
  const warm = useMemo(() => ({ ready: false, materials }), [materials])
  useEffect(() => {
    let live = true
    void warmUpPrograms(gl, scene, camera, Object.values(warm.materials), () => live).then(() => {
      if (!live) return
      warm.ready = true
      redraw.needed = true
    })
    return () => {
      live = false
    }
  }, [gl, scene, camera, warm, redraw])
  useEffect(() => {
    setElementProbe(gl.domElement, 'agentDraw', mode)
  }, [gl, mode])
  useEffect(() => {
    // Software WebGL: the overlays' backdrop blurs, recomposited over a moving canvas, cost more
    // than the scene (bench:render: the page at 146 agents ran at 9 fps with them). The glass
    // surfaces (src/ui/glass.ts) drop them while this is set, keeping a layer each; the panels
    // are 86 % opaque without them.
    if (!software) return
    const html = document.documentElement
    html.dataset.softwareGl = '1'
    return () => {
      delete html.dataset.softwareGl
    }
  }, [software])
  useEffect(
    () => () => {
      Object.values(materials).forEach((m) => m.dispose())
      agents.dispose()
    },
    [materials, agents],
  )
  return (
    <>
      <FrameClockDriver />
      <CameraRig picks={picks} view={view} />
      <GridLayer material={materials.grid} />
      <AgentsLayer agents={agents} material={materials.agents} redraw={redraw} view={view} />
      {params.links && (
        <LinksLayer agents={agents} material={materials.links} view={view} redraw={redraw} />
      )}
      <CursorLayer
        cursor={cursor}
        material={materials.cursor}
        picks={picks}
        redraw={redraw}
        announcer={announcer}
      />
      <FrameDriver
        agents={agents}
        pickMaterial={materials.picking}
        picks={picks}
        shaders={shaders}
        view={view}
        pickerMode={params.picker}
        bench={params.bench}
        redraw={redraw}
        dimmed={dimmed}
        warm={warm}
      />
      <ClipCapture redraw={redraw} />
    </>
  )
}

/**
 * The swarm canvas (lazy chunk with three.js): orthographic react-three-fiber scene of the grid,
 * the links and the agents, each ONE draw fed straight from the sim's typed arrays; the camera rig;
 * GPU picking.
 */
export default function SwarmScene({ dimmed = false }: { dimmed?: boolean }) {
  const store = useSwarmStore()
  const shaders = sceneShaders()
  const params = useMemo(currentSceneParams, [])
  const view = useMemo(createViewUniforms, [])
  const picks = useMemo(createPickRequests, [])
  const cursor = useMemo(createAgentCursor, [])
  const surface = useRef<HTMLDivElement>(null)
  const dimmedRef = useRef(dimmed)
  dimmedRef.current = dimmed
  const createRenderer = useMemo(() => sceneRendererFactory(() => dimmedRef.current), [])
  const announcerEl = useRef<HTMLDivElement>(null)
  const announcer = useCallback(() => announcerEl.current, [])

  useEffect(() => mirrorSceneProbes(store, surface.current!), [store])

  const onCreated = (state: RootState) => {
    const gl = state.gl.getContext()
    const webgl2 =
      typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext
    setElementProbe(surface.current!, 'webgl', webgl2 ? 'webgl2' : 'webgl')
  }

  return (
    <Surface ref={surface} data-testid="swarm-canvas">
      <Canvas
        orthographic
        camera={{ position: [0, 0, 100], zoom: 1, near: 0.1, far: 1000 }}
        dpr={SCENE_DPR}
        flat
        gl={createRenderer}
        events={noEvents}
        onCreated={onCreated}
      >
        <color attach="background" args={[SCENE_BACKGROUND]} />
        <MountInTransition>
          <AdaptivePixelRatio />
          <SceneContents
            shaders={shaders}
            params={params}
            picks={picks}
            view={view}
            dimmed={dimmed}
            cursor={cursor}
            announcer={announcer}
          />
        </MountInTransition>
      </Canvas>
      <Announcer ref={announcerEl} role="status" data-testid="agent-cursor-status" />
    </Surface>
  )
}
