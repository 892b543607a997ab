import { WebGLRenderer, type WebGLRendererParameters } from 'three'

/**
 * The scene's WebGL context is opaque (`alpha: false`). three.js always asks for `alpha: true`
 * (its own `alpha` option only sets the clear alpha), and the browser then composites the canvas as
 * a translucent layer: every frame it draws the page background under the canvas and blends the
 * canvas over it. The scene clears to an opaque colour, so nothing shows through anyway; an opaque
 * canvas lets the compositor skip what lies beneath. On software WebGL, where the compositor runs on
 * the same cores as the page, that is a whole screen of pixels a frame (bench:render, README).
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

/** react-three-fiber's `gl` factory: three's renderer on an opaque WebGL2 context of the canvas. */
export function createSceneRenderer(defaults: WebGLRendererParameters): WebGLRenderer {
  // null where WebGL2 is missing: three then asks itself and reports the failure as it always did
  const context = (defaults.canvas as HTMLCanvasElement | undefined)?.getContext(
    'webgl2',
    SCENE_CONTEXT,
  )
  return new WebGLRenderer({
    ...defaults,
    antialias: SCENE_CONTEXT.antialias,
    powerPreference: SCENE_CONTEXT.powerPreference,
    ...(context ? { context } : {}),
  })
}
