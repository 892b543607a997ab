/**
 * Pure core of the overview minimap (docs/PRODUCT.md "Swarm Core (/), the main view": exploring the
 * swarm; docs/ARCHITECTURE.md "Exploring the swarm"): where a world point lies on the map and back,
 * the current view as a rectangle on it, the camera a press or a key asks for, and the heat image's
 * colours from the census grid. No DOM, no store: Minimap.tsx wires these to the page.
 */
import { FAILING_COLOR } from '../../sim'
import type { CensusGrid } from '../../sim/census'
import type { World } from '../../sim'
import type { CameraView, Point } from '../../scene/camera/camera'

/** A size in CSS px (the map on the page, or the canvas). */
export interface Size {
  width: number
  height: number
}

/** A rectangle in map CSS px from the map's top-left corner. */
export interface MapRect {
  left: number
  top: number
  width: number
  height: number
}

/** The view rectangle is never drawn smaller than this (CSS px), so it stays visible at zoom 5. */
export const VIEW_RECT_MIN_PX = 4

/** The map's CSS size for `world`: `maxWidth` wide, shorter if taller than `maxHeight`. */
export function mapSize(world: World, maxWidth: number, maxHeight: number): Size {
  const w = Math.max(world.width, 1)
  const h = Math.max(world.height, 1)
  const scale = Math.min(maxWidth / w, maxHeight / h)
  return { width: Math.round(w * scale), height: Math.round(h * scale) }
}

/** The world point under map point (px, py), clamped to the world. */
export function mapToWorld(map: Size, world: World, px: number, py: number): Point {
  const fx = Math.min(1, Math.max(0, px / Math.max(map.width, 1)))
  const fy = Math.min(1, Math.max(0, py / Math.max(map.height, 1)))
  return { x: fx * world.width, y: fy * world.height }
}

/** The map point of world point (wx, wy) (not clamped). */
export function worldToMap(map: Size, world: World, wx: number, wy: number): Point {
  return {
    x: (wx / Math.max(world.width, 1)) * map.width,
    y: (wy / Math.max(world.height, 1)) * map.height,
  }
}

/** The camera pan (offset from the world's centre) that centres the view on map point (px, py). */
export function panForMapPoint(map: Size, world: World, px: number, py: number): Point {
  const p = mapToWorld(map, world, px, py)
  return { x: p.x - world.width / 2, y: p.y - world.height / 2 }
}

/**
 * The part of the world the camera shows, as a rectangle on the map, clipped to the map (the view
 * can be larger than the world, or off to one side) and at least VIEW_RECT_MIN_PX on each side.
 */
export function viewRect(view: CameraView, canvas: Size, world: World, map: Size): MapRect {
  const zoom = view.zoom > 0 ? view.zoom : 1
  const cx = world.width / 2 + view.x
  const cy = world.height / 2 + view.y
  const a = worldToMap(map, world, cx - canvas.width / 2 / zoom, cy - canvas.height / 2 / zoom)
  const b = worldToMap(map, world, cx + canvas.width / 2 / zoom, cy + canvas.height / 2 / zoom)
  const [left, width] = clipSpan(a.x, b.x, map.width)
  const [top, height] = clipSpan(a.y, b.y, map.height)
  return { left, top, width, height }
}

/** [start, length] of the span from..to clipped to [0, size], at least VIEW_RECT_MIN_PX long. */
function clipSpan(from: number, to: number, size: number): [number, number] {
  const min = Math.min(VIEW_RECT_MIN_PX, size)
  const lo = Math.max(0, Math.min(size, from))
  const hi = Math.max(0, Math.min(size, to))
  if (hi - lo >= min) return [lo, hi - lo]
  const mid = Math.max(min / 2, Math.min(size - min / 2, (lo + hi) / 2))
  return [mid - min / 2, min]
}

/** Arrow keys move the view by this fraction of the world's longer side (Shift: 4×). */
const MAP_KEY_STEP = 1 / 32

/**
 * The pan after key `key` on the map (arrows move, Home recentres on the world), or null when the
 * key does nothing. The new centre stays within the world.
 */
