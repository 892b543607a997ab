/**
 * The swarm camera as the UI sees it (PRODUCT.md §2 zoom buttons and readout, §5 zoom clamp, §9
 * steps). The scene's camera rig reads `camera` in useFrame and writes it on pan/zoom gestures; the
 * zoom buttons and the readout on the Swarm Core overlay call the actions below. `x`, `y` are the
 * pan: the offset (world units) of the canvas centre from the centre of the swarm's world; `zoom`
 * is screen pixels per world unit (1 = 100%). The math lives in src/scene/camera/camera.ts (pure,
 * no three.js: safe for the entry chunk).
 */
import { proxy } from 'valtio'
import {
  ZOOM_BUTTON_STEP,
  ZOOM_MAX,
  ZOOM_MIN,
  clampZoom,
  type CameraView,
} from '../scene/camera/camera'

export { ZOOM_MAX, ZOOM_MIN }

export type CameraState = CameraView

export const camera = proxy<CameraState>({ x: 0, y: 0, zoom: 1 })

/**
 * The agent the camera follows (null: none). The rig keeps it centred every frame, easing there
 * (and to `zoom` when set: 'zoom to agent') until the user pans or zooms, which calls stopFollow.
 */
export interface CameraFollow {
  agentId: string | null
  zoom: number | null
}

export const cameraFollow = proxy<CameraFollow>({ agentId: null, zoom: null })

/** Follow `agentId`; with `zoom`, also zoom to it. */
export function followAgent(agentId: string, zoom: number | null = null): void {
  cameraFollow.agentId = agentId
  cameraFollow.zoom = zoom === null ? null : clampZoom(zoom)
}

/** The user took the camera (pan, zoom, reset): following ends. */
export function stopFollow(): void {
  if (cameraFollow.agentId !== null) cameraFollow.agentId = null
  if (cameraFollow.zoom !== null) cameraFollow.zoom = null
}

export function setCamera(next: Partial<CameraState>): void {
  if (next.x !== undefined && Number.isFinite(next.x)) camera.x = next.x
  if (next.y !== undefined && Number.isFinite(next.y)) camera.y = next.y
  if (next.zoom !== undefined) camera.zoom = clampZoom(next.zoom)
}

/** Zoom button: +0.25 around the centre of the canvas. */
export function zoomIn(): void {
  stopFollow()
  camera.zoom = clampZoom(camera.zoom + ZOOM_BUTTON_STEP)
}

/** Zoom button: −0.25 around the centre of the canvas. */
export function zoomOut(): void {
  stopFollow()
  camera.zoom = clampZoom(camera.zoom - ZOOM_BUTTON_STEP)
}

/** Reset button: zoom 1, centred on the swarm's world. */
export function resetCamera(): void {
  stopFollow()
  camera.x = 0
  camera.y = 0
  camera.zoom = 1
}

/** The readout text, e.g. '125%'. */
export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`
}
