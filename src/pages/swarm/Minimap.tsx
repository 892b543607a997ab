import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import styled from 'styled-components'
import { subscribe, useSnapshot } from 'valtio'
import { filterActive } from '../../sim/agentFilter'
import { camera, setCamera, stopFollow } from '../../state/cameraStore'
import { useSwarmStore } from '../../state/swarmStoreContext'
import type { SwarmStore } from '../../state/swarmState'
import { visuallyHidden } from '../../ui/visuallyHidden'
import { mapSize, paintHeat, panForKey, panForMapPoint, viewRect, type Size } from './minimap'
import { IconButton, OverlayFrame, OverlayPanel } from './OverlayPanel'
import { formatNumber } from '../../ui/format'

const MapBox = styled.div`
  position: relative;
  margin: 0 auto;
  background: rgba(0, 20, 28, 0.6);
  outline: 1px solid ${(p) => p.theme.color.border};
  cursor: crosshair;
  /* GOTCHA: the map owns touch drags (no page scroll or browser pinch while moving the view); the
     rest of the overlay keeps the browser's own touch handling. */
  touch-action: none;
  user-select: none;
  -webkit-user-select: none;
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.color.accent};
    outline-offset: 2px;
  }
`
const Heat = styled.canvas`
  display: block;
  width: 100%;
  height: 100%;
`
/* Moved by style writes from a camera subscription, never by React renders. */
const ViewRect = styled.div`
  position: absolute;
  left: 0;
  top: 0;
  border: 1px solid ${(p) => p.theme.color.accent};
  background: rgba(0, 240, 200, 0.12);
  box-shadow:
    0 0 0 1px rgba(0, 0, 0, 0.7),
    0 0 6px rgba(0, 240, 200, 0.6);
  pointer-events: none;
`
const Caption = styled.p`
  margin: 6px 0 0;
  font-size: 10px;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${(p) => p.theme.color.muted};
  text-align: center;
  font-variant-numeric: tabular-nums;
  strong {
    color: ${(p) => p.theme.color.red};
    font-weight: normal;
  }
  em {
    color: ${(p) => p.theme.color.accent};
    font-style: normal;
  }
`
const Hidden = styled.span`
  ${visuallyHidden}
`

/** The canvas is the full-screen scene layer (SceneSlot: fixed, inset 0): the window's size. */
function canvasSize(): Size {
  return { width: window.innerWidth, height: window.innerHeight }
}

/** The image each canvas last drew into, reused while the grid keeps its size. */
const images = new WeakMap<HTMLCanvasElement, ImageData>()

/** Draw the newest census into `el` (one pixel per cell; CSS scales it up). */
function drawCensus(store: SwarmStore, el: HTMLCanvasElement): void {
  const census = store.explore.census
  const ctx = el.getContext('2d')
  if (!census || !ctx) return
  const { cols, rows } = census.grid
  let image = images.get(el)
  if (!image || image.width !== cols || image.height !== rows) {
    el.width = cols
    el.height = rows
    image = ctx.createImageData(cols, rows)
    images.set(el, image)
  }
  paintHeat(census.grid, filterActive(store.explore.filter), image.data)
  ctx.putImageData(image, 0, 0)
}

/**
 * The rectangle follows the camera (and the window's size) through a valtio subscription that
 * writes its style: no React render per camera move, so panning costs the page next to nothing.
 */
function useViewRect(size: Size, world: { width: number; height: number }) {
  const rect = useRef<HTMLDivElement>(null)
  useEffect(() => {
    let last = ''
    const place = () => {
      const el = rect.current
      if (!el) return
      const r = viewRect(camera, canvasSize(), world, size)
      const key = `${r.left}/${r.top}/${r.width}/${r.height}`
      if (key === last) return // e.g. a view clipped at the map's edge that moved further out
      last = key
      el.style.transform = `translate(${r.left}px, ${r.top}px)`
      el.style.width = `${r.width}px`
      el.style.height = `${r.height}px`
    }
    place()
    window.addEventListener('resize', place)
    const stop = subscribe(camera, place)
    return () => {
      stop()
      window.removeEventListener('resize', place)
    }
  }, [size, world])
  return rect
}

/**
 * The map itself: the census's heat image, the view rectangle, press/drag to move the camera there,
 * arrow keys to move it and Home to recentre (ARCHITECTURE.md "Exploring the swarm").
 */
function OverviewMap({ maxWidth, maxHeight }: { maxWidth: number; maxHeight: number }) {
  const store = useSwarmStore()
  const { width, height } = useSnapshot(store.swarm).world
  const { censusVersion, census, filter } = useSnapshot(store.explore)
  const world = useWorld(width, height)
  const size = useSizeStable(mapSize(world, maxWidth, maxHeight))
  const heat = useRef<HTMLCanvasElement>(null)
  const rect = useViewRect(size, world)
  const dragging = useRef<number | null>(null)
  const descId = useId()

  useEffect(() => {
    if (heat.current) drawCensus(store, heat.current)
  }, [store, censusVersion])

  const moveTo = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    const pan = panForMapPoint(size, world, e.clientX - box.left, e.clientY - box.top)
    stopFollow()
    setCamera(pan)
  }
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return
    e.preventDefault()
    e.currentTarget.focus({ preventScroll: true })
    e.currentTarget.setPointerCapture(e.pointerId)
    dragging.current = e.pointerId
    moveTo(e)
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === e.pointerId) moveTo(e)
  }
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === e.pointerId) dragging.current = null
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.metaKey || e.ctrlKey) return
    const pan = panForKey(e.key, e.shiftKey, camera, world)
    if (!pan) return
    e.preventDefault()
    stopFollow()
    setCamera(pan)
  }

  const count = census?.count ?? 0
  const failing = census?.failing ?? 0
  const matching = census && filterActive(filter) ? census.matching : null
  return (
    <>
      <MapBox
        role="application"
        aria-label="Overview map"
        aria-describedby={descId}
        tabIndex={0}
        data-testid="minimap"
        style={{ width: size.width, height: size.height }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onLostPointerCapture={onPointerEnd}
        onKeyDown={onKeyDown}
      >
        <Heat ref={heat} data-testid="minimap-heat" data-census={censusVersion} />
        <ViewRect ref={rect} data-testid="minimap-view" />
      </MapBox>
      <MapCaption id={descId} count={count} failing={failing} matching={matching} />
    </>
  )
}

