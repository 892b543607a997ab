/**
 * Which grid lines are visible (PRODUCT.md §9: spacing 10 and 50 world units). The grid is drawn as
 * one instanced draw of the visible lines only, so its cost depends on the canvas, not the world
 * size.
 */

export const GRID_STEP = 10
export const GRID_MAJOR_STEP = 50

export interface GridLayout {
  /** visible world rectangle */
  minX: number
  minY: number
  maxX: number
  maxY: number
  /** world x of the first vertical line and y of the first horizontal line */
  firstX: number
  firstY: number
  countX: number
  countY: number
  /** opacity factor of the fine lines: they fade when their spacing gets small on screen */
  fineFade: number
}

export function emptyGridLayout(): GridLayout {
  return {
    minX: 0,
    minY: 0,
    maxX: 0,
    maxY: 0,
    firstX: 0,
    firstY: 0,
    countX: 0,
    countY: 0,
    fineFade: 1,
  }
}

/**
 * Fill `out` for a canvas of width × height CSS px looking at world point (centreX, centreY) at
 * `zoom` CSS px per unit. Writes into `out` (called every frame; allocates nothing).
 */
export function layoutGrid(
  out: GridLayout,
  centreX: number,
  centreY: number,
  zoom: number,
  width: number,
  height: number,
  step = GRID_STEP,
): GridLayout {
  const halfW = width / 2 / zoom
  const halfH = height / 2 / zoom
  out.minX = centreX - halfW
  out.maxX = centreX + halfW
  out.minY = centreY - halfH
  out.maxY = centreY + halfH
  // `+ 0` turns a -0 into 0
  out.firstX = Math.ceil(out.minX / step) * step + 0
  out.firstY = Math.ceil(out.minY / step) * step + 0
  out.countX = Math.max(0, Math.floor((out.maxX - out.firstX) / step) + 1)
  out.countY = Math.max(0, Math.floor((out.maxY - out.firstY) / step) + 1)
  const spacingPx = step * zoom
  out.fineFade = Math.min(1, Math.max(0.3, (spacingPx - 2) / 8))
  return out
}
