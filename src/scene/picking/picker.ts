/** What the frame driver needs from a GPU picker (gpuPicker.ts on the main thread, workerPicker.ts off it). */
import type { BufferGeometry, Camera, WebGLRenderer } from 'three'
import type { AgentBuffers } from '../../sim'
import type { PointerKind } from '../camera/gestures'
import type { ViewUniforms } from '../viewUniforms'

/** The frame's state a pick is taken from; one object, refreshed every frame. */
export interface PickContext {
  renderer: WebGLRenderer
  camera: Camera
  /** the agents' geometry as drawn this frame */
  geometry: BufferGeometry
  buffers: AgentBuffers
  view: ViewUniforms
  /** when only some agents are submitted ('points' culling): their indices, the first `subsetCount` */
  subset: Uint32Array | null
  subsetCount: number
}

export interface Picker {
  /** a pick is in flight (or the picker is still starting): do not issue another */
  readonly busy: boolean
  /** main-thread ms of the last issue() and of the last collected result */
  issueMs: number
  readMs: number
  /** Start picking at canvas CSS px (x, y) with the threshold of `kind`. */
  issue(ctx: PickContext, x: number, y: number, kind: PointerKind): void
  /** The finished pick's agent index (−1: none), once; null while nothing is ready. */
  poll(): number | null
  /** Warm up the first-use costs; true when a throwaway pick is now in flight (ignore its result). */
  prime(ctx: PickContext): boolean
  dispose(): void
}