const n = (v: number) => formatNumber(v)

/** What the map shows in words: the count, the filter's matches when one is on, the failing. */
function MapCaption(p: { id: string; count: number; failing: number; matching: number | null }) {
  return (
    <Caption id={p.id} data-testid="minimap-caption">
      {n(p.count)} {p.count === 1 ? 'agent' : 'agents'}
      {p.matching !== null && (
        <>
          {' · '}
          <em>{n(p.matching)} matching</em>
        </>
      )}
      {p.failing > 0 && (
        <>
          {' · '}
          <strong>{n(p.failing)} failing</strong>
        </>
      )}
      <Hidden>
        . The rectangle is the view; bright cells hold many agents
        {p.matching !== null ? ', dim ones only agents outside the filter' : ''}, red ones failing
        agents. Press or drag on the map to move there; arrow keys move the view, Shift with an
        arrow moves farther, Home recentres.
      </Hidden>
    </Caption>
  )
}

/** The same world object while its size is the same (effects key on it). */
function useWorld(width: number, height: number) {
  const [world, setWorld] = useState({ width, height })
  if (world.width !== width || world.height !== height) setWorld({ width, height })
  return world
}

function useSizeStable(next: Size): Size {
  const [size, setSize] = useState(next)
  if (size.width !== next.width || size.height !== next.height) setSize(next)
  return size
}

/**
 * Open or collapsed, remembered for the browser session under `where` (the desktop panel starts
 * open; the dock's map starts hidden, the canvas being small there).
 */
function useMinimapOpen(
  where: 'panel' | 'dock',
  fallback: boolean,
): [boolean, (open: boolean) => void] {
  const key = `vpos.minimap.${where}`
  const [open, setOpenState] = useState(() => {
    const v = readSession(key)
    return v === null ? fallback : v === '1'
  })
  const setOpen = useCallback(
    (o: boolean) => {
      setOpenState(o)
      writeSession(key, o ? '1' : '0')
    },
    [key],
  )
  return [open, setOpen]
}

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key)
  } catch {
    return null // storage refused (private mode, sandboxed frame)
  }
}

function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value)
  } catch {
    // storage refused: the choice lasts until the page reloads
  }
}

/** Desktop and landscape tablets: the overview as a collapsible panel atop the right column. */
export function MinimapPanel() {
  const [open, setOpen] = useMinimapOpen('panel', true)
  return (
    <OverlayPanel
      title="Overview"
      testId="minimap-panel"
      collapsed={!open}
      onToggle={() => setOpen(!open)}
    >
      {open && <OverviewMap maxWidth={208} maxHeight={150} />}
    </OverlayPanel>
  )
}

/* The dock's map floats at the bottom-left of the canvas area (the dock layout's centre cell),
   clear of the zoom column and the top row, whether the dock is open or folded. */
const DockMapFrame = styled(OverlayFrame)`
  grid-area: center;
  align-self: end;
  justify-self: start;
  padding: 8px;
`

/** Phones and portrait tablets: the overview over the canvas, shown by the dock's MAP button. */
function DockMap({ variant }: { variant: 'phone' | 'tablet' }) {
  const phone = variant === 'phone'
  return (
    <DockMapFrame id="dock-map" aria-label="Overview" data-testid="minimap-panel">
      <OverviewMap maxWidth={phone ? 168 : 220} maxHeight={phone ? 120 : 160} />
    </DockMapFrame>
  )
}

const MapButton = styled(IconButton)`
  margin-left: auto;
  flex-shrink: 0;
  font-size: 10px;
  letter-spacing: 0.08em;
  &[aria-expanded='true'] {
    background: rgba(0, 240, 200, 0.2);
    border-color: ${(p) => p.theme.color.accent};
  }
`

/** The dock bar's MAP button: shows or hides DockMap. */
function DockMapButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <MapButton
      aria-expanded={open}
      aria-controls="dock-map"
      aria-label={open ? 'Hide map' : 'Show map'}
      onClick={onToggle}
    >
      MAP
    </MapButton>
  )
}

/** The dock's overview: its MAP button (for the dock bar) and the map (null while hidden). */
export function useDockMap(variant: 'phone' | 'tablet'): { button: ReactNode; overlay: ReactNode } {
  const [open, setOpen] = useMinimapOpen('dock', false)
  return {
    button: <DockMapButton open={open} onToggle={() => setOpen(!open)} />,
    overlay: open ? <DockMap variant={variant} /> : null,
  }
}
