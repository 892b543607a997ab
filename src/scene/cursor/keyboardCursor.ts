/**
 * The keyboard cursor (README, "Swarm Core: mouse, touch and keyboard"): with the swarm canvas
 * focused, N and P step through the agents in view, nearest the view's centre first
 * (agentCursor.ts); the hover card shows the agent reached, so F follows it and Z zooms to it as
 * with the mouse; Enter opens its detail; Escape lets it go. A status region announces each step.
 * The cursor shows while the canvas has focus (a ring drawn by CursorLayer.tsx) and comes back when
 * focus returns (closing the detail); a pointer pressed or moved on the canvas takes over from it.
 */
import { camera } from '../../state/cameraStore'
import { agentById, selectAgent, setHoverInfo } from '../../state/swarmStore'
import type { AgentBuffers } from '../../sim'
import { worldToScreen, type ViewFrame } from '../camera/camera'
import { cancelHover, type PickRequests } from '../picking/pickRequests'
import { cursorAnnouncement, stepCursor, type Uncovered } from './agentCursor'
import type { SwarmStore } from '../../state/swarmStore'

/**
 * Whether the canvas shows at a point, or a panel (the dock, the console…) covers it there: a hit
 * test, once per pixel for one step (the panels may have moved by the next). The world grows with
 * the swarm (worldForCount), so the canvas holds a few hundred agents at most zoomed out, whatever
 * the count: a few hundred hit tests a key press.
 */
function uncoveredOn(canvas: HTMLElement): Uncovered {
  const r = canvas.getBoundingClientRect()
  const cols = Math.ceil(r.width) + 1
  const seen = new Map<number, boolean>()
  return (x, y) => {
    const px = Math.round(y) * cols + Math.round(x)
    let shown = seen.get(px)
    if (shown === undefined) {
      shown = document.elementFromPoint(r.left + x, r.top + y) === canvas
      seen.set(px, shown)
    }
    return shown
  }
}

export interface AgentCursor {
  /** the agent the cursor is on (null: none) */
  id: string | null
  /** its buffer index when last seen (ids move only when the swarm is rebuilt) */
  index: number
  /** drawn, with the hover card: the canvas has keyboard focus */
  shown: boolean
}

export function createAgentCursor(): AgentCursor {
  return { id: null, index: -1, shown: false }
}

/** The cursor agent's index in `b`, or −1 (none, or it left the swarm). */
export function cursorIndex(c: AgentCursor, b: AgentBuffers): number {
  if (c.id === null) return -1
  let i = c.index
  if (i < 0 || i >= b.count || b.ids[i] !== c.id) i = c.index = b.ids.indexOf(c.id)
  return i < b.count ? i : -1
}

/** The keys, focus and pointer rules of the cursor on canvas `el`; returns the detach. */
// eslint-disable-next-line max-lines-per-function -- 82 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function attachAgentCursor(
  store: SwarmStore,
  el: HTMLElement,
  cursor: AgentCursor,
  picks: PickRequests,
  announcer: () => HTMLElement | null,
): () => void {
  const frame = (): ViewFrame => ({
    width: el.clientWidth,
    height: el.clientHeight,
    originX: store.swarm.world.width / 2,
    originY: store.swarm.world.height / 2,
  })
  const announce = (text: string) => {
    const a = announcer()
    if (a) a.textContent = text
  }
  const show = () => {
    const i = cursorIndex(cursor, store.display.buffers)
    if (i < 0 || cursor.id === null) return
    cursor.shown = true
    // the mouse's resting hover pick would replace the card
    cancelHover(picks)
    const r = el.getBoundingClientRect()
    const b = store.display.buffers
    const at = worldToScreen(camera, frame(), b.x[i]!, b.y[i]!)
    setHoverInfo(store, { agentId: cursor.id, position: { x: r.left + at.x, y: r.top + at.y } })
  }
  const hide = () => {
    cursor.shown = false
    if (cursor.id !== null && store.swarm.hoverInfo?.agentId === cursor.id)
      setHoverInfo(store, null)
  }
  const clear = () => {
    if (cursor.id === null) return
    hide()
    cursor.id = null
    cursor.index = -1
    announce('')
  }

  const step = (dir: 1 | -1) => {
    const b = store.display.buffers
    const s = stepCursor(b, camera, frame(), cursorIndex(cursor, b), dir, uncoveredOn(el))
    if (!s) {
      announce('No agent in view')
      return
    }
    cursor.id = b.ids[s.index]!
    cursor.index = s.index
    show()
    const agent = agentById(store, cursor.id)
    announce(agent ? cursorAnnouncement(agent, s.rank, s.total) : '')
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.altKey || e.metaKey || e.ctrlKey) return
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key
    if (key === 'n') step(1)
    else if (key === 'p') step(-1)
    else if (key === 'Enter' && cursor.id !== null) {
      hide()
      selectAgent(store, cursor.id)
    } else if (key === 'Escape' && cursor.id !== null) clear()
    else return
    e.preventDefault()
  }
  const onFocus = () => {
    if (cursor.id !== null) show()
  }
  const onPointerMove = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.buttons === 0) clear()
  }

  el.addEventListener('keydown', onKeyDown)
  el.addEventListener('focus', onFocus)
  el.addEventListener('blur', hide)
  el.addEventListener('pointerdown', clear)
  el.addEventListener('pointermove', onPointerMove)
  return () => {
    el.removeEventListener('keydown', onKeyDown)
    el.removeEventListener('focus', onFocus)
    el.removeEventListener('blur', hide)
    el.removeEventListener('pointerdown', clear)
    el.removeEventListener('pointermove', onPointerMove)
    clear()
  }
}
