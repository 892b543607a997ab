/**
 * GPU picking (ARCHITECTURE.md "Picking"): the agents' geometry drawn with picking.vert/frag into a
 * 1×1 render target at the pointer (depth test LESS, colour = index + 1), then ONE readPixels of
 * that pixel. GOTCHA: a synchronous readPixels would stall the main thread until the GPU (or
 * SwiftShader) has finished the whole frame; the pixel is read into a pixel-pack buffer behind a
 * fence instead and collected on a later frame, so a pick costs the main thread only the commands
 * it issues.
 */
import {
  Color,
  Mesh,
  NearestFilter,
  Points,
  RGBAFormat,
  Scene,
  UnsignedByteType,
  WebGLRenderTarget,
  type BufferGeometry,
  type RawShaderMaterial,
} from 'three'
import type { AgentDrawMode } from '../agents/agentDraw'
import type { PointerKind } from '../camera/gestures'
import { decodePickPixel } from './pickPixel'
import type { PickContext, Picker } from './picker'

export class GpuPicker implements Picker {
  private readonly target = new WebGLRenderTarget(1, 1, {
    format: RGBAFormat,
    type: UnsignedByteType,
    minFilter: NearestFilter,
    magFilter: NearestFilter,
    generateMipmaps: false,
    depthBuffer: true,
    stencilBuffer: false,
  })
  private readonly scene = new Scene()
  private readonly mesh:
    Mesh<BufferGeometry, RawShaderMaterial> | Points<BufferGeometry, RawShaderMaterial>
  private readonly pixel = new Uint8Array(4)
  private readonly savedClear = new Color()
  private pbo: WebGLBuffer | null = null
  private fence: WebGLSync | null = null
  /** the fence has been seen signalled: the pixel can be read without a stall */
  private readable = false
  private gl: WebGL2RenderingContext | null = null
  /** main-thread ms of the last issue() and of the last completed readback */
  issueMs = 0
  readMs = 0

  constructor(
    private readonly material: RawShaderMaterial,
    mode: AgentDrawMode,
  ) {
    this.mesh =
      mode === 'points'
        ? new Points<BufferGeometry, RawShaderMaterial>(undefined, material)
        : new Mesh<BufferGeometry, RawShaderMaterial>(undefined, material)
    this.mesh.frustumCulled = false
    this.scene.add(this.mesh)
    this.scene.matrixWorldAutoUpdate = false
  }

  /**
   * Run one throwaway pick far off the canvas: it creates the target, the pack buffer and the fence
   * path (GOTCHA: their first use makes synchronous round trips to the GPU process), so the first
   * real hover or click costs what every later one does. Its result (no agent) must be ignored.
   */
  prime(ctx: PickContext): boolean {
    this.issue(ctx, -1e9, -1e9, 'mouse')
    return true
  }

  /** A pick is waiting for the GPU. */
  get busy(): boolean {
    return this.fence !== null || this.readable
  }

  /** Render the picking pass for the pointer at canvas CSS px (x, y) and start reading its pixel. */
  issue(ctx: PickContext, x: number, y: number, kind: PointerKind): void {
    const { renderer, camera, geometry } = ctx
    const t0 = performance.now()
    const gl = renderer.getContext() as WebGL2RenderingContext
    this.gl = gl
    this.mesh.geometry = geometry
    const u = this.material.uniforms
    u.uPointer!.value.set(x, y)
    u.uTouch!.value = kind === 'touch' ? 1 : 0

    const previous = renderer.getRenderTarget()
    renderer.getClearColor(this.savedClear)
    const savedAlpha = renderer.getClearAlpha()
    renderer.setRenderTarget(this.target)
    renderer.setClearColor(0x000000, 0)
    renderer.clear(true, true, false)
    renderer.render(this.scene, camera)

    // The target's framebuffer is still bound: read its one pixel into the pack buffer.
    if (!this.pbo) {
      this.pbo = gl.createBuffer()
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, this.pbo)
      gl.bufferData(gl.PIXEL_PACK_BUFFER, 4, gl.STREAM_READ)
    } else {
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, this.pbo)
    }
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, 0)
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null)
    this.fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0)
    gl.flush()

    renderer.setRenderTarget(previous)
    renderer.setClearColor(this.savedClear, savedAlpha)
    this.issueMs = performance.now() - t0
  }

  /**
   * The result of the pick in flight once the GPU has produced it: the agent index, or −1 when no
   * agent is within its threshold. null while there is nothing to collect yet.
   */
  poll(): number | null {
    const gl = this.gl
    if (!gl) return null
    if (this.readable) {
      const t0 = performance.now()
      this.readable = false
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, this.pbo)
      gl.getBufferSubData(gl.PIXEL_PACK_BUFFER, 0, this.pixel)
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null)
      this.readMs = performance.now() - t0
      return decodePickPixel(this.pixel)
    }
    if (!this.fence) return null
    // GOTCHA (Chrome): clientWaitSync, even with a zero timeout, and a getBufferSubData in the same
    // task that first sees the fence signalled are synchronous round trips to the GPU process
    // (tens of ms under SwiftShader). The cached sync status is free, and a read in a LATER task
    // comes from Chrome's readback shadow copy without a round trip: read on the next frame.
    if (gl.getSyncParameter(this.fence, gl.SYNC_STATUS) !== gl.SIGNALED) return null
    gl.deleteSync(this.fence)
    this.fence = null
    this.readable = true
    return null
  }

  dispose(): void {
    if (this.gl) {
      if (this.fence) this.gl.deleteSync(this.fence)
      if (this.pbo) this.gl.deleteBuffer(this.pbo)
    }
    this.fence = null
    this.readable = false
    this.pbo = null
    this.target.dispose()
  }
}
