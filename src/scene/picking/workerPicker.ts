/**
 * GPU picking in a worker (pickWorker.ts): the main thread only packs the agents' x/y/size into a
 * reused buffer and posts it (transferred, handed back with the result), so a pick costs the main
 * thread a memcpy whatever the GPU is doing. The same picking shaders, threshold and depth rule
 * as the main-thread picker (gpuPicker.ts), which remains the fallback.
 */
import type { PointerKind } from '../camera/gestures'
import { PICK_MAX_DEPTH_PX } from '../materials'
import type { PickContext, Picker } from './picker'
import {
  packPickData,
  packPickSubset,
  type PickWorkerRequest,
  type PickWorkerResponse,
} from './pickProtocol'

export class WorkerPicker implements Picker {
  issueMs = 0
  readMs = 0
  private readonly worker: Worker
  private ready = false
  private seq = 0
  private pending: number | null = null
  private result: number | null = null
  private spare: Float32Array | null = null
  /** agent index of each packed item of the pick in flight (null: item k is agent k) */
  private mapping: Uint32Array | null = null
  private mapped = false

  /** `onFail` runs once if the worker cannot pick (no WebGL2 in workers, shader error). */
  constructor(vertex: string, fragment: string, onFail: (message: string) => void) {
    this.worker = new Worker(new URL('./pickWorker.ts', import.meta.url), {
      type: 'module',
      name: 'picking',
    })
    this.worker.onmessage = (e: MessageEvent<PickWorkerResponse>) => {
      const t0 = performance.now()
      const m = e.data
      if (m.type === 'ready') this.ready = true
      else if (m.type === 'error') onFail(m.message)
      else if (m.seq === this.pending) {
        this.pending = null
        this.result = m.index >= 0 && this.mapped ? (this.mapping![m.index] ?? -1) : m.index
        this.spare = new Float32Array(m.data.buffer)
      }
      this.readMs = performance.now() - t0
    }
    this.worker.onerror = (e) => onFail(e.message || 'picking worker failed')
    const init: PickWorkerRequest = { type: 'init', vertex, fragment }
    this.worker.postMessage(init)
  }

  get busy(): boolean {
    return !this.ready || this.pending !== null || this.result !== null
  }

  issue(ctx: PickContext, x: number, y: number, kind: PointerKind): void {
    const t0 = performance.now()
    const b = ctx.buffers
    const v = ctx.view
    let data: Float32Array
    let count: number
    if (ctx.subset) {
      // only the submitted agents (the view and a press's reach): a few hundred of a huge world
      count = ctx.subsetCount
      data = packPickSubset(this.spare, ctx.subset, count, b.x, b.y, b.size)
      if (!this.mapping || this.mapping.length < count)
        this.mapping = new Uint32Array(Math.max(count, 1024))
      this.mapping.set(ctx.subset.subarray(0, count))
      this.mapped = true
    } else {
      count = b.count
      data = packPickData(this.spare, count, b.x, b.y, b.size)
      this.mapped = false
    }
    this.spare = null
    const msg: PickWorkerRequest = {
      type: 'pick',
      seq: ++this.seq,
      x,
      y,
      touch: kind === 'touch',
      centerX: v.uCenter.value.x,
      centerY: v.uCenter.value.y,
      zoom: v.uZoom.value,
      width: v.uViewport.value.x,
      height: v.uViewport.value.y,
      maxDepthPx: PICK_MAX_DEPTH_PX,
      count,
      data,
    }
    this.worker.postMessage(msg, [data.buffer])
    this.pending = this.seq
    this.issueMs = performance.now() - t0
  }

  poll(): number | null {
    const r = this.result
    this.result = null
    return r
  }

  /** The worker compiles at start-up; nothing to warm here. */
  prime(): boolean {
    return false
  }

  dispose(): void {
    this.worker.terminate()
  }
}
