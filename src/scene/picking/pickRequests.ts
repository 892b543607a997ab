/**
 * What the gesture handlers ask the picker for: the latest hover point (throttled) and a click/tap
 * waiting to be resolved. Plain mutable state shared by the rig (writer) and the frame driver
 * (reader); no React state, no allocation per request.
 */
import type { PointerKind } from '../camera/gestures'

/** Hover picks run at most this often while the pointer moves (ms). */
export const HOVER_PICK_INTERVAL_MS = 50
/** While the pointer rests over the canvas, re-pick this often: agents move under it (ms). */
export const HOVER_REFRESH_MS = 250

interface PickPoint {
  /** canvas CSS px (picking) */
  x: number
  y: number
  /** viewport CSS px (where the hover card goes) */
  clientX: number
  clientY: number
  kind: PointerKind
}

export interface PickRequests {
  /** a hover point is wanted (pointer over the canvas, no button down) */
  hoverActive: boolean
  /** the hover point moved since the last hover pick */
  hoverDirty: boolean
  hover: PickPoint
  lastHoverPickAt: number
  /** a click/tap is waiting to be picked */
  clickPending: boolean
  click: PickPoint
}

function point(): PickPoint {
  return { x: 0, y: 0, clientX: 0, clientY: 0, kind: 'mouse' }
}

export function createPickRequests(): PickRequests {
  return {
    hoverActive: false,
    hoverDirty: false,
    hover: point(),
    lastHoverPickAt: -Infinity,
    clickPending: false,
    click: point(),
  }
}

function setPoint(
  p: PickPoint,
  x: number,
  y: number,
  clientX: number,
  clientY: number,
  kind: PointerKind,
) {
  p.x = x
  p.y = y
  p.clientX = clientX
  p.clientY = clientY
  p.kind = kind
}

export function requestHover(
  r: PickRequests,
  x: number,
  y: number,
  clientX: number,
  clientY: number,
): void {
  setPoint(r.hover, x, y, clientX, clientY, 'mouse')
  r.hoverActive = true
  r.hoverDirty = true
}

export function cancelHover(r: PickRequests): void {
  r.hoverActive = false
  r.hoverDirty = false
}

export function requestClick(
  r: PickRequests,
  x: number,
  y: number,
  clientX: number,
  clientY: number,
  kind: PointerKind,
): void {
  setPoint(r.click, x, y, clientX, clientY, kind)
  r.clickPending = true
}

/** The hover pick is due at time `now` (ms). */
export function hoverDue(r: PickRequests, now: number): boolean {
  if (!r.hoverActive) return false
  const since = now - r.lastHoverPickAt
  return r.hoverDirty ? since >= HOVER_PICK_INTERVAL_MS : since >= HOVER_REFRESH_MS
}
