/**
 * Link-neighbour search: each agent links to at most `connections[i]` (0–7) nearest neighbours
 * closer than LINK_DISTANCE, found through a uniform grid of LINK_DISTANCE-sized cells, so only the
 * 3×3 surrounding cells are visited: O(N), never O(N²).
 *
 * Layout: a counting sort puts the agents in cell order and copies their positions into `sxy` in
 * that order (slots), so the three-cell runs of a row are read sequentially (cache friendly at
 * 100k agents) and agents are searched in slot order. Each slot keeps the cut of its picks; a pair
 * picked by both ends yields one link. The grid's scratch is allocated once per (world, capacity),
 * but for the candidate lists, which grow with the fullest cell, and the output, which grows with
 * the link budget (reserveLinks): a call allocates only when one of those grew.
 *
 * GOTCHA (speed): the hot loops are written for TurboFan, which re-checks every typed array
 * (map, detached buffer, bounds) on each access inside a loop and spills registers in a big one:
 * fewer arrays (pairs interleaved in one Float64Array), fewer turns (two candidates a turn) and
 * fewer unpredictable branches (0/1 arithmetic) each measured faster; branch-free selection of the
 * k nearest (ranks, min/max networks, arithmetic insertion) measured slower than insertion.
 */
import { LINK_DISTANCE as LINK_DISTANCE_, MAX_CONNECTIONS as MAX_CONNECTIONS_ } from './constants'
import type { AgentBuffers, LinkBuffers, World } from './types'

// GOTCHA: hot loops read module-local copies: loaders that compile modules to CommonJS (tsx when
// required from CJS, vite-node) turn imported bindings into getter calls, ~3× slower per access.
const LINK_DISTANCE = LINK_DISTANCE_
const MAX_CONNECTIONS = MAX_CONNECTIONS_

export interface LinkGrid {
  cellSize: number
  cols: number
  rows: number
  capacity: number
  /** cellStart[c]..cellStart[c+1] are the sorted slots of cell c */
  cellStart: Int32Array
  cellCursor: Int32Array
  cellOf: Int32Array
  /** agent index of sorted slot s */
  item: Int32Array
  /**
   * positions interleaved (x, y) and link budget (min(connections, 7)) in sorted order; sxy has
   * one spare (0, 0) pair: the search may read one slot past the last
   */
  sxy: Float32Array
  sk: Uint8Array
  /**
   * The cut of slot s, (cut[2s], cut[2s+1]) = (squared distance, slot) of its k-th pick: s picked
   * t iff (d², t) ≤ its cut, as its picks are its k first candidates by (squared distance, slot).
   * cut[2s] = +Infinity: it took every candidate; -1: none (budget 0).
   */
  cut: Float64Array
  /**
   * per-agent scratch: candidates within LINK_DISTANCE, (squared distance, slot) pairs; room for
   * every agent of a 3×3 block of cells (sized by bucketAgents from the fullest cell)
   */
  cand: Float64Array
  /** the same for the second of two slots searched together */
  cand2: Float64Array
  /** per-agent scratch: the k nearest so far, (squared distance, slot) pairs, nearest first */
  best: Float64Array
}

export function createLinkBuffers(capacity: number): LinkBuffers {
  return {
    count: 0,
    a: new Uint32Array(capacity * MAX_CONNECTIONS),
    b: new Uint32Array(capacity * MAX_CONNECTIONS),
  }
}

/**
 * Room for `pairs` links in `links`, grown in place (its holders keep the same object; what it
 * held is dropped): exactly `pairs` the first time, 25 % more on later growth. The searches size
 * their output by the swarm's link budget, Σ min(connections, 7) (bucketAgents), the most links a
 * search can write: about half of 7 per agent, so at 1,000,000 agents 28 MB a buffer instead of 56.
 */
export function reserveLinks(links: LinkBuffers, pairs: number): void {
  if (links.a.length >= pairs) return
  const n = links.a.length === 0 ? pairs : Math.ceil(pairs * 1.25)
  links.a = new Uint32Array(n)
  links.b = new Uint32Array(n)
  links.count = 0
}

function gridSize(world: World, cellSize: number): { cols: number; rows: number } {
  return {
    cols: Math.max(1, Math.ceil(world.width / cellSize)),
    rows: Math.max(1, Math.ceil(world.height / cellSize)),
  }
}

export function createLinkGrid(world: World, capacity: number, cellSize = LINK_DISTANCE): LinkGrid {
  const { cols, rows } = gridSize(world, cellSize)
  const cells = cols * rows
  return {
    cellSize,
    cols,
    rows,
    capacity,
    cellStart: new Int32Array(cells + 1),
    cellCursor: new Int32Array(cells),
    cellOf: new Int32Array(capacity),
    item: new Int32Array(capacity),
    // + 2: padding read by the search one past the last slot
    sxy: new Float32Array(capacity * 2 + 2),
    sk: new Uint8Array(capacity),
    cut: new Float64Array(2 * capacity),
    cand: new Float64Array(0),
    cand2: new Float64Array(0),
    best: new Float64Array(2 * MAX_CONNECTIONS),
  }
}

