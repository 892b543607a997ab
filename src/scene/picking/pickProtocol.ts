/** Messages between the scene and the picking worker (pickWorker.ts). */

export type PickWorkerRequest =
  /** compile the picking shaders (sources as the shader loader prepared them) */
  | { type: 'init'; vertex: string; fragment: string }
  | {
      type: 'pick'
      seq: number
      /** pointer, canvas CSS px */
      x: number
      y: number
      touch: boolean
      /** the view: world point at the canvas centre, CSS px per unit, canvas CSS px */
      centerX: number
      centerY: number
      zoom: number
      width: number
      height: number
      maxDepthPx: number
      count: number
      /** [x × count, y × count, size × count], transferred */
      data: Float32Array
    }

export type PickWorkerResponse =
  | { type: 'ready' }
  /** index: the nearest agent within its threshold, or −1; data: the transferred array, returned */
  | { type: 'result'; seq: number; index: number; data: Float32Array }
  | { type: 'error'; message: string }

/**
 * Pack the first `count` agents' x, y and size into `data` (grown when too small) for a pick
 * message. Returns the array to send (length 3·count).
 */
export function packPickData(
  data: Float32Array | null,
  count: number,
  x: Float32Array,
  y: Float32Array,
  size: Float32Array,
): Float32Array {
  const out = data && data.length >= 3 * count ? data : new Float32Array(Math.max(3 * count, 3))
  out.set(x.subarray(0, count), 0)
  out.set(y.subarray(0, count), count)
  out.set(size.subarray(0, count), 2 * count)
  return out.length === 3 * count ? out : out.subarray(0, 3 * count)
}
