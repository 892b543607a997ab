/** Placement and animation maths of the agent hover card (PRODUCT.md §2). */

export const HOVER_CARD_MAX_WIDTH = 260
/** Gap between the pointer and the card. */
const HOVER_CARD_OFFSET = 14
/** Closest the card comes to a viewport edge. */
const HOVER_CARD_MARGIN = 8
/** PRODUCT.md §2: the energy figure eases to a new value over this long. */
export const ENERGY_ANIMATION_MS = 800

/**
 * Top-left corner of a `size` card for the screen point `at`: below-right of the pointer, flipped to
 * the other side when it would leave the viewport, then clamped inside it.
 */
export function placeHoverCard(
  at: { x: number; y: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  offset = HOVER_CARD_OFFSET,
  margin = HOVER_CARD_MARGIN,
): { left: number; top: number } {
  let left = at.x + offset
  if (left + size.width > viewport.width - margin) left = at.x - offset - size.width
  let top = at.y + offset
  if (top + size.height > viewport.height - margin) top = at.y - offset - size.height
  const clamp = (v: number, max: number) => Math.max(margin, Math.min(v, max))
  return {
    left: clamp(left, viewport.width - margin - size.width),
    top: clamp(top, viewport.height - margin - size.height),
  }
}

/** Ease-out cubic on 0..1. */
export function easeOutCubic(t: number): number {
  const c = Math.min(1, Math.max(0, t))
  return 1 - (1 - c) ** 3
}

/** The animated value `elapsed` ms into an ease-out from `from` to `to` lasting `duration` ms. */
export function easedValue(
  from: number,
  to: number,
  elapsed: number,
  duration = ENERGY_ANIMATION_MS,
): number {
  if (duration <= 0 || elapsed >= duration) return to
  return from + (to - from) * easeOutCubic(elapsed / duration)
}
