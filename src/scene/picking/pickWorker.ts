/// <reference lib="webworker" />
/**
 * GPU picking off the main thread (ARCHITECTURE.md "Picking"): a 1×1 WebGL2 OffscreenCanvas in a
 * worker, the agents drawn with picking.vert/frag as one point each (AGENT_POINTS), depth test
 * LESS, then ONE readPixels of the one pixel. GOTCHA: a readback is a synchronous round trip to the
 * GPU process, which under software WebGL is busy rasterizing the page for a whole frame; here it
 * blocks this worker, never the main thread. Messages: see pickProtocol.ts.
 */
import { decodePickPixel } from './pickPixel'
import type { PickWorkerRequest, PickWorkerResponse } from './pickProtocol'

const scope = self as unknown as DedicatedWorkerGlobalScope

interface Gpu {
  gl: WebGL2RenderingContext
  buffer: WebGLBuffer
  /** 0, 1, 2, …: instanceIndex of the k-th packed agent is k (the page maps k to the agent) */
  identity: WebGLBuffer
  identityLength: number
  loc: { x: number; y: number; size: number; index: number }
  u: Record<string, WebGLUniformLocation | null>
}

let gpu: Gpu | null = null
const pixel = new Uint8Array(4)

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const s = gl.createShader(type)!
  gl.shaderSource(s, `#version 300 es\n#define AGENT_POINTS\n${source}`)
  gl.compileShader(s)
  if (!gl.getShaderParameter(s, gl.COMPILE_STATUS))
    throw new Error(gl.getShaderInfoLog(s) ?? 'compile failed')
  return s
}

function setup(vertex: string, fragment: string): Gpu {
  const canvas = new OffscreenCanvas(1, 1)
  const gl = canvas.getContext('webgl2', {
    antialias: false,
    depth: true,
    alpha: true,
    premultipliedAlpha: false,
  })
  if (!gl) throw new Error('no WebGL2 in workers')
  const program = gl.createProgram()
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, vertex))
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fragment))
  gl.linkProgram(program)
  if (!gl.getProgramParameter(program, gl.LINK_STATUS))
    throw new Error(gl.getProgramInfoLog(program) ?? 'link failed')
  gl.useProgram(program)
  const loc = {
    x: gl.getAttribLocation(program, 'instanceX'),
    y: gl.getAttribLocation(program, 'instanceY'),
    size: gl.getAttribLocation(program, 'instanceSize'),
    index: gl.getAttribLocation(program, 'instanceIndex'),
  }
  const u: Gpu['u'] = {}
  for (const name of ['uCenter', 'uViewport', 'uZoom', 'uPointer', 'uTouch', 'uMaxDepthPx']) {
    u[name] = gl.getUniformLocation(program, name)
  }
  gl.bindVertexArray(gl.createVertexArray())
  const identity = gl.createBuffer()
  const buffer = gl.createBuffer()
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer)
  for (const l of [loc.x, loc.y, loc.size, loc.index]) gl.enableVertexAttribArray(l)
  gl.enable(gl.DEPTH_TEST)
  gl.depthFunc(gl.LESS)
  gl.disable(gl.BLEND)
  gl.viewport(0, 0, 1, 1)
  gl.clearColor(0, 0, 0, 0)
  gl.clearDepth(1)
  return { gl, buffer, identity, identityLength: 0, loc, u }
}

function pick(g: Gpu, m: Extract<PickWorkerRequest, { type: 'pick' }>): number {
  const { gl, loc, u } = g
  const n = m.count
  if (n > g.identityLength) {
    const length = Math.max(1024, 2 ** Math.ceil(Math.log2(n)))
    const ids = new Float32Array(length)
    for (let k = 0; k < length; k++) ids[k] = k
    gl.bindBuffer(gl.ARRAY_BUFFER, g.identity)
    gl.bufferData(gl.ARRAY_BUFFER, ids, gl.STATIC_DRAW)
    gl.vertexAttribPointer(loc.index, 1, gl.FLOAT, false, 0, 0)
    gl.bindBuffer(gl.ARRAY_BUFFER, g.buffer)
    g.identityLength = length
  }
  gl.bufferData(gl.ARRAY_BUFFER, m.data, gl.STREAM_DRAW)
  // data = [x0..xn-1, y0..yn-1, size0..sizen-1]
  gl.vertexAttribPointer(loc.x, 1, gl.FLOAT, false, 0, 0)
  gl.vertexAttribPointer(loc.y, 1, gl.FLOAT, false, 0, n * 4)
  gl.vertexAttribPointer(loc.size, 1, gl.FLOAT, false, 0, n * 8)
  gl.uniform2f(u.uCenter!, m.centerX, m.centerY)
  gl.uniform2f(u.uViewport!, m.width, m.height)
  gl.uniform1f(u.uZoom!, m.zoom)
  gl.uniform2f(u.uPointer!, m.x, m.y)
  gl.uniform1f(u.uTouch!, m.touch ? 1 : 0)
  gl.uniform1f(u.uMaxDepthPx!, m.maxDepthPx)
  gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
  if (n > 0) gl.drawArrays(gl.POINTS, 0, n)
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel)
  return decodePickPixel(pixel)
}

scope.onmessage = (e: MessageEvent<PickWorkerRequest>) => {
  const m = e.data
  let reply: PickWorkerResponse
  try {
    if (m.type === 'init') {
      gpu = setup(m.vertex, m.fragment)
      reply = { type: 'ready' }
    } else {
      if (!gpu) throw new Error('pick before init')
      reply = { type: 'result', seq: m.seq, index: pick(gpu, m), data: m.data }
    }
  } catch (err) {
    reply = { type: 'error', message: err instanceof Error ? err.message : String(err) }
  }
  // Hand the agent data back (transferred, not copied): the main thread reuses it for the next pick.
  scope.postMessage(reply, reply.type === 'result' ? [reply.data.buffer] : [])
}
