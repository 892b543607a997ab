/**
 * The view set: the few agents and links a view of a big swarm draws, listed so the page uploads
 * and draws only those (a zoomed-in view of 1,000,000 agents shows a few thousand).
 *
 * It lists the agents inside a world rectangle (the view grown by an agent's reach and by a pan
 * margin) first, then the far ends of the links that can touch it — a link whose first end lies
 * within LINK_REACH of the rectangle (a link is shorter than LINK_DISTANCE when searched, and its
 * ends move up to MOTION_SLACK until the next search) — and those links as pairs of positions in
 * that list. The sim worker builds one per published frame for the rectangle the page asked for,
 * so the page's main thread never scans the swarm; the page builds its own the same way when the
 * worker's does not cover its view (a fast pan, a source without a worker).
 *
 * A set holds at most `index.length` agents and `links.length / 2` links (a share of the swarm,
 * VIEW_SET_SHARE): beyond that, drawing every agent from the whole buffers is as cheap, and the
 * set reports count −1.
 */
import { LINK_DISTANCE as LINK_DISTANCE_, MOTION_SLACK as MOTION_SLACK_ } from './constants'
import { computeLinksInto, createLinkBuffers, createLinkGrid, type LinkGrid } from './links'
import type { AgentBuffers, LinkBuffers, World } from './types'
import type { GatheredView } from './viewFields'

// module-local copies for the hot loops (see the GOTCHA in links.ts)
const LINK_DISTANCE = LINK_DISTANCE_
const LINK_REACH = LINK_DISTANCE_ + MOTION_SLACK_

