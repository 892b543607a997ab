/**
 * Link-neighbour search: each agent links to at most `connections[i]` (0–7) nearest neighbours
 * closer than LINK_DISTANCE, found through a uniform grid of LINK_DISTANCE-sized cells (counting
 * sort into flat arrays), so only the 3×3 surrounding cells are visited: O(N), never O(N²).
 * All scratch memory is allocated once per (world, capacity); a call allocates nothing.
 */
import { LINK_DISTANCE, MAX_CONNECTIONS } from './constants'
import type { AgentBuffers, LinkBuffers, World } from './types'

export interface LinkGrid {
  cellSize: number
  cols: number
  rows: number
  capacity: number
  /** cellStart[c]..cellStart[c+1] index cellItems for cell c */
  cellStart: Int32Array
  cellCursor: Int32Array
  cellItems: Int32Array
  cellOf: Int32Array
  /** picks[i*7 + n] = n-th nearest neighbour chosen by agent i */
  picks: Int32Array
  pickCount: Uint8Array
  bestD: Float64Array
  bestJ: Int32Array
}

export function createLinkBuffers(capacity: number): LinkBuffers {
  return {
    count: 0,
    a: new Uint32Array(capacity * MAX_CONNECTIONS),
    b: new Uint32Array(capacity * MAX_CONNECTIONS),
  }
}

export function createLinkGrid(world: World, capacity: number, cellSize = LINK_DISTANCE): LinkGrid {
  const cols = Math.max(1, Math.ceil(world.width / cellSize))
  const rows = Math.max(1, Math.ceil(world.height / cellSize))
  const cells = cols * rows
  return {
    cellSize,
    cols,
    rows,
    capacity,
    cellStart: new Int32Array(cells + 1),
    cellCursor: new Int32Array(cells),
    cellItems: new Int32Array(capacity),
    cellOf: new Int32Array(capacity),
    picks: new Int32Array(capacity * MAX_CONNECTIONS),
    pickCount: new Uint8Array(capacity),
    bestD: new Float64Array(MAX_CONNECTIONS),
    bestJ: new Int32Array(MAX_CONNECTIONS),
  }
}

/** True when `grid` fits this world and agent capacity (else build a new one). */
export function gridFits(grid: LinkGrid, world: World, capacity: number): boolean {
  return (
    grid.capacity >= capacity &&
    grid.cols === Math.max(1, Math.ceil(world.width / grid.cellSize)) &&
    grid.rows === Math.max(1, Math.ceil(world.height / grid.cellSize))
  )
}

/** Bucket agents into grid cells (counting sort). */
function bucket(buf: AgentBuffers, grid: LinkGrid): void {
  const { cols, rows, cellSize, cellStart, cellCursor, cellItems, cellOf } = grid
  const n = buf.count
  const xs = buf.x
  const ys = buf.y
  const inv = 1 / cellSize
  cellStart.fill(0)
  for (let i = 0; i < n; i++) {
    let cx = Math.floor(xs[i]! * inv)
    let cy = Math.floor(ys[i]! * inv)
    cx = cx < 0 ? 0 : cx >= cols ? cols - 1 : cx
    cy = cy < 0 ? 0 : cy >= rows ? rows - 1 : cy
    const c = cy * cols + cx
    cellOf[i] = c
    cellStart[c + 1]!++
  }
  const cells = cols * rows
  for (let c = 0; c < cells; c++) {
    cellStart[c + 1]! += cellStart[c]!
    cellCursor[c] = cellStart[c]!
  }
  for (let i = 0; i < n; i++) {
    const c = cellOf[i]!
    cellItems[cellCursor[c]!++] = i
  }
}

/** Recompute `links` for the live agents of `buf`. Returns the number of links. */
export function computeLinksInto(buf: AgentBuffers, grid: LinkGrid, links: LinkBuffers): number {
  bucket(buf, grid)
  const { cols, rows, cellStart, cellItems, cellOf, picks, pickCount, bestD, bestJ } = grid
  const xs = buf.x
  const ys = buf.y
  const conns = buf.connections
  const la = links.a
  const lb = links.b
  const maxD2 = LINK_DISTANCE * LINK_DISTANCE
  const n = buf.count
  let count = 0
  for (let i = 0; i < n; i++) {
    const k = conns[i]! > MAX_CONNECTIONS ? MAX_CONNECTIONS : conns[i]!
    pickCount[i] = 0
    if (k === 0) continue
    const xi = xs[i]!
    const yi = ys[i]!
    const c = cellOf[i]!
    const cx = c % cols
    const cy = (c - cx) / cols
    const y0 = cy > 0 ? cy - 1 : 0
    const y1 = cy < rows - 1 ? cy + 1 : cy
    const x0 = cx > 0 ? cx - 1 : 0
    const x1 = cx < cols - 1 ? cx + 1 : cx
    let found = 0
    for (let gy = y0; gy <= y1; gy++) {
      const row = gy * cols
      const end = cellStart[row + x1 + 1]!
      // Cells x0..x1 of one row are contiguous in cellItems: scan them as one run.
      for (let s = cellStart[row + x0]!; s < end; s++) {
        const j = cellItems[s]!
        if (j === i) continue
        const dx = xs[j]! - xi
        const dy = ys[j]! - yi
        const d2 = dx * dx + dy * dy
        if (d2 >= maxD2) continue
        if (found === k && d2 >= bestD[k - 1]!) continue
        // Insertion into the small sorted list of the k best (k ≤ 7).
        let p = found < k ? found++ : k - 1
        while (p > 0 && bestD[p - 1]! > d2) {
          bestD[p] = bestD[p - 1]!
          bestJ[p] = bestJ[p - 1]!
          p--
        }
        bestD[p] = d2
        bestJ[p] = j
      }
    }
    const base = i * MAX_CONNECTIONS
    pickCount[i] = found
    for (let p = 0; p < found; p++) {
      const j = bestJ[p]!
      picks[base + p] = j
      // j already linked to i when j (processed earlier) picked i: keep one link per pair.
      if (j < i) {
        const jb = j * MAX_CONNECTIONS
        const jn = pickCount[j]!
        let dup = false
        for (let q = 0; q < jn; q++) {
          if (picks[jb + q] === i) {
            dup = true
            break
          }
        }
        if (dup) continue
      }
      la[count] = i
      lb[count] = j
      count++
    }
  }
  links.count = count
  return count
}