/** True when `grid` fits this world and agent capacity (else build a new one). Allocates nothing. */
export function gridFits(grid: LinkGrid, world: World, capacity: number): boolean {
  return (
    grid.capacity >= capacity &&
    grid.cols === Math.max(1, Math.ceil(world.width / grid.cellSize)) &&
    grid.rows === Math.max(1, Math.ceil(world.height / grid.cellSize))
  )
}

/**
 * Counting sort of the live agents into grid cells (stable: agent order within a cell). It copies
 * the positions it sorts, so a search over its rows may run later (linkRows in stages). Returns the
 * link budget, Σ min(connections, 7): a search writes at most that many pairs.
 */
export function bucketAgents(buf: AgentBuffers, grid: LinkGrid): number {
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
  let fullest = 0
  for (let c = 0; c < cells; c++) {
    const k = cellStart[c + 1]!
    fullest = k > fullest ? k : fullest
    cellStart[c + 1]! += cellStart[c]!
    cellCursor[c] = cellStart[c]!
  }
  // a slot's candidates: the agents of its 3×3 block, and one pair written past the last kept
  const candPairs = Math.min(9 * fullest, n) + 2
  if (grid.cand.length < 2 * candPairs) {
    grid.cand = new Float64Array(2 * candPairs)
    grid.cand2 = new Float64Array(2 * candPairs)
  }
  let budget = 0
  for (let i = 0; i < n; i++) {
    const s = cellCursor[cellOf[i]!]!++
    item[s] = i
    sxy[2 * s] = xs[i]!
    sxy[2 * s + 1] = ys[i]!
    const c = conns[i]!
    const k = c > MAX_CONNECTIONS ? MAX_CONNECTIONS : c
    sk[s] = k
    budget += k
  }
  return budget
}

/** Recompute `links` for the live agents of `buf`. Returns the number of links. */
export function computeLinksInto(buf: AgentBuffers, grid: LinkGrid, links: LinkBuffers): number {
  reserveLinks(links, bucketAgents(buf, grid))
  links.count = linkRows(grid, 0, grid.rows, links, 0)
  return links.count
}

/**
 * The search for the agents of cell rows [rowFrom, rowTo) of the last bucketAgents(), appending
 * links from index `count`; returns the new count. Rows must be searched in order (a pair picked
 * by both ends is kept once, by looking at the cut of the earlier agent).
 */