/** World rectangle (same shape as the scene's ViewRect). */
export interface WorldRect {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

/*
 * INSIDE_TEST (speed): a pass over every agent tests its position against a rectangle as 0/1
 * arithmetic combined into ONE branch, in a loop of its own. Most agents lie outside, but which of
 * the four comparisons fails first is random, so `a && b && c && d` mispredicts on about every
 * other agent: fillViewSetFresh at 1,000,000 agents took 6.5 ms that way and 1.3 ms this way (Node,
 * one machine). NaN compares false either way, so both forms treat it alike. Not for the passes
 * over links: there the positions are read at random, and `||`, which reads y only when x passes,
 * measured faster.
 */

/** A view set lists at most this share of the swarm's agents. */
const VIEW_SET_SHARE = 1 / 8
/** …and at most this many links per listed agent (a swarm averages about 2). */
export const VIEW_SET_LINKS_PER_AGENT = 4

export interface ViewSet {
  /** the rectangle it was built for: every agent inside it is listed */
  rect: WorldRect
  /** agents listed; −1: more than fit (draw from the whole buffers instead) */
  count: number
  /** the first `drawn` listed agents lie inside `rect`; the rest are far ends of links */
  drawn: number
  /** agent indices (the first `count`) */
  index: Uint32Array
  /** links as pairs of positions in `index` (the first 2 × `linkCount` entries) */
  links: Uint32Array
  linkCount: number
  /** wall clock (ms since the epoch) of the positions its links were searched from; 0: unknown */
  linksAt: number
  /**
   * The listed agents' drawn fields, already gathered (viewFields.ts: the sim worker's sets carry
   * them in the frame); absent: whoever draws the set gathers them.
   */
  gathered?: GatheredView
}

/** Agents a view set for a swarm of `capacity` agents holds. */
export function viewSetCapacity(capacity: number): number {
  return Math.max(1, Math.ceil(capacity * VIEW_SET_SHARE))
}

export function createViewSet(capacity: number): ViewSet {
  const n = viewSetCapacity(capacity)
  return {
    rect: { minX: 0, minY: 0, maxX: 0, maxY: 0 },
    count: -1,
    drawn: 0,
    index: new Uint32Array(n),
    links: new Uint32Array(n * VIEW_SET_LINKS_PER_AGENT * 2),
    linkCount: 0,
    linksAt: 0,
  }
}

/** Scratch for fillViewSet: one entry per agent of the swarm, all −1 between calls. */
export function createViewSlots(capacity: number): Int32Array {
  return new Int32Array(capacity).fill(-1)
}

/** True when `outer` contains `inner`. */
export function rectContains(outer: WorldRect, inner: WorldRect): boolean {
  return (
    inner.minX >= outer.minX &&
    inner.maxX <= outer.maxX &&
    inner.minY >= outer.minY &&
    inner.maxY <= outer.maxY
  )
}

/** out.count = out.linkCount = 0 … −1: the set is full; `slots` back to all −1. */
function overflow(slots: Int32Array, out: ViewSet, k: number): number {
  const index = out.index
  for (let q = 0; q < k; q++) slots[index[q]!] = -1
  out.count = -1
  out.linkCount = 0
  return -1
}

/**
 * List the agents inside `rect` in `out` (its first `drawn` entries, `slots` set for them): of
 * every agent, or of the first `among` agents of `within` (index order). Returns how many, or −1
 * (too many: `slots` left all −1).
 */
function listInside(
  buf: AgentBuffers,
  rect: WorldRect,
  slots: Int32Array,
  out: ViewSet,
  within: Uint32Array | null = null,
  among = 0,
): number {
  const index = out.index
  const cap = index.length
  const xs = buf.x
  const ys = buf.y
  const x0 = rect.minX
  const x1 = rect.maxX
  const y0 = rect.minY
  const y1 = rect.maxY
  out.rect.minX = x0
  out.rect.maxX = x1
  out.rect.minY = y0
  out.rect.maxY = y1
  out.linkCount = 0
  let k = 0
  for (let q = 0, n = within ? among : buf.count; q < n; q++) {
    const i = within ? within[q]! : q
    const x = xs[i]!
    const y = ys[i]!
    // 0/1 arithmetic and one branch (INSIDE_TEST)
    if ((+(x >= x0) & +(x <= x1) & +(y >= y0) & +(y <= y1)) !== 0) {
      if (k === cap) {
        out.drawn = 0
        return overflow(slots, out, k)
      }
      index[k] = i
      slots[i] = k++
    }
  }
  out.drawn = k
  return k
}

/**
 * Append pair (a, b) to the set: its ends listed (once), the pair as their positions. Returns the
 * new agent count, or −1 when the set is full.
 */
function addPair(out: ViewSet, slots: Int32Array, count: number, a: number, b: number): number {
  const index = out.index
  const m = out.linkCount * 2
  if (m + 2 > out.links.length || count + 2 > index.length) return -1
  let sa = slots[a]!
  if (sa < 0) {
    index[count] = a
    sa = slots[a] = count++
  }
  let sb = slots[b]!
  if (sb < 0) {
    index[count] = b
    sb = slots[b] = count++
  }
  out.links[m] = sa
  out.links[m + 1] = sb
  out.linkCount++
  return count
}

/** Close a set of `count` agents: `slots` back to all −1. */
function finish(slots: Int32Array, out: ViewSet, count: number): number {
  const index = out.index
  for (let q = 0; q < count; q++) slots[index[q]!] = -1
  out.count = count
  return count
}

/**
 * Build `out` for the agents of `buf` and the pairs of `links` around `rect`; `slots` is the
 * scratch of createViewSlots(≥ buf.count) and is left all −1. Returns out.count (−1: too many).
 * O(agents + links) with an early exit once the set is full; allocates nothing.
 */
export function fillViewSet(
  buf: AgentBuffers,
  links: LinkBuffers,
  rect: WorldRect,
  slots: Int32Array,
  out: ViewSet,
): number {
  let count = listInside(buf, rect, slots, out)
  if (count < 0) return -1
  const xs = buf.x
  const ys = buf.y
  const lx0 = rect.minX - LINK_REACH
  const lx1 = rect.maxX + LINK_REACH
  const ly0 = rect.minY - LINK_REACH
  const ly1 = rect.maxY + LINK_REACH
  const la = links.a
  const lb = links.b
  for (let j = 0, n = links.count; j < n; j++) {
    const a = la[j]!
    const ax = xs[a]!
    const ay = ys[a]!
    if (ax < lx0 || ax > lx1 || ay < ly0 || ay > ly1) continue
    const next = addPair(out, slots, count, a, lb[j]!)
    if (next < 0) return overflow(slots, out, count)
    count = next
  }
  return finish(slots, out, count)
}

/**
 * Scratch of fillViewSetFresh: the agents of the cells around a view, copied in index order, and a
 * link search over them alone. Grows with the largest such neighbourhood; allocates nothing after.
 */
export interface FreshLinkScratch {
  sub: AgentBuffers
  /** swarm index of each copied agent */
  map: Uint32Array
  /** 1: the copied agent's cell is one of the view's link cells (its pairs are kept) */
  inView: Uint8Array
  grid: LinkGrid | null
  links: LinkBuffers
}

export function createFreshLinkScratch(capacity: number): FreshLinkScratch {
  const n = Math.max(1, capacity)
  return {
    sub: {
      count: 0,
      capacity: n,
      x: new Float32Array(n),
      y: new Float32Array(n),
      connections: new Uint8Array(n),
    } as unknown as AgentBuffers,
    map: new Uint32Array(n),
    inView: new Uint8Array(n),
    grid: null,
    links: createLinkBuffers(0), // grown to the largest neighbourhood's link budget
  }
}

/**
 * The indices (ascending) of the first `n` agents within [xlo, xhi] × [ylo, yhi] or at NaN, written
 * to `out`; returns how many, or −1 when more than `out` holds. Its own small loop: the pass over
 * the whole swarm (INSIDE_TEST).
 */
function scanNear(
  xs: Float32Array,
  ys: Float32Array,
  n: number,
  xlo: number,
  xhi: number,
  ylo: number,
  yhi: number,
  out: Uint32Array,
): number {
  const cap = out.length
  let k = 0
  for (let i = 0; i < n; i++) {
    const x = xs[i]!
    const y = ys[i]!
    if ((+(x < xlo) | +(x > xhi) | +(y < ylo) | +(y > yhi)) !== 0) continue
    if (k === cap) return -1
    out[k++] = i
  }
  return k
}

/**
 * fillViewSet with links searched afresh from the agents' positions now, instead of the swarm's
 * last full search (which at 100,000 agents is up to ~100 ms old): the search runs over the agents
 * of the cells around the rectangle only, so it costs a few thousand agents' search, not the
 * swarm's. The pairs are exactly the full search's (src/sim/links.ts) over the same positions that
 * have an end in a cell within LINK_DISTANCE of `rect` — every link that can touch it:
 *  - view cells: the grid cells (the full search's own, LINK_DISTANCE wide, clamped at the world's
 *    edges) overlapping `rect` grown by LINK_DISTANCE;
 *  - the agents of the view cells grown by (at least) 2 cells are copied in index order and
 *    searched: an agent of a view cell and every agent it can pick (the next ring) have their
 *    whole 3×3 neighbourhood copied, so their picks — by (squared distance, cell, index) — are the
 *    full search's; pairs with no end in a view cell are dropped.
 * The copy is shifted by a whole number of cells (x − 120·gx0, exact in float32 for the agents of
 * those cells), so it is searched on a grid of the neighbourhood's cells alone with the same
 * cells, scan order and squared distances as the full search. The neighbourhood's size in cells
 * depends on the rectangle's size only (a pan reuses the grid). One pass over the swarm remains.
 * Falls back to `links` (fillViewSet) when the neighbourhood holds more than `scratch` can.
 * Returns out.count (−1: too many agents for the set); `fresh` says which links it used.
 */
// eslint-disable-next-line max-lines-per-function -- 86 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function fillViewSetFresh(
  buf: AgentBuffers,
  world: World,
  links: LinkBuffers,
  rect: WorldRect,
  slots: Int32Array,
  scratch: FreshLinkScratch,
  out: ViewSet,
): { count: number; fresh: boolean } {
  const cols = Math.max(1, Math.ceil(world.width / LINK_DISTANCE))
  const rows = Math.max(1, Math.ceil(world.height / LINK_DISTANCE))
  const inv = 1 / LINK_DISTANCE
  const clampCol = (c: number) => (c < 0 ? 0 : c >= cols ? cols - 1 : c)
  const clampRow = (c: number) => (c < 0 ? 0 : c >= rows ? rows - 1 : c)
  const vx0 = clampCol(Math.floor((rect.minX - LINK_DISTANCE) * inv))
  const vx1 = clampCol(Math.floor((rect.maxX + LINK_DISTANCE) * inv))
  const vy0 = clampRow(Math.floor((rect.minY - LINK_DISTANCE) * inv))
  const vy1 = clampRow(Math.floor((rect.maxY + LINK_DISTANCE) * inv))
  // the neighbourhood: a size set by the rectangle's (+ 2 rings and rounding), placed over the view
  // cells and kept inside the world
  const w = Math.min(cols, Math.ceil((rect.maxX - rect.minX) * inv) + 8)
  const h = Math.min(rows, Math.ceil((rect.maxY - rect.minY) * inv) + 8)
  const gx0 = Math.max(0, Math.min(vx0 - 2, cols - w))
  const gy0 = Math.max(0, Math.min(vy0 - 2, rows - h))
  const gx1 = gx0 + w - 1
  const gy1 = gy0 + h - 1
  if (!(vx1 + 2 <= gx1 || gx1 === cols - 1) || !(vy1 + 2 <= gy1 || gy1 === rows - 1)) {
    return { count: fillViewSet(buf, links, rect, slots, out), fresh: false }
  }
  let grid = scratch.grid
  if (!grid || grid.cols !== w || grid.rows !== h) {
    // new cells; the per-agent scratch arrays are kept
    const cells = createLinkGrid(
      { width: w * LINK_DISTANCE, height: h * LINK_DISTANCE },
      grid ? 0 : scratch.sub.capacity,
    )
    grid = scratch.grid = grid
      ? { ...grid, cols: w, rows: h, cellStart: cells.cellStart, cellCursor: cells.cellCursor }
      : { ...cells, capacity: scratch.sub.capacity }
  }
  const tx = gx0 * LINK_DISTANCE
  const ty = gy0 * LINK_DISTANCE
  // copy the neighbourhood's agents in index order, their cells computed as the full search does
  const { sub, map, inView } = scratch
  const sx = sub.x
  const sy = sub.y
  const sc = sub.connections
  const xs = buf.x
  const ys = buf.y
  const conns = buf.connections
  // a cheap test first: most agents lie far outside (NaN passes it, to the exact cells below);
  // 0/1 arithmetic and one branch (INSIDE_TEST)
  const xlo = gx0 === 0 ? -Infinity : gx0 * LINK_DISTANCE - 1
  const xhi = gx1 === cols - 1 ? Infinity : (gx1 + 1) * LINK_DISTANCE + 1
  const ylo = gy0 === 0 ? -Infinity : gy0 * LINK_DISTANCE - 1
  const yhi = gy1 === rows - 1 ? Infinity : (gy1 + 1) * LINK_DISTANCE + 1
  const near = scanNear(xs, ys, buf.count, xlo, xhi, ylo, yhi, map)
  if (near < 0) return { count: fillViewSet(buf, links, rect, slots, out), fresh: false }
  let k = 0
  for (let q = 0; q < near; q++) {
    const i = map[q]!
    const x = xs[i]!
    const y = ys[i]!
    let cx = (x * inv) | 0
    let cy = (y * inv) | 0
    cx = cx < 0 ? 0 : cx >= cols ? cols - 1 : cx
    cy = cy < 0 ? 0 : cy >= rows ? rows - 1 : cy
    if (cx < gx0 || cx > gx1 || cy < gy0 || cy > gy1) continue
    // agents left of/above the world sit in cell 0, where the shift is 0: x − tx ≥ 0 otherwise
    sx[k] = x - tx
    sy[k] = y - ty
    sc[k] = conns[i]!
    map[k] = i // k ≤ q: the list is compacted in place
    inView[k] = +(cx >= vx0 && cx <= vx1 && cy >= vy0 && cy <= vy1)
    k++
  }
  sub.count = k
  const found = scratch.links
  computeLinksInto(sub, grid, found)
  // the set: the agents inside `rect` (all among the copied ones, in index order), then the ends
  // of the kept pairs
  let count = listInside(buf, rect, slots, out, map, k)
  if (count < 0) return { count: -1, fresh: true }
  const fa = found.a
  const fb = found.b
  for (let j = 0, n = found.count; j < n; j++) {
    const p = fa[j]!
    const q = fb[j]!
    if (inView[p] === 0 && inView[q] === 0) continue
    const next = addPair(out, slots, count, map[p]!, map[q]!)
    if (next < 0) return { count: overflow(slots, out, count), fresh: true }
    count = next
  }
  return { count: finish(slots, out, count), fresh: true }
}
