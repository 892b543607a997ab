/**
 * The picking pixel (picking.frag.glsl): agent index + 1 in little-endian RGB, alpha 255; a pixel
 * with alpha 0 was only cleared (no agent within its threshold).
 */

/** Agent index held by an RGBA picking pixel, or −1 for none. */
export function decodePickPixel(px: ArrayLike<number>): number {
  if ((px[3] ?? 0) === 0) return -1
  return ((px[0] ?? 0) | ((px[1] ?? 0) << 8) | ((px[2] ?? 0) << 16)) - 1
}

/** The pixel picking.frag.glsl writes for agent `index` (tests). */
export function encodePickPixel(index: number): [number, number, number, number] {
  const id = index + 1
  return [id & 255, (id >> 8) & 255, (id >> 16) & 255, 255]
}