// eslint-disable-next-line max-lines-per-function -- 90 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function linkRows(
  grid: LinkGrid,
  rowFrom: number,
  rowTo: number,
  links: LinkBuffers,
  count: number,
): number {
  const { cols, rows, cellStart, sxy, sk, cut, cand, cand2 } = grid
  const maxD2 = LINK_DISTANCE * LINK_DISTANCE
  const inv = 1 / grid.cellSize
  const rowEnd = rowTo < rows ? rowTo : rows
  const sEnd = cellStart[rowEnd * cols]!
  // One loop over the slots, not over cells then slots: a per-cell loop mispredicts its exit once
  // per cell (~1 agent per cell at the swarm's density).
  for (let s = cellStart[rowFrom * cols]!; s < sEnd; s++) {
    const k = sk[s]!
    if (k === 0) {
      cut[2 * s] = -1
      continue
    }
    const xi = sxy[2 * s]!
    const yi = sxy[2 * s + 1]!
    // The slot's cell, exactly as bucketAgents() computed it (same float32 position).
    let cx = (xi * inv) | 0
    let cy = (yi * inv) | 0
    cx = cx < 0 ? 0 : cx >= cols ? cols - 1 : cx
    cy = cy < 0 ? 0 : cy >= rows ? rows - 1 : cy
    const y0 = cy > 0 ? cy - 1 : 0
    const y1 = cy < rows - 1 ? cy + 1 : cy
    const x0 = cx > 0 ? cx - 1 : 0
    const x1 = cx < cols - 1 ? cx + 1 : cx
    // Pass 1, branch-free: keep every candidate closer than LINK_DISTANCE (scan order). Most
    // candidates fail the distance test at random, so a branch here mispredicts constantly.
    // Cells x0..x1 of a row are contiguous in sorted order: the three row runs are walked as one
    // loop, t jumping from run to run by arithmetic, so the loop mispredicts its exit once per
    // agent instead of once per run.
    const a0 = cellStart[y0 * cols + x0]!
    const b0 = cellStart[y0 * cols + x1 + 1]!
    const a1 = cellStart[cy * cols + x0]!
    const b1 = cellStart[cy * cols + x1 + 1]!
    const a2 = y1 > cy ? cellStart[y1 * cols + x0]! : 0
    const b2 = y1 > cy ? cellStart[y1 * cols + x1 + 1]! : 0
    // Rows y0 and cy are the same row at the top edge: count it once.
    const l0 = y0 < cy ? b0 - a0 : 0
    const l01 = l0 + b1 - a1
    const len = l01 + b2 - a2
    const j1 = a1 - l0 - a0
    const j2 = a2 - l01 - a1 + l0
    // A rejected candidate is written too, at the next free pair (fewer than count are kept).
    const cEnd = cellStart[cy * cols + cx + 1]!
    const s2 = s + 1
    if (s2 < cEnd && sk[s2]! > 0) {
      // The next slot shares the cell, hence the runs: one walk serves both (most agents share
      // their cell with another), each position read once for two distances.
      const xj = sxy[2 * s2]!
      const yj = sxy[2 * s2 + 1]!
      let w = 0
      let w2 = 0
      for (let q = 0; q < len; q++) {
        const t = a0 + q + +(q >= l0) * j1 + +(q >= l01) * j2
        const px = sxy[2 * t]!
        const py = sxy[2 * t + 1]!
        const dx = px - xi
        const dy = py - yi
        const d2 = dx * dx + dy * dy
        const ex = px - xj
        const ey = py - yj
        const e2 = ex * ex + ey * ey
        cand[2 * w] = d2
        cand[2 * w + 1] = t
        w += +(d2 < maxD2) & +(t !== s)
        cand2[2 * w2] = e2
        cand2[2 * w2 + 1] = t
        w2 += +(e2 < maxD2) & +(t !== s2)
      }
      count = pickLinks(grid, links, count, s, k, w, cand)
      count = pickLinks(grid, links, count, s2, sk[s2]!, w2, cand2)
      s++
      continue
    }
    let w = 0
    // Two candidates a turn (TurboFan re-checks each typed array once per turn); the second of
    // the last turn may be one past the runs (a valid slot or the spare pair) and is not kept.
    for (let q = 0; q < len; q += 2) {
      const t = a0 + q + +(q >= l0) * j1 + +(q >= l01) * j2
      const r = q + 1
      const u = a0 + r + +(r >= l0) * j1 + +(r >= l01) * j2
      const dx = sxy[2 * t]! - xi
      const dy = sxy[2 * t + 1]! - yi
      const d2 = dx * dx + dy * dy
      const ex = sxy[2 * u]! - xi
      const ey = sxy[2 * u + 1]! - yi
      const e2 = ex * ex + ey * ey
      cand[2 * w] = d2
      cand[2 * w + 1] = t
      w += +(d2 < maxD2) & +(t !== s)
      cand[2 * w] = e2
      cand[2 * w + 1] = u
      w += +(e2 < maxD2) & +(u !== s) & +(r < len)
    }
    count = pickLinks(grid, links, count, s, k, w, cand)
  }
  return count
}

/**
 * Pass 2 for slot s (budget k > 0) and its w candidates in `cand`: its picks, its cut, and the
 * links it adds from index `count`; returns the new count.
 */
function pickLinks(
  grid: LinkGrid,
  links: LinkBuffers,
  count: number,
  s: number,
  k: number,
  w: number,
  cand: Float64Array,
): number {
  const { item, cut, best } = grid
  const la = links.a
  const lb = links.b
  // The k nearest. With at most k candidates all are taken, in scan order; otherwise insertion
  // into a sorted list of k (ties: the earlier-scanned one wins).
  let pc = cand
  let found = w
  if (w <= k) {
    cut[2 * s] = Infinity
  } else {
    found = 0
    for (let q = 0; q < w; q++) {
      const d2 = cand[2 * q]!
      if (found === k && d2 >= best[2 * k - 2]!) continue
      let p = found < k ? found++ : k - 1
      while (p > 0 && best[2 * p - 2]! > d2) {
        best[2 * p] = best[2 * p - 2]!
        best[2 * p + 1] = best[2 * p - 1]!
        p--
      }
      best[2 * p] = d2
      best[2 * p + 1] = cand[2 * q + 1]!
    }
    cut[2 * s] = best[2 * k - 2]!
    cut[2 * s + 1] = best[2 * k - 1]!
    pc = best
  }
  const ai = item[s]!
  for (let p = 0; p < found; p++) {
    const d2 = pc[2 * p]!
    const t = pc[2 * p + 1]!
    // Slot t, searched earlier, already linked to s if it picked s: one link per pair.
    // Branch-free: the entry is written either way, and kept only if it is new.
    const cd = cut[2 * t]!
    const dup = +(t < s) & (+(d2 < cd) | (+(d2 === cd) & +(s <= cut[2 * t + 1]!)))
    la[count] = ai
    lb[count] = item[t]!
    count += 1 - dup
  }
  return count
}
