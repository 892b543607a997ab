/**
 * How the agents are drawn. The design's renderer is ONE instanced draw of a quad per agent
 * ('instanced'). GOTCHA: software WebGL (SwiftShader, llvmpipe) runs every instance of an instanced
 * draw as a separate internal draw: measured here, 1,000 instances already cost two thirds of the
 * frame rate and 100,000 bring it to about 1 fps. On those renderers the same attributes, shaders
 * and picking are drawn as ONE gl.POINTS draw ('points', a point sprite per agent) instead.
 */
export type AgentDrawMode = 'instanced' | 'points'

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software rasterizer|microsoft basic render/i

/** True for a software rasterizer's renderer string. */
export function isSoftwareRenderer(renderer: string | null): boolean {
  return renderer !== null && SOFTWARE.test(renderer)
}

/**
 * The draw mode: `?agentDraw=instanced|points` forces one; otherwise points on a software
 * rasterizer, instanced quads everywhere else (and when the renderer is unknown).
 */
export function chooseAgentDraw(param: string | null, renderer: string | null): AgentDrawMode {
  if (param === 'instanced' || param === 'points') return param
  return isSoftwareRenderer(renderer) ? 'points' : 'instanced'
}

/** The unmasked renderer string of a WebGL context, or null when the browser hides it. */
export function rendererName(gl: WebGLRenderingContext | WebGL2RenderingContext): string | null {
  const ext = gl.getExtension('WEBGL_debug_renderer_info')
  const name: unknown = ext
    ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL)
    : gl.getParameter(gl.RENDERER)
  return typeof name === 'string' ? name : null
}
