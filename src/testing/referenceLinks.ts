/**
 * Test-only reference: the link-neighbour search as it was before the fast rewrite (commit
 * 8d6bcb1), kept verbatim so src/sim/links.reference.test.ts can hold the fast search to the exact
 * same output — the same pairs in the same order — for any input. Imported only by tests.
 */
import type { AgentBuffers, LinkBuffers, World } from '../sim/types'

const LINK_DISTANCE = 120
const MAX_CONNECTIONS = 7

interface LinkGrid {
  cellSize: number
  cols: number
  rows: number
  cellStart: Int32Array
  cellCursor: Int32Array
  cellOf: Int32Array
  item: Int32Array
  sxy: Float32Array
  sk: Uint8Array
  picks: Int32Array
  pickCount: Uint8Array
  candT: Int32Array
  candD: Float64Array
  bestD: Float64Array
  bestJ: Int32Array
}

function createLinkGrid(world: World, capacity: number): LinkGrid {
  const cols = Math.max(1, Math.ceil(world.width / LINK_DISTANCE))
  const rows = Math.max(1, Math.ceil(world.height / LINK_DISTANCE))
  return {
    cellSize: LINK_DISTANCE,
    cols,
    rows,
    cellStart: new Int32Array(cols * rows + 1),
    cellCursor: new Int32Array(cols * rows),
    cellOf: new Int32Array(capacity),
    item: new Int32Array(capacity),
    sxy: new Float32Array(capacity * 2),
    sk: new Uint8Array(capacity),
    picks: new Int32Array(capacity * MAX_CONNECTIONS),
    pickCount: new Uint8Array(capacity),
    candT: new Int32Array(capacity),
    candD: new Float64Array(capacity),
    bestD: new Float64Array(MAX_CONNECTIONS),
    bestJ: new Int32Array(MAX_CONNECTIONS),
  }
}

/** The reference's links for `buf` in `world`, in fresh buffers (allocates; tests only). */
export function referenceLinks(buf: AgentBuffers, world: World): LinkBuffers {
  const capacity = Math.max(1, buf.count)
  const links: LinkBuffers = {
    count: 0,
    a: new Uint32Array(capacity * MAX_CONNECTIONS),
    b: new Uint32Array(capacity * MAX_CONNECTIONS),
  }
  computeLinksInto(buf, createLinkGrid(world, capacity), links)
  return links
}

/**
 * Counting sort of the live agents into grid cells (stable: agent order within a cell). It copies
 * the positions it sorts, so a search over its rows may run later (linkRows in stages).
 */
function bucketAgents(buf: AgentBuffers, grid: LinkGrid): void {
  const { cols, rows, cellSize, cellStart, cellCursor, cellOf, item, sxy, sk } = grid
  const n = buf.count
  const xs = buf.x
  const ys = buf.y
  const conns = buf.connections
  const inv = 1 / cellSize
  const cells = cols * rows
  cellStart.fill(0)
  for (let i = 0; i < n; i++) {
    // `| 0` truncates (positions are ≥ 0 in the world); it also maps NaN to cell 0.
    let cx = (xs[i]! * inv) | 0
    let cy = (ys[i]! * inv) | 0
    cx = cx < 0 ? 0 : cx >= cols ? cols - 1 : cx
    cy = cy < 0 ? 0 : cy >= rows ? rows - 1 : cy
    const c = cy * cols + cx
    cellOf[i] = c
    cellStart[c + 1]!++
  }
  for (let c = 0; c < cells; c++) {
    cellStart[c + 1]! += cellStart[c]!
    cellCursor[c] = cellStart[c]!
  }
  for (let i = 0; i < n; i++) {
    const s = cellCursor[cellOf[i]!]!++
    item[s] = i
    sxy[2 * s] = xs[i]!
    sxy[2 * s + 1] = ys[i]!
    const k = conns[i]!
    sk[s] = k > MAX_CONNECTIONS ? MAX_CONNECTIONS : k
  }
}