export function panForKey(
  key: string,
  shift: boolean,
  view: CameraView,
  world: World,
): Point | null {
  if (key === 'Home') return { x: 0, y: 0 }
  const d: Record<string, [number, number]> = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  }
  const dir = d[key]
  if (!dir) return null
  const step = Math.max(world.width, world.height) * MAP_KEY_STEP * (shift ? 4 : 1)
  const hw = world.width / 2
  const hh = world.height / 2
  return {
    x: Math.max(-hw, Math.min(hw, view.x + dir[0] * step)),
    y: Math.max(-hh, Math.min(hh, view.y + dir[1] * step)),
  }
}

/**
 * Heat ramp of the density (0xRRGGBB at t = 0, 0.6, 1): deep blue → blue → pale blue. Its top stays
 * well below white and off the accent teal, so a dense uniform swarm (1,000,000 agents fill every
 * cell) still leaves the accent view rectangle and the failing red plain to see.
 */
const RAMP: readonly [number, number][] = [
  [0, 0x123a66],
  [0.6, 0x2f78c8],
  [1, 0x8cc4ff],
]
/** The dimmest a cell with one agent is drawn (fraction of the ramp), so a lone agent shows. */
const MIN_HEAT = 0.3
/** Where a cell of the mean density sits on the ramp. */
const MEAN_HEAT = 0.55
/** Cells with no matching agent under a filter: this fraction of their colour and opacity. */
export const DIM_FACTOR = 0.3

function rgbOf(c: number): [number, number, number] {
  return [(c >> 16) & 255, (c >> 8) & 255, c & 255]
}

/** The ramp at t ∈ [0, 1] (exact). */
function rampAt(t: number): [number, number, number] {
  for (let i = 1; i < RAMP.length; i++) {
    const [t1, c1] = RAMP[i]!
    if (t <= t1) {
      const [t0, c0] = RAMP[i - 1]!
      const k = (t - t0) / (t1 - t0)
      const a = rgbOf(c0)
      const b = rgbOf(c1)
      return [0, 1, 2].map((j) => Math.round(a[j]! + (b[j]! - a[j]!) * k)) as [
        number,
        number,
        number,
      ]
    }
  }
  return rgbOf(RAMP[RAMP.length - 1]![1])
}

/** The ramp in 256 steps (RGB triples), built on first use: paintHeat looks colours up. */
let rampTable: Uint8Array | null = null
function ramp(): Uint8Array {
  if (rampTable) return rampTable
  rampTable = new Uint8Array(256 * 3)
  for (let k = 0; k < 256; k++) rampTable.set(rampAt(k / 255), k * 3)
  return rampTable
}

/** Index into the ramp table of t ∈ [0, 1]. */
function rampIndex(t: number): number {
  return Math.round(Math.max(0, Math.min(1, t)) * 255) * 3
}

/** The ramp colour at t ∈ [0, 1] (in 256 steps, as the map draws it). */
export function rampColor(t: number): [number, number, number] {
  const table = ramp()
  const k = rampIndex(t)
  return [table[k]!, table[k + 1]!, table[k + 2]!]
}

/**
 * Heat of a cell with `n` agents, on a log scale around the mean of the occupied cells: the mean sits
 * at MEAN_HEAT, the fullest cell at 1, a cell of one agent at MIN_HEAT or above. So a lone agent is
 * visible and a dense swarm (1,000,000 agents: ~100 in every cell) does not turn the whole map to
 * the top of the ramp; its denser and sparser parts still show. 0 if empty.
 */
export function heat(n: number, mean: number, max: number): number {
  if (n <= 0) return 0
  if (n <= mean) {
    if (mean <= 1) return MEAN_HEAT
    return MIN_HEAT + (MEAN_HEAT - MIN_HEAT) * (Math.log(n) / Math.log(mean))
  }
  if (max <= mean) return MEAN_HEAT
  return Math.min(1, MEAN_HEAT + (1 - MEAN_HEAT) * (Math.log(n / mean) / Math.log(max / mean)))
}

/** Mean and max of the non-zero counts. */
function occupied(counts: Uint32Array, cells: number): { mean: number; max: number } {
  let max = 0
  let sum = 0
  let n = 0
  for (let i = 0; i < cells; i++) {
    const c = counts[i]!
    if (c === 0) continue
    if (c > max) max = c
    sum += c
    n++
  }
  return { mean: n > 0 ? sum / n : 0, max }
}

