import { WebGLRenderer, type WebGLRendererParameters } from 'three'
import { rendererName } from './agents/agentDraw'
import { waitForQuietGpu } from './gpuWarmup'
import { whenContentShown } from './contentShown'
import { nextTask } from '../ui/nextTask'

/**
 * The scene's WebGL context is opaque (`alpha: false`). three.js always asks for `alpha: true`
 * (its own `alpha` option only sets the clear alpha), and the browser then composites the canvas as
 * a translucent layer: every frame it draws the page background under the canvas and blends the
 * canvas over it. The scene clears to an opaque colour, so nothing shows through anyway; an opaque
 * canvas lets the compositor skip what lies beneath. On software WebGL, where the compositor runs on
 * the same cores as the page, that is a whole screen of pixels a frame (bench:render, docs/PERFORMANCE.md).
 */
const SCENE_CONTEXT: WebGLContextAttributes = {
  alpha: false,
  antialias: false,
  depth: true,
  stencil: false,
  premultipliedAlpha: true,
  preserveDrawingBuffer: false,
  powerPreference: 'high-performance',
}

/** How long the start-up waits for the GPU before it goes on regardless (a lost or hung context). */
const SETTLE_GIVE_UP_MS = 15_000
const SETTLE_POLL_MS = 16

/**
 * Resolves once the GPU process has run every command queued so far on `gl`, without ever blocking
 * the page: a fence, polled between tasks (a WebGL sync object's status only changes when the page
 * returns to its event loop, so the poll costs nothing). The page's main thread otherwise waits
 * inside the first call that needs an answer from the GPU process: on software WebGL (SwiftShader)
 * a new context takes 0.3–2 s to start there, and a new program as long to compile
 * (docs/ARCHITECTURE.md, "The scene never blocks a page").
 */
export async function gpuSettled(gl: WebGL2RenderingContext): Promise<void> {
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0)
  if (!sync) return
  gl.flush()
  const giveUp = performance.now() + SETTLE_GIVE_UP_MS
  try {
    while (
      !gl.isContextLost() &&
      gl.getSyncParameter(sync, gl.SYNC_STATUS) !== gl.SIGNALED &&
      performance.now() < giveUp
    ) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS))
    }
  } finally {
    gl.deleteSync(sync)
  }
}

/** The longest the context waits for the route's content (as long as for a quiet GPU on Swarm Core). */
const CONTENT_WAIT_MS = 6_000

/**
 * What three.js's WebGLRenderer enables as it is built (its WebGLExtensions.init and
 * WebGLCapabilities) and the scene never uses: it draws RawShaderMaterials into the canvas and
 * picks into an RGBA8 target, so no float or half-float targets, clip distances, multisampled
 * render-to-texture, shared-exponent textures, anisotropic filtering or reversed depth. Each first
 * getExtension is a round trip to the GPU process on the page's main thread; while that process
 * composites the page on software WebGL each took 25-160 ms (one task each, ×4 in Lighthouse's
 * model of a phone). The scene's context answers null for them without asking, and three.js takes
 * the paths it takes on a device without them (docs/ARCHITECTURE.md, "The scene never blocks a page").
 */
const UNUSED_EXTENSIONS: ReadonlySet<string> = new Set([
  'EXT_color_buffer_float',
  'WEBGL_clip_cull_distance',
  'OES_texture_float_linear',
  'EXT_color_buffer_half_float',
  'WEBGL_multisampled_render_to_texture',
  'WEBGL_render_shared_exponent',
  'EXT_texture_filter_anisotropic',
  'EXT_clip_control',
])

/** `gl` answers null for UNUSED_EXTENSIONS without asking the GPU process; the rest as before. */
export function withoutUnusedExtensions(gl: WebGL2RenderingContext): WebGL2RenderingContext {
  const getExtension = gl.getExtension.bind(gl)
  gl.getExtension = ((name: string) =>
    UNUSED_EXTENSIONS.has(name) ? null : getExtension(name)) as typeof gl.getExtension
  return gl
}