/** Recompute `links` for the live agents of `buf`. Returns the number of links. */
function computeLinksInto(buf: AgentBuffers, grid: LinkGrid, links: LinkBuffers): number {
  bucketAgents(buf, grid)
  links.count = linkRows(grid, 0, grid.rows, links, 0)
  return links.count
}

/**
 * The search for the agents of cell rows [rowFrom, rowTo) of the last bucketAgents(), appending
 * links from index `count`; returns the new count. Rows must be searched in order (a pair picked
 * by both ends is kept once, by looking at the picks of the earlier agent).
 */
// eslint-disable-next-line max-lines-per-function -- 85 lines; the reference search stays one readable unit, as written before tuning
function linkRows(
  grid: LinkGrid,
  rowFrom: number,
  rowTo: number,
  links: LinkBuffers,
  count: number,
): number {
  const { cols, rows, cellStart, item, sxy, sk, picks, pickCount, candT, candD, bestD, bestJ } =
    grid
  const la = links.a
  const lb = links.b
  const maxD2 = LINK_DISTANCE * LINK_DISTANCE
  const rowEnd = rowTo < rows ? rowTo : rows
  for (let cy = rowFrom; cy < rowEnd; cy++) {
    const y0 = cy > 0 ? cy - 1 : 0
    const y1 = cy < rows - 1 ? cy + 1 : cy
    for (let cx = 0; cx < cols; cx++) {
      const c = cy * cols + cx
      const sEnd = cellStart[c + 1]!
      const x0 = cx > 0 ? cx - 1 : 0
      const x1 = cx < cols - 1 ? cx + 1 : cx
      for (let s = cellStart[c]!; s < sEnd; s++) {
        const k = sk[s]!
        pickCount[s] = 0
        if (k === 0) continue
        const xi = sxy[2 * s]!
        const yi = sxy[2 * s + 1]!
        // Pass 1, branch-free: keep every candidate closer than LINK_DISTANCE (scan order). Most
        // candidates fail the distance test at random, so a branch here mispredicts constantly.
        let w = 0
        for (let gy = y0; gy <= y1; gy++) {
          const row = gy * cols
          const end = cellStart[row + x1 + 1]!
          // Cells x0..x1 of one row are contiguous in sorted order: scan them as one run.
          for (let t = cellStart[row + x0]!; t < end; t++) {
            const dx = sxy[2 * t]! - xi
            const dy = sxy[2 * t + 1]! - yi
            const d2 = dx * dx + dy * dy
            candT[w] = t
            candD[w] = d2
            w += +(d2 < maxD2) & +(t !== s)
          }
        }
        // Pass 2: the k nearest. With at most k candidates all are taken (order is irrelevant);
        // otherwise insertion into a sorted list of k (ties: the earlier-scanned one wins).
        let found = 0
        if (w <= k) {
          for (let q = 0; q < w; q++) bestJ[q] = candT[q]!
          found = w
        } else {
          for (let q = 0; q < w; q++) {
            const d2 = candD[q]!
            if (found === k && d2 >= bestD[k - 1]!) continue
            let p = found < k ? found++ : k - 1
            while (p > 0 && bestD[p - 1]! > d2) {
              bestD[p] = bestD[p - 1]!
              bestJ[p] = bestJ[p - 1]!
              p--
            }
            bestD[p] = d2
            bestJ[p] = candT[q]!
          }
        }
        const base = s * MAX_CONNECTIONS
        pickCount[s] = found
        const ai = item[s]!
        for (let p = 0; p < found; p++) {
          const t = bestJ[p]!
          picks[base + p] = t
          // Slot t, processed earlier, already linked to s when it picked s: one link per pair.
          if (t < s) {
            const tb = t * MAX_CONNECTIONS
            const tn = pickCount[t]!
            let dup = false
            for (let q = 0; q < tn; q++) {
              if (picks[tb + q] === s) {
                dup = true
                break
              }
            }
            if (dup) continue
          }
          la[count] = ai
          lb[count] = item[t]!
          count++
        }
      }
    }
  }
  return count
}
