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
import type { AgentBuffers, LinkBuffers } from './types'

// module-local copies for the hot loops (see the GOTCHA in links.ts)
const LINK_REACH = LINK_DISTANCE_ + MOTION_SLACK_

/** World rectangle (same shape as the scene's ViewRect). */
export interface WorldRect {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

/** A view set lists at most this share of the swarm's agents. */
export const VIEW_SET_SHARE = 1 / 8
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
  const { index } = out
  const pairs = out.links
  const cap = index.length
  const pairCap = pairs.length
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
  let full = false
  for (let i = 0, n = buf.count; i < n; i++) {
    const x = xs[i]!
    const y = ys[i]!
    if (x >= x0 && x <= x1 && y >= y0 && y <= y1) {
      if (k === cap) {
        full = true
        break
      }
      index[k] = i
      slots[i] = k++
    }
  }
  out.drawn = k
  let m = 0
  if (!full) {
    const lx0 = x0 - LINK_REACH
    const lx1 = x1 + LINK_REACH
    const ly0 = y0 - LINK_REACH
    const ly1 = y1 + LINK_REACH
    const la = links.a
    const lb = links.b
    for (let j = 0, n = links.count; j < n; j++) {
      const a = la[j]!
      const ax = xs[a]!
      const ay = ys[a]!
      if (ax < lx0 || ax > lx1 || ay < ly0 || ay > ly1) continue
      if (m + 2 > pairCap) {
        full = true
        break
      }
      const b = lb[j]!
      let sa = slots[a]!
      if (sa < 0) {
        if (k === cap) {
          full = true
          break
        }
        index[k] = a
        sa = slots[a] = k++
      }
      let sb = slots[b]!
      if (sb < 0) {
        if (k === cap) {
          full = true
          break
        }
        index[k] = b
        sb = slots[b] = k++
      }
      pairs[m++] = sa
      pairs[m++] = sb
    }
  }
  for (let q = 0; q < k; q++) slots[index[q]!] = -1
  out.count = full ? -1 : k
  out.linkCount = full ? 0 : m / 2
  return out.count
}
