/**
 * Draw only frames that differ. The layers raise `needed` when they queued an upload or the view
 * moved; the pulse animation needs every frame while the sim runs. Behind a dashboard (dimmed) the
 * swarm is drawn at most 15 times a second: it is decoration there, and software WebGL would
 * otherwise spend the CPU the page needs.
 */
export const DIMMED_FRAME_MS = 1000 / 15

export interface Redraw {
  needed: boolean
}

export function createRedraw(): Redraw {
  return { needed: true }
}

/** Whether this frame is drawn. */
export function shouldDraw(s: {
  needed: boolean
  /** the animation clock runs (the sim is not paused) */
  animating: boolean
  dimmed: boolean
  sinceLastDrawMs: number
}): boolean {
  if (!s.needed && !s.animating) return false
  return !s.dimmed || s.sinceLastDrawMs >= DIMMED_FRAME_MS
}
