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

/**
 * Whether this frame is drawn: something changed (`needed`) or the animation clock runs
 * (`animating`: the sim is not paused); behind a dashboard (`dimmed`) only every DIMMED_FRAME_MS.
 * Positional arguments: called every frame, it allocates nothing.
 */
export function shouldDraw(
  needed: boolean,
  animating: boolean,
  dimmed: boolean,
  sinceLastDrawMs: number,
): boolean {
  if (!needed && !animating) return false
  return !dimmed || sinceLastDrawMs >= DIMMED_FRAME_MS
}
