/**
 * The camera rig's input side: pointer, wheel and keyboard events on the canvas fed into the pure
 * camera functions (camera.ts) and written to the shared camera store; presses and hovers are
 * queued for the GPU picker, and a click/tap selects by its press's pick (pickRequests.ts).
 * Left-drag or one finger pans, the wheel zooms 0.1 per notch toward the cursor, ctrl+wheel
 * (trackpad pinch) and two fingers zoom around their midpoint while panning.
 */
import {
  camera,
  resetCamera,
  setCamera,
  stopFollow,
  zoomIn,
  zoomOut,
} from '../../state/cameraStore'
import { setHoverInfo } from '../../state/swarmStore'
import {
  doubleTapZoom,
  panBy,
  pinch,
  wheelZoom,
  zoomAt,
  type Point,
  type ViewFrame,
} from './camera'
import {
  DOUBLE_TAP_MS,
  isClick,
  isDoubleTap,
  isDrag,
  pointerKind,
  type PointerKind,
  type Tap,
} from './gestures'
import {
  cancelHover,
  commitClick,
  dropClick,
  holdClick,
  requestHover,
  requestPress,
  type PickRequests,
} from '../picking/pickRequests'
import type { SwarmStore } from '../../state/swarmStore'

/** Arrow keys pan by this many CSS px. */
const KEY_PAN_PX = 50

interface Press {
  id: number
  kind: PointerKind
  startX: number
  startY: number
  startAt: number
  maxMoved: number
  /** a second finger joined: never a tap */
  multi: boolean
  dragging: boolean
}

/** Arrow keys pan, + and − zoom, 0 resets the view (the canvas has keyboard focus). */
function onKeyboardPanZoom(e: KeyboardEvent) {
  if (e.altKey || e.metaKey || e.ctrlKey) return
  const pan: Record<string, [number, number]> = {
    ArrowLeft: [KEY_PAN_PX, 0],
    ArrowRight: [-KEY_PAN_PX, 0],
    ArrowUp: [0, KEY_PAN_PX],
    ArrowDown: [0, -KEY_PAN_PX],
  }
  const d = pan[e.key]
  if (d) {
    stopFollow()
    setCamera(panBy(camera, d[0], d[1]))
  } else if (e.key === '+' || e.key === '=') zoomIn()
  else if (e.key === '-' || e.key === '_') zoomOut()
  else if (e.key === '0') resetCamera()
  else return
  e.preventDefault()
}

/**
 * The canvas as an application for assistive tech: its role, description and instructions, and
 * keyboard focus only while it is not hidden from assistive tech (dimmed behind a page, or behind a
 * modal dialog): a focusable element inside aria-hidden is an accessibility error. Returns the
 * function that stops following aria-hidden.
 */
function attachCanvasAccessibility(el: HTMLElement): () => void {
  // Keyboard focus only while the scene is not hidden from assistive tech (dimmed behind a page,
  // or behind a modal dialog): a focusable element inside aria-hidden is an accessibility error.
  const updateFocusable = () => {
    el.tabIndex = el.closest('[aria-hidden="true"]') ? -1 : 0
  }
  const observer = new MutationObserver(updateFocusable)
  observer.observe(document.body, {
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-hidden'],
  })
  updateFocusable()
  el.setAttribute('role', 'application')
  el.setAttribute('aria-roledescription', 'swarm canvas')
  el.setAttribute(
    'aria-label',
    'Agent swarm. Drag or use the arrow keys to pan; wheel, pinch or the + and − keys to zoom; 0 resets the view; click an agent for details, or step through the agents in view with N and P, nearest the centre first, and press Enter for details.',
  )
  el.style.touchAction = 'none'
  return () => observer.disconnect()
}

