/**
 * What the gesture handlers ask the picker for: the latest hover point (throttled), and each press
 * picked where and when it touched, which a click or tap then selects by. Plain mutable state
 * shared by the rig (writer) and the frame driver (reader); no React state, no allocation per
 * request.
 *
 * A click or tap selects the agent that was under the pointer when it PRESSED: the press is picked
 * at once (pickNow) or, when the picker is busy, at the next frame before the agents move
 * (FrameDriver), and the click waits for that pick, a touch tap also for the double-tap window.
 * Picking when the selection is due instead picked where the agents had moved by then (~30 px
 * after a tap's 300 ms wait).
 */
import type { PointerKind } from '../camera/gestures'

/** Hover picks run at most this often while the pointer moves (ms). */
export const HOVER_PICK_INTERVAL_MS = 50
/** While the pointer rests over the canvas, re-pick this often: agents move under it (ms). */
export const HOVER_REFRESH_MS = 250

interface PickPoint {
  /** canvas CSS px (picking) */
  x: number
  y: number
  /** viewport CSS px (where the hover card goes) */
  clientX: number
  clientY: number
  kind: PointerKind
}

/** The click or tap waiting to select: which press it was and that press's pick. */
interface PendingClick {
  /** the press's number; 0: no click waiting */
  seq: number
  /** the press's pick has resolved, to `id` (null: no agent within the threshold) */
  done: boolean
  id: string | null
  /** the click may select now (a touch tap: once no second tap can make it a double-tap) */
  due: boolean
}

export interface PickRequests {
  /** a hover point is wanted (pointer over the canvas, no button down) */
  hoverActive: boolean
  /** the hover point moved since the last hover pick */
  hoverDirty: boolean
  hover: PickPoint
  lastHoverPickAt: number
  /** the latest press is waiting to be picked */
  pressPending: boolean
  press: PickPoint
  /** the latest press's number (1, 2, …) */
  pressSeq: number
  /** the latest press's pick has resolved, to `pressId` */
  pressDone: boolean
  pressId: string | null
  click: PendingClick
  /**
   * Pick the waiting press now if the picker is free (the frame driver sets it; a no-op without
   * one). GOTCHA: a source may rewrite its buffers between frames (the live feed applies a full
   * state as it arrives), so a pick that waits for the next frame can see positions never drawn.
   */
  pickNow: () => void
}

function point(): PickPoint {
  return { x: 0, y: 0, clientX: 0, clientY: 0, kind: 'mouse' }
}

export function createPickRequests(): PickRequests {
  return {
    hoverActive: false,
    hoverDirty: false,
    hover: point(),
    lastHoverPickAt: -Infinity,
    pressPending: false,
    press: point(),
    pressSeq: 0,
    pressDone: false,
    pressId: null,
    click: { seq: 0, done: false, id: null, due: false },
    pickNow: () => {},
  }
}

function setPoint(
  p: PickPoint,
  x: number,
  y: number,
  clientX: number,
  clientY: number,
  kind: PointerKind,
) {
  p.x = x
  p.y = y
  p.clientX = clientX
  p.clientY = clientY
  p.kind = kind
}

export function requestHover(
  r: PickRequests,
  x: number,
  y: number,
  clientX: number,
  clientY: number,
): void {
  setPoint(r.hover, x, y, clientX, clientY, 'mouse')
  r.hoverActive = true
  r.hoverDirty = true
}

export function cancelHover(r: PickRequests): void {
  r.hoverActive = false
  r.hoverDirty = false
}

/** A press at canvas px (x, y): picked at the next frame, against the agents as it saw them. */
export function requestPress(
  r: PickRequests,
  x: number,
  y: number,
  clientX: number,
  clientY: number,
  kind: PointerKind,
): void {
  // a press replaced before its pick was issued (two within one frame) picks nothing
  if (r.pressPending) settlePress(r, r.pressSeq, null)
  setPoint(r.press, x, y, clientX, clientY, kind)
  r.pressSeq++
  r.pressPending = true
  r.pressDone = false
  r.pressId = null
}

/** Press number `seq` was picked: agent `id`, or null for none. */
export function settlePress(r: PickRequests, seq: number, id: string | null): void {
  if (seq === r.pressSeq) {
    r.pressDone = true
    r.pressId = id
  }
  const c = r.click
  if (c.seq === seq && !c.done) {
    c.done = true
    c.id = id
  }
}

/** The latest press was a click or tap: it will select by its press's pick once due. */
export function holdClick(r: PickRequests): void {
  const c = r.click
  c.seq = r.pressSeq
  c.done = r.pressDone
  c.id = r.pressId
  c.due = false
}

/** The held click may select (a mouse click at once; a tap after the double-tap window). */
export function commitClick(r: PickRequests): void {
  if (r.click.seq !== 0) r.click.due = true
}

/** The held click selects nothing (it became a double-tap or a pinch). */
export function dropClick(r: PickRequests): void {
  r.click.seq = 0
}

/**
 * The agent a due click selects (null: none within the threshold), once; undefined while no click
 * is due or its press's pick has not resolved yet.
 */
export function takeClick(r: PickRequests): string | null | undefined {
  const c = r.click
  if (c.seq === 0 || !c.due || !c.done) return undefined
  c.seq = 0
  return c.id
}

/** The hover pick is due at time `now` (ms). */
export function hoverDue(r: PickRequests, now: number): boolean {
  if (!r.hoverActive) return false
  const since = now - r.lastHoverPickAt
  return r.hoverDirty ? since >= HOVER_PICK_INTERVAL_MS : since >= HOVER_REFRESH_MS
}
