/**
 * Pure camera math of the swarm view (tldraw-style kernels: data in, data out, no effects).
 *
 * A view is { x, y, zoom }: `x`, `y` are the pan, the offset in world units of the canvas centre
 * from the centre of the swarm's world; `zoom` is CSS pixels per world unit (1 = 100 %). Screen
 * points are CSS pixels from the canvas's top-left corner, y down; world y is also down (the sim's
 * world spans [0, width] × [0, height]).
 */

export const ZOOM_MIN = 0.5
export const ZOOM_MAX = 5
/** One wheel notch (PRODUCT.md §9). */
const ZOOM_WHEEL_STEP = 0.1
/** Zoom buttons (PRODUCT.md §9). */
export const ZOOM_BUTTON_STEP = 0.25
/** Wheel deltaY (pixel mode) of one mouse-wheel notch; platforms send 53, 100 or 120. */
const WHEEL_NOTCH_PX = 100
/** Pixel deltas below this are trackpad scrolling, not notches. */
const WHEEL_NOTCH_MIN_PX = 50
/** Line-mode deltaY of one notch (Firefox: 3 lines). */
const WHEEL_NOTCH_LINES = 3
/** Trackpad pinch (ctrl+wheel): zoom factor per deltaY pixel, exponential so in/out are symmetric. */
const PINCH_WHEEL_RATE = 0.01

export interface CameraView {
  x: number
  y: number
  zoom: number
}

/** The canvas (CSS px) and the world centre it is looking around. */
export interface ViewFrame {
  width: number
  height: number
  /** world point that a view of x = y = 0 puts at the canvas centre */
  originX: number
  originY: number
}

export interface Point {
  x: number
  y: number
}

/** Zoom clamped to 0.5–5, rounded to 1e-6 so repeated steps do not drift (0.25 × 4 = 1 exactly). */
export function clampZoom(zoom: number): number {
  if (Number.isNaN(zoom)) return 1
  const z = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom))
  return Math.round(z * 1e6) / 1e6
}

/** World point under a screen point. */
export function screenToWorld(view: CameraView, frame: ViewFrame, sx: number, sy: number): Point {
  return {
    x: frame.originX + view.x + (sx - frame.width / 2) / view.zoom,
    y: frame.originY + view.y + (sy - frame.height / 2) / view.zoom,
  }
}

/** Screen point of a world point. */
export function worldToScreen(view: CameraView, frame: ViewFrame, wx: number, wy: number): Point {
  return {
    x: (wx - frame.originX - view.x) * view.zoom + frame.width / 2,
    y: (wy - frame.originY - view.y) * view.zoom + frame.height / 2,
  }
}

/** Pan by a screen-space drag of (dx, dy) CSS px: the world follows the pointer. */
export function panBy(view: CameraView, dx: number, dy: number): CameraView {
  return { x: view.x - dx / view.zoom, y: view.y - dy / view.zoom, zoom: view.zoom }
}

/**
 * Zoom to `zoom` (clamped) keeping the world point under the screen point (sx, sy) where it is:
 * zooming toward the cursor.
 */
export function zoomAt(
  view: CameraView,
  frame: ViewFrame,
  sx: number,
  sy: number,
  zoom: number,
): CameraView {
  const z = clampZoom(zoom)
  const w = screenToWorld(view, frame, sx, sy)
  return {
    x: w.x - frame.originX - (sx - frame.width / 2) / z,
    y: w.y - frame.originY - (sy - frame.height / 2) / z,
    zoom: z,
  }
}

/**
 * The zoom after one wheel event. A plain wheel moves 0.1 per notch: a mouse notch is one event of
 * 50–120 px (by platform) or one line-mode tick of 1–3 lines; GOTCHA: Chrome coalesces the events
 * of a fast spin while the main thread is busy, so bigger deltas count as several notches. Smaller
 * pixel deltas (trackpad two-finger scroll) zoom proportionally. ctrl+wheel is Chrome's trackpad
 * pinch and zooms exponentially. Not clamped.
 */
export function wheelZoom(
  zoom: number,
  deltaY: number,
  deltaMode: number,
  ctrlKey: boolean,
): number {
  if (!Number.isFinite(deltaY) || deltaY === 0) return zoom
  if (ctrlKey) {
    const px = deltaMode === 1 ? deltaY * 20 : deltaMode === 2 ? deltaY * 400 : deltaY
    return zoom * Math.exp(-Math.max(-100, Math.min(100, px)) * PINCH_WHEEL_RATE)
  }
  return zoom - wheelNotches(deltaY, deltaMode) * ZOOM_WHEEL_STEP
}