/** The canvas's pixel ratio range (r3f's `dpr`): the device's, at most 2. */
export const SCENE_DPR: [number, number] = [1, 2]

/**
 * The drawing buffer's size as r3f is about to set it: the canvas's box (r3f measures its
 * container, which the canvas fills) at the pixel ratio it picks from SCENE_DPR.
 */
function bufferSize(canvas: HTMLCanvasElement): { width: number; height: number; dpr: number } {
  const box = (canvas.parentElement ?? canvas).getBoundingClientRect()
  const dpr = Math.min(Math.max(SCENE_DPR[0], window.devicePixelRatio || 2), SCENE_DPR[1])
  return { width: box.width, height: box.height, dpr }
}

/** What the scene asks of its context before it builds anything: the renderer's name and the largest point size. */
export interface ContextFacts {
  renderer: string | null
  maxPointSize: number
}

const contextFacts = new WeakMap<WebGLRenderingContext | WebGL2RenderingContext, ContextFacts>()

/**
 * The context's facts, asked once. The renderer's name needs an extension, and a first
 * getExtension waits on the page's main thread until the GPU process has run every command queued
 * before it: asked after three.js had built its renderer (textures, state), it held the scene's
 * mount for 20 ms on software WebGL, 80 ms in Lighthouse's model of a phone. The factory asks while
 * the queue is empty, and the scene reads the answer from here.
 */
export function factsOf(gl: WebGLRenderingContext | WebGL2RenderingContext): ContextFacts {
  let facts = contextFacts.get(gl)
  if (!facts) {
    const range = gl.getParameter(gl.ALIASED_POINT_SIZE_RANGE) as Float32Array | null
    facts = { renderer: rendererName(gl), maxPointSize: range?.[1] ?? 64 }
    contextFacts.set(gl, facts)
  }
  return facts
}

/**
 * react-three-fiber's `gl` factory (asynchronous: r3f waits for it): three's renderer on an opaque
 * WebGL2 context of the canvas, created once the GPU process is quiet (`waitForQuietGpu`; `dimmed`
 * says whether a dashboard covers the scene now) and built once it has started the context, so
 * three's own start-up questions (extensions, limits) are answered at once instead of holding the
 * page. Each step is a task of its own, and r3f gets the renderer once the GPU process has run
 * what three.js queued while it was built (docs/ARCHITECTURE.md, "The scene never blocks a page").
 */
export function sceneRendererFactory(dimmed: () => boolean) {
  return async (defaults: WebGLRendererParameters): Promise<WebGLRenderer> => {
    // the route's text first, then the context (src/scene/contentShown.ts)
    await Promise.all([waitForQuietGpu(dimmed), whenContentShown(CONTENT_WAIT_MS)])
    const canvas = defaults.canvas as HTMLCanvasElement | undefined
    // The canvas gets its final size before its context: the drawing buffer is then allocated once,
    // in this task, and three's and r3f's resizes find it at that size already (each resize of a
    // software drawing buffer reallocates it in the renderer's task, the scene start's longest).
    const size = canvas && bufferSize(canvas)
    if (canvas && size) {
      canvas.width = Math.floor(size.width * size.dpr)
      canvas.height = Math.floor(size.height * size.dpr)
      // the box's read may lay the page out: the context's start (20-40 ms here) in the next task
      await nextTask()
    }
    // null where WebGL2 is missing: three then asks itself and reports the failure as it always did
    const context = canvas?.getContext('webgl2', SCENE_CONTEXT)
    if (context) {
      withoutUnusedExtensions(context)
      await gpuSettled(context)
      factsOf(context)
      await nextTask()
    }
    const renderer = new WebGLRenderer({
      ...defaults,
      antialias: SCENE_CONTEXT.antialias,
      powerPreference: SCENE_CONTEXT.powerPreference,
      ...(context ? { context } : {}),
    })
    // three's own size and ratio to match (it starts from the canvas's pixels at a ratio of 1)
    if (size) renderer.setDrawingBufferSize(size.width, size.height, size.dpr)
    if (context) await gpuSettled(context)
    return renderer
  }
}
