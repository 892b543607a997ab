/**
 * The view as every shader sees it: one set of uniform objects shared by all the scene's materials
 * and written once per frame by the camera rig. Shaders place world point p at
 * clip = (p − uCenter) · uScale; two multiply-adds a vertex where a projection × model-view product
 * would cost a mat4 multiply per vertex under software WebGL.
 */
import { Vector2 } from 'three'

export interface ViewUniforms {
  /** world point at the canvas centre */
  uCenter: { value: Vector2 }
  /** world → clip scale: (2·zoom / width, −2·zoom / height); the world's y grows downward */
  uScale: { value: Vector2 }
  /** canvas size in CSS px */
  uViewport: { value: Vector2 }
  /** CSS px per world unit */
  uZoom: { value: number }
}

/** A world rectangle (the visible part of the world, possibly grown by a margin). */
export interface ViewRect {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

/** Write into `out` the world rectangle the view shows, grown by `margin` world units. */
export function visibleRect(u: ViewUniforms, margin: number, out: ViewRect): ViewRect {
  const c = u.uCenter.value
  const halfW = u.uViewport.value.x / 2 / u.uZoom.value + margin
  const halfH = u.uViewport.value.y / 2 / u.uZoom.value + margin
  out.minX = c.x - halfW
  out.maxX = c.x + halfW
  out.minY = c.y - halfH
  out.maxY = c.y + halfH
  return out
}

export function createViewUniforms(): ViewUniforms {
  return {
    uCenter: { value: new Vector2(0, 0) },
    uScale: { value: new Vector2(2, -2) },
    uViewport: { value: new Vector2(1, 1) },
    uZoom: { value: 1 },
  }
}

/** Write the view for a canvas of width × height CSS px centred on world (cx, cy) at `zoom`. */
export function updateViewUniforms(
  u: ViewUniforms,
  cx: number,
  cy: number,
  zoom: number,
  width: number,
  height: number,
): void {
  const w = Math.max(1, width)
  const h = Math.max(1, height)
  u.uCenter.value.set(cx, cy)
  u.uScale.value.set((2 * zoom) / w, (-2 * zoom) / h)
  u.uViewport.value.set(w, h)
  u.uZoom.value = zoom
}