/** Wheel notches in one event (signed; fractional for small trackpad deltas). */
function wheelNotches(deltaY: number, deltaMode: number): number {
  const size = Math.abs(deltaY)
  if (deltaMode === 2) return deltaY
  if (deltaMode === 1) return Math.sign(deltaY) * Math.max(1, Math.round(size / WHEEL_NOTCH_LINES))
  if (size < WHEEL_NOTCH_MIN_PX) return deltaY / WHEEL_NOTCH_PX
  return Math.sign(deltaY) * Math.max(1, Math.round(size / WHEEL_NOTCH_PX))
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y)
}

/**
 * Two-finger pinch from touch points `from` to `to`: zoom by the ratio of finger distances (clamped)
 * around the fingers' midpoint, and pan so the world point under the old midpoint follows the new one.
 */
export function pinch(
  view: CameraView,
  frame: ViewFrame,
  from: readonly [Point, Point],
  to: readonly [Point, Point],
): CameraView {
  const d0 = distance(from[0], from[1])
  const d1 = distance(to[0], to[1])
  const z = clampZoom(d0 > 1e-6 && d1 > 1e-6 ? (view.zoom * d1) / d0 : view.zoom)
  const m0x = (from[0].x + from[1].x) / 2
  const m0y = (from[0].y + from[1].y) / 2
  const m1x = (to[0].x + to[1].x) / 2
  const m1y = (to[0].y + to[1].y) / 2
  const w = screenToWorld(view, frame, m0x, m0y)
  return {
    x: w.x - frame.originX - (m1x - frame.width / 2) / z,
    y: w.y - frame.originY - (m1y - frame.height / 2) / z,
    zoom: z,
  }
}

/** Follow: the pan closes this fraction of its gap to the agent per second, exponentially. */
const FOLLOW_RATE_PER_S = 6
/** 'Zoom to agent' zoom (× 1 = 100 %). */
export const FOLLOW_ZOOM = 3
/** Double-tap zooms in by this factor around the tap. */
const DOUBLE_TAP_ZOOM_FACTOR = 2
/** Below this gap (world units and zoom) a follow has arrived and stops writing the camera. */
export const FOLLOW_SETTLED = 1e-3

/** The pan that puts world point (wx, wy) at the canvas centre. */
export function centreOn(frame: ViewFrame, wx: number, wy: number): Point {
  return { x: wx - frame.originX, y: wy - frame.originY }
}

/**
 * One frame of following the agent now at world (wx, wy), last frame at (prevX, prevY) (NaN: no
 * last frame). The view first moves with the agent (so a moving agent does not trail behind), then
 * closes 1 − e^(−rate·dt) of the remaining gap to centring it (and to `zoom`, when given): smooth,
 * frame-rate independent, never overshooting. Returns `view` itself once nothing is left to do.
 */
export function followStep(
  view: CameraView,
  frame: ViewFrame,
  wx: number,
  wy: number,
  prevX: number,
  prevY: number,
  zoom: number | null,
  dtS: number,
  rate = FOLLOW_RATE_PER_S,
): CameraView {
  const mx = Number.isFinite(prevX) ? wx - prevX : 0
  const my = Number.isFinite(prevY) ? wy - prevY : 0
  const x0 = view.x + mx
  const y0 = view.y + my
  const goal = centreOn(frame, wx, wy)
  const z = zoom === null ? view.zoom : clampZoom(zoom)
  const gap = Math.max(Math.abs(goal.x - x0), Math.abs(goal.y - y0), Math.abs(z - view.zoom))
  if (!(gap > FOLLOW_SETTLED)) {
    return mx === 0 && my === 0 && z === view.zoom ? view : { x: goal.x, y: goal.y, zoom: z }
  }
  const k = 1 - Math.exp(-rate * Math.max(0, Math.min(dtS, 0.25)))
  const near = gap * (1 - k) <= FOLLOW_SETTLED
  return {
    x: near ? goal.x : x0 + (goal.x - x0) * k,
    y: near ? goal.y : y0 + (goal.y - y0) * k,
    zoom: near ? z : view.zoom + (z - view.zoom) * k,
  }
}

/** The view after a double-tap at screen point (sx, sy): zoomed in ×2 around it (clamped). */
export function doubleTapZoom(
  view: CameraView,
  frame: ViewFrame,
  sx: number,
  sy: number,
): CameraView {
  return zoomAt(view, frame, sx, sy, view.zoom * DOUBLE_TAP_ZOOM_FACTOR)
}
