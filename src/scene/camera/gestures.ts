/**
 * Pure rules of the pointer gestures on the swarm canvas (PRODUCT.md §2, §9): what counts as a
 * click or tap, what counts as a drag, and the agent selection threshold.
 */

/**
 * PRODUCT.md §9 click window: a press counts as a click or tap only when released within this many
 * ms.
 */
export const CLICK_WINDOW_MS = 200
/** Movement (CSS px) beyond which a press becomes a drag; a drag never selects. */
const DRAG_SLOP_MOUSE_PX = 4
/** Fingers jitter more than a mouse. */
const DRAG_SLOP_TOUCH_PX = 10

export type PointerKind = 'mouse' | 'touch'

/** 'touch' for touch and pen contacts (coarse pointers), else 'mouse'. */
export function pointerKind(pointerType: string): PointerKind {
  return pointerType === 'touch' || pointerType === 'pen' ? 'touch' : 'mouse'
}

function dragSlop(kind: PointerKind): number {
  return kind === 'touch' ? DRAG_SLOP_TOUCH_PX : DRAG_SLOP_MOUSE_PX
}

/** True when a press has moved far enough from where it started to be a drag. */
export function isDrag(kind: PointerKind, movedPx: number): boolean {
  return movedPx > dragSlop(kind)
}

/**
 * True when a press released after `durationMs` having travelled at most `maxMovedPx` from its start
 * is a click/tap: within the 200 ms window and never a drag.
 */
export function isClick(kind: PointerKind, durationMs: number, maxMovedPx: number): boolean {
  return durationMs >= 0 && durationMs <= CLICK_WINDOW_MS && !isDrag(kind, maxMovedPx)
}

/**
 * PRODUCT.md §2 selection threshold in CSS px around an agent's centre: mouse max(size × 5, 15),
 * touch max(size × 8, 25). Mirrored by public/shaders/picking.vert.glsl.
 */
export function pickThreshold(size: number, kind: PointerKind): number {
  return kind === 'touch' ? Math.max(size * 8, 25) : Math.max(size * 5, 15)
}

/** Two taps within this many ms … */
export const DOUBLE_TAP_MS = 300
/** … and this many CSS px of each other are a double-tap. */
const DOUBLE_TAP_SLOP_PX = 30

export interface Tap {
  x: number
  y: number
  at: number
}

/** True when `tap` follows `previous` closely enough in time and place to be its double-tap. */
export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  if (!previous) return false
  const dt = tap.at - previous.at
  return (
    dt >= 0 &&
    dt <= DOUBLE_TAP_MS &&
    Math.hypot(tap.x - previous.x, tap.y - previous.y) <= DOUBLE_TAP_SLOP_PX
  )
}