// eslint-disable-next-line max-lines-per-function -- 160 lines (pointer state shared by the press, drag, pinch and tap handlers); over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function attachGestures(
  store: SwarmStore,
  el: HTMLElement,
  picks: PickRequests,
): () => void {
  /** canvas-relative positions of the pressed pointers */
  const pointers = new Map<number, Point>()
  let press: Press | null = null
  /** the last touch tap, while a second one would make it a double-tap */
  let lastTap: Tap | null = null
  /** a touch tap's selection, held for DOUBLE_TAP_MS in case a second tap makes it a zoom */
  let pendingTap: ReturnType<typeof setTimeout> | null = null
  const cancelPendingTap = () => {
    if (pendingTap !== null) clearTimeout(pendingTap)
    pendingTap = null
    dropClick(picks)
  }

  const frame = (): ViewFrame => ({
    width: el.clientWidth,
    height: el.clientHeight,
    originX: store.swarm.world.width / 2,
    originY: store.swarm.world.height / 2,
  })
  const local = (e: { clientX: number; clientY: number }): Point => {
    const r = el.getBoundingClientRect()
    return { x: e.clientX - r.left, y: e.clientY - r.top }
  }
  const clearHover = () => {
    cancelHover(picks)
    if (store.swarm.hoverInfo) setHoverInfo(store, null)
  }

  function onPointerDown(e: PointerEvent) {
    const kind = pointerKind(e.pointerType)
    if (kind === 'mouse' && e.button !== 0) return
    const p = local(e)
    try {
      el.setPointerCapture(e.pointerId)
    } catch {
      // GOTCHA: synthetic or already-released pointers cannot be captured; the gesture still works.
    }
    pointers.set(e.pointerId, p)
    clearHover()
    if (pointers.size === 1) {
      // Picked now, as the agents are drawn under it: a click or tap selects by this pick.
      requestPress(picks, p.x, p.y, e.clientX, e.clientY, kind)
      picks.pickNow()
      press = {
        id: e.pointerId,
        kind,
        startX: p.x,
        startY: p.y,
        startAt: e.timeStamp,
        maxMoved: 0,
        multi: false,
        dragging: false,
      }
    } else if (press) {
      // GOTCHA: a second finger makes this a pinch; neither finger's lift may select an agent,
      // and a tap still waiting (double-tap window) is dropped too.
      press.multi = true
      press.dragging = true
      cancelPendingTap()
      lastTap = null
    }
  }

  function onPointerMove(e: PointerEvent) {
    const p = local(e)
    const prev = pointers.get(e.pointerId)
    if (!prev) {
      if (pointerKind(e.pointerType) === 'mouse' && e.buttons === 0)
        requestHover(picks, p.x, p.y, e.clientX, e.clientY)
      return
    }
    if (pointers.size >= 2) {
      // Two fingers: the first two pressed pointers drive the pinch.
      const ids = [...pointers.keys()]
      const i = ids.indexOf(e.pointerId)
      if (i > 1) return
      const a = pointers.get(ids[0]!)!
      const b = pointers.get(ids[1]!)!
      const to: [Point, Point] = i === 0 ? [p, b] : [a, p]
      stopFollow()
      setCamera(pinch(camera, frame(), [a, b], to))
      pointers.set(e.pointerId, p)
      return
    }
    if (press && press.id === e.pointerId && !press.dragging) {
      const moved = Math.hypot(p.x - press.startX, p.y - press.startY)
      press.maxMoved = Math.max(press.maxMoved, moved)
      if (!isDrag(press.kind, moved)) return
      // Becoming a drag: apply the movement since the press so the world stays under the pointer.
      press.dragging = true
      el.style.cursor = 'grabbing'
      stopFollow()
      setCamera(panBy(camera, p.x - press.startX, p.y - press.startY))
    } else {
      setCamera(panBy(camera, p.x - prev.x, p.y - prev.y))
    }
    pointers.set(e.pointerId, p)
  }

  function onPointerUp(e: PointerEvent) {
    if (!pointers.delete(e.pointerId)) return
    const p = local(e)
    if (press && press.id === e.pointerId && pointers.size === 0) {
      const moved = Math.max(press.maxMoved, Math.hypot(p.x - press.startX, p.y - press.startY))
      if (
        e.type === 'pointerup' &&
        !press.multi &&
        !press.dragging &&
        isClick(press.kind, e.timeStamp - press.startAt, moved)
      ) {
        if (press.kind === 'touch') onTap(p, e.timeStamp)
        else {
          holdClick(picks)
          commitClick(picks)
        }
      }
    }
    if (pointers.size === 0) {
      press = null
      el.style.cursor = ''
    }
    if (pointerKind(e.pointerType) === 'mouse' && e.type === 'pointerup')
      requestHover(picks, p.x, p.y, e.clientX, e.clientY)
  }

  /**
   * A touch tap selects after DOUBLE_TAP_MS unless a second tap comes first: then the two are a
   * double-tap, which zooms in ×2 at the tap point and selects nothing. What it selects was picked
   * when the finger touched, so the wait does not let a moving agent slip from under it.
   */
  function onTap(p: Point, at: number) {
    const tap = { x: p.x, y: p.y, at }
    if (isDoubleTap(lastTap, tap)) {
      cancelPendingTap()
      lastTap = null
      stopFollow()
      setCamera(doubleTapZoom(camera, frame(), p.x, p.y))
      return
    }
    cancelPendingTap()
    lastTap = tap
    holdClick(picks)
    pendingTap = setTimeout(() => {
      pendingTap = null
      commitClick(picks)
    }, DOUBLE_TAP_MS)
  }

  function onPointerLeave(e: PointerEvent) {
    if (!pointers.has(e.pointerId)) clearHover()
  }

  function onWheel(e: WheelEvent) {
    // GOTCHA: must be a non-passive listener, or ctrl+wheel (trackpad pinch) zooms the whole page.
    e.preventDefault()
    stopFollow()
    const p = local(e)
    const z = wheelZoom(camera.zoom, e.deltaY, e.deltaMode, e.ctrlKey)
    setCamera(zoomAt(camera, frame(), p.x, p.y, z))
  }

  const detachAccessibility = attachCanvasAccessibility(el)

  el.addEventListener('pointerdown', onPointerDown)
  el.addEventListener('pointermove', onPointerMove)
  el.addEventListener('pointerup', onPointerUp)
  el.addEventListener('pointercancel', onPointerUp)
  el.addEventListener('pointerleave', onPointerLeave)
  el.addEventListener('wheel', onWheel, { passive: false })
  el.addEventListener('keydown', onKeyboardPanZoom)
  return () => {
    cancelPendingTap()
    detachAccessibility()
    el.removeEventListener('pointerdown', onPointerDown)
    el.removeEventListener('pointermove', onPointerMove)
    el.removeEventListener('pointerup', onPointerUp)
    el.removeEventListener('pointercancel', onPointerUp)
    el.removeEventListener('pointerleave', onPointerLeave)
    el.removeEventListener('wheel', onWheel)
    el.removeEventListener('keydown', onKeyboardPanZoom)
    clearHover()
  }
}