const FAILING_RGB = rgbOf(FAILING_COLOR)

/**
 * Paint the census grid into `out` (RGBA, cols × rows × 4, row-major like the grid): density on the
 * heat ramp, cells with failing agents in the failing red, and with a filter on the matching density
 * bright and cells with no match dim. Empty cells are transparent.
 */
export function paintHeat(grid: CensusGrid, filterOn: boolean, out: Uint8ClampedArray): void {
  const { all, failing, matching } = grid
  const cells = grid.cols * grid.rows
  const counts = filterOn ? matching : all
  const lit = occupied(counts, cells)
  const dim = filterOn ? occupied(all, cells) : lit
  const table = ramp()
  for (let i = 0; i < cells; i++) {
    const o = i * 4
    const n = all[i]!
    if (n === 0) {
      out[o] = out[o + 1] = out[o + 2] = out[o + 3] = 0
      continue
    }
    const bright = !filterOn || matching[i]! > 0
    const t = bright ? heat(counts[i]!, lit.mean, lit.max) : heat(n, dim.mean, dim.max)
    const k = rampIndex(t)
    const fail = failing[i]! > 0
    let r = fail ? FAILING_RGB[0] : table[k]!
    let g = fail ? FAILING_RGB[1] : table[k + 1]!
    let b = fail ? FAILING_RGB[2] : table[k + 2]!
    let alpha = 255
    if (!bright) {
      r = Math.round(r * DIM_FACTOR)
      g = Math.round(g * DIM_FACTOR)
      b = Math.round(b * DIM_FACTOR)
      alpha = Math.round(255 * 0.6)
    }
    out[o] = r
    out[o + 1] = g
    out[o + 2] = b
    out[o + 3] = alpha
  }
  haloAgents(grid, out)
  haloFailing(grid, out)
}

/** Opacity of the soft edge an empty cell takes from an occupied neighbour. */
const EDGE_ALPHA = 110

/**
 * A cell is ~1.6 CSS px on the map, so a lone agent would be a speck: each empty cell next to an
 * occupied one takes the fullest neighbour's colour, faintly. Dense swarms have few empty cells and
 * look the same; sparse ones read as soft blots.
 */
function haloAgents(grid: CensusGrid, out: Uint8ClampedArray): void {
  const { cols, rows, all } = grid
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const i = col + row * cols
      if (all[i]! > 0) continue
      let best = -1
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const c = col + dx
          const r = row + dy
          if (c < 0 || r < 0 || c >= cols || r >= rows) continue
          const n = c + r * cols
          if (all[n]! > 0 && (best < 0 || all[n]! > all[best]!)) best = n
        }
      }
      if (best < 0) continue
      out[i * 4] = out[best * 4]!
      out[i * 4 + 1] = out[best * 4 + 1]!
      out[i * 4 + 2] = out[best * 4 + 2]!
      out[i * 4 + 3] = Math.min(EDGE_ALPHA, out[best * 4 + 3]!)
    }
  }
}

/** Opacity of the halo around a failing cell. */
const HALO_ALPHA = 170

/**
 * A cell is ~1.6 CSS px on the map: one failing agent alone would be a speck. Each failing cell's
 * eight neighbours (those without failing agents of their own) take its red, a little transparent,
 * so a failure reads as a small red blot at any swarm size.
 */
function haloFailing(grid: CensusGrid, out: Uint8ClampedArray): void {
  const { cols, rows, failing } = grid
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const i = col + row * cols
      if (failing[i] === 0) continue
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const c = col + dx
          const r = row + dy
          if (c < 0 || r < 0 || c >= cols || r >= rows) continue
          const n = c + r * cols
          if (failing[n]! > 0) continue
          out[n * 4] = out[i * 4]!
          out[n * 4 + 1] = out[i * 4 + 1]!
          out[n * 4 + 2] = out[i * 4 + 2]!
          out[n * 4 + 3] = Math.min(HALO_ALPHA, out[i * 4 + 3]!)
        }
      }
    }
  }
}
