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

/** A Float32Array of at least `n` items: `data` when large enough, else a new one. */
function atLeast(data: Float32Array | null, n: number): Float32Array {
  return data && data.length >= n ? data : new Float32Array(Math.max(n, 3))
}

/**
 * Pack the agents listed in `subset` (its first `m` entries) into `data` (grown when too small):
 * [x × m, y × m, size × m]. Returns the array to send (length 3·m); a picked item k is agent subset[k].
 */
export function packPickSubset(
  data: Float32Array | null,
  subset: Uint32Array,
  m: number,
  x: Float32Array,
  y: Float32Array,
  size: Float32Array,
): Float32Array {
  const out = atLeast(data, 3 * m)
  for (let k = 0; k < m; k++) {
    const i = subset[k]!
    out[k] = x[i]!
    out[m + k] = y[i]!
    out[2 * m + k] = size[i]!
  }
  return out.length === 3 * m ? out : out.subarray(0, 3 * m)
}

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
  const out = atLeast(data, 3 * count)
  out.set(x.subarray(0, count), 0)
  out.set(y.subarray(0, count), count)
  out.set(size.subarray(0, count), 2 * count)
  return out.length === 3 * count ? out : out.subarray(0, 3 * count)
}
