/**
 * The keyboard cursor's pure core (README, "Swarm Core: mouse, touch and keyboard"): which agent N
 * and P step to among the agents in view, nearest the view's centre first, and what a screen reader
 * hears about it. No three.js, no DOM.
 */
import type { CameraView, ViewFrame } from '../camera/camera'

/** The agents' positions as the scene draws them (a source's buffers). */
export interface AgentPositions {
  count: number
  x: ArrayLike<number>
  y: ArrayLike<number>
}

/** Where the cursor stepped: the agent's index, its place nearest-first (1-based), how many in view. */
export interface CursorStep {
  index: number
  rank: number
  total: number
}

/** Whether canvas point (x, y) (CSS px from its top-left) shows the canvas: no panel over it. */
export type Uncovered = (x: number, y: number) => boolean

const everywhere: Uncovered = () => true

/**
 * Agent `i`'s squared distance (CSS px²) from the canvas centre, or −1 when it is drawn off the
 * canvas or under something covering it.
 */
function centreDistance(
  b: AgentPositions,
  i: number,
  view: CameraView,
  frame: ViewFrame,
  uncovered: Uncovered,
): number {
  const sx = (b.x[i]! - frame.originX - view.x) * view.zoom
  const sy = (b.y[i]! - frame.originY - view.y) * view.zoom
  const hw = frame.width / 2
  const hh = frame.height / 2
  if (!(Math.abs(sx) <= hw && Math.abs(sy) <= hh) || !uncovered(sx + hw, sy + hh)) return -1
  return sx * sx + sy * sy
}

/** The nearest-first order: by distance, ties by index (a total order, so stepping never stalls). */
function before(d: number, i: number, e: number, j: number): boolean {
  return d < e || (d === e && i < j)
}

/**
 * Step the cursor from agent `current` (−1: none) to the next (`dir` 1) or previous (−1) agent in
 * view, nearest the centre first, wrapping around; from none, or from an agent now out of view, 1
 * starts at the nearest and −1 at the farthest. In view: drawn on the canvas where `uncovered`
 * says no panel hides it. Null when no agent is in view. Two passes over the swarm, no sort and no
 * allocation but the result: the order is taken afresh at every step, as the agents move.
 */
export function stepCursor(
  b: AgentPositions,
  view: CameraView,
  frame: ViewFrame,
  current: number,
  dir: 1 | -1,
  uncovered: Uncovered = everywhere,
): CursorStep | null {
  const inView = (i: number) => centreDistance(b, i, view, frame, uncovered)
  const dc = current >= 0 && current < b.count ? inView(current) : -1
  let total = 0
  let next = -1
  let dn = 0
  let wrap = -1
  let dw = 0
  for (let i = 0; i < b.count; i++) {
    const d = inView(i)
    if (d < 0) continue
    total++
    // the wrap-around candidate: the nearest going forward, the farthest going back
    if (wrap < 0 || (dir === 1 ? before(d, i, dw, wrap) : before(dw, wrap, d, i))) {
      wrap = i
      dw = d
    }
    if (dc < 0 || i === current) continue
    const beyond = dir === 1 ? before(dc, current, d, i) : before(d, i, dc, current)
    if (beyond && (next < 0 || (dir === 1 ? before(d, i, dn, next) : before(dn, next, d, i)))) {
      next = i
      dn = d
    }
  }
  if (total === 0) return null
  if (next < 0) {
    next = wrap
    dn = dw
  }
  let rank = 1
  for (let i = 0; i < b.count; i++) {
    const d = inView(i)
    if (d >= 0 && before(d, i, dn, next)) rank++
  }
  return { index: next, rank, total }
}

/** What the cursor's agent is, in the hover card's words. */
export interface CursorAgent {
  id: string
  type: string
  status: string
  failing?: boolean
}

/** The announcement for the agent the cursor reached: 'Agent 7F3A1, analyzer, active, 3 of 41 in view'. */
export function cursorAnnouncement(agent: CursorAgent, rank: number, total: number): string {
  // the short name the hover card and the detail modal show (agentText.ts shortName)
  const name = agent.id.slice(0, 5).toUpperCase()
  const status = agent.failing ? 'failing' : agent.status
  return `Agent ${name}, ${agent.type}, ${status}, ${rank} of ${total} in view`
}
