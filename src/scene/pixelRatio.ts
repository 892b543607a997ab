/**
 * Adaptive pixel ratio (docs/PERFORMANCE.md, the swarm off the main thread): drei's
 * PerformanceMonitor moves a quality factor between 0 and 1 as frames drop or recover; the canvas
 * renders at 1 + (max − 1) × factor device pixels per CSS pixel, in steps of 0.25 so small swings
 * do not resize the drawing buffer every second. Never below 1: a tablet that cannot hold its
 * refresh rate at DPR 2 trades sharpness for frames, and a DPR-1 screen has nothing to trade.
 */

/** The most a canvas renders at: the device's ratio, capped at 2 (the canvas `dpr` range). */
const MAX_PIXEL_RATIO = 2

/** Pixel ratio for a monitor `factor` (0–1) on a device whose ratio is `deviceRatio`. */
export function pixelRatioFor(factor: number, deviceRatio: number): number {
  const max = Math.min(MAX_PIXEL_RATIO, Math.max(1, deviceRatio || 1))
  const f = Math.min(1, Math.max(0, Number.isFinite(factor) ? factor : 1))
  return Math.max(1, Math.min(max, Math.round((1 + (max - 1) * f) * 4) / 4))
}

/** Frame-rate band (fps) below which quality declines and above which it recovers. */
export function frameRateBounds(refreshRate: number): [number, number] {
  return refreshRate > 100
    ? [Math.round(refreshRate * 0.75), Math.round(refreshRate * 0.95)]
    : [45, 57]
}
