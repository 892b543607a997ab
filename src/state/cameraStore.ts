/**
 * The swarm camera as the UI sees it (SPEC §2 zoom buttons and readout, §5 zoom clamp, §9 steps).
 * The scene's camera rig reads `camera` in useFrame and writes it on pan/zoom gestures; the zoom
 * buttons and the readout on the Swarm Core overlay call the actions below. `x`, `y` are the pan: the offset
 * (world units) of the canvas centre from the centre of the swarm's world; `zoom` is screen pixels per world unit (1 = 100%).
 */
import { proxy } from 'valtio'

export const ZOOM_MIN = 0.5
export const ZOOM_MAX = 5
/** zoom buttons (§9) */
export const ZOOM_BUTTON_STEP = 0.25
/** one wheel notch (§9) */
export const ZOOM_WHEEL_STEP = 0.1

export interface CameraState {
  x: number
  y: number
  zoom: number
}

export const camera = proxy<CameraState>({ x: 0, y: 0, zoom: 1 })

/** Zoom clamped to 0.5–5, rounded to 1e-6 so repeated steps do not drift (0.25 × 4 = 1 exactly). */
export function clampZoom(zoom: number): number {
  const z = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom))
  return Math.round(z * 1e6) / 1e6
}

export function setCamera(next: Partial<CameraState>): void {
  if (next.x !== undefined) camera.x = next.x
  if (next.y !== undefined) camera.y = next.y
  if (next.zoom !== undefined) camera.zoom = clampZoom(next.zoom)
}

/** Zoom button: +0.25 around the centre of the canvas. */
export function zoomIn(): void {
  camera.zoom = clampZoom(camera.zoom + ZOOM_BUTTON_STEP)
}

/** Zoom button: −0.25 around the centre of the canvas. */
export function zoomOut(): void {
  camera.zoom = clampZoom(camera.zoom - ZOOM_BUTTON_STEP)
}

/** Reset button: zoom 1, centred on the swarm's world. */
export function resetCamera(): void {
  camera.x = 0
  camera.y = 0
  camera.zoom = 1
}

/** The readout text, e.g. '125%'. */
export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`
}
