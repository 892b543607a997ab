import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import styled from 'styled-components'
import { flat } from '../../ui/glass'
import { keyStep } from '../../ui/keyStep'
import { ScrollArea } from '../../ui/ScrollArea'
import { MinimapPanel, useDockMap } from './Minimap'
import { IconButton, OverlayFrame } from './OverlayPanel'

/**
 * The overlay grid over the canvas. Panels sit in grid areas, so they can never cover each other;
 * the grid itself and every empty cell let the pointer through to the canvas (pointer-events: none,
 * inherited from the shell), only the panels take it.
 */
const Grid = styled.div`
  position: absolute;
  inset: 0;
  padding: 10px;
  display: grid;
  gap: 10px;
  pointer-events: none;
  grid-template-columns: clamp(220px, 19vw, 280px) minmax(0, 1fr) clamp(230px, 21vw, 300px);
  grid-template-rows: auto minmax(0, 1fr) auto auto;
  grid-template-areas:
    'left top right'
    'left center right'
    'left timeline right'
    'left bottom right';
`
/* A side column scrolls when its panels are taller than the screen, and says so (ScrollArea). */
const Column = styled(ScrollArea)<{ $area: string }>`
  grid-area: ${(p) => p.$area};
  & > div:first-child {
    display: flex;
    flex-direction: column;
    gap: 10px;
  }
`
const Top = styled.div`
  grid-area: top;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  min-width: 0;
`
const Bottom = styled.div`
  grid-area: bottom;
  display: flex;
  align-items: flex-end;
  gap: 10px;
  min-width: 0;
  height: clamp(150px, 26vh, 230px);
  & > :first-child {
    flex: 1;
    min-width: 0;
  }
`

/**
 * Desktop and landscape tablets: left and right columns, banner on top, console and zoom at the
 * bottom; the overview map heads the right column. (Portrait tablets and phones use the dock,
 * `DockLayout`.)
 */
export function DesktopLayout({
  left,
  right,
  top,
  console,
  zoom,
  timeline,
}: {
  left: ReactNode
  right: ReactNode
  top: ReactNode
  console: ReactNode
  zoom: ReactNode
  /** the live history's timeline (grid area `timeline`, under the scene); absent outside live */
  timeline?: ReactNode
}) {
  return (
    <Grid data-layout="desktop">
      <Column $area="left">{left}</Column>
      <Top>{top}</Top>
      <Column $area="right">
        <MinimapPanel />
        {right}
      </Column>
      {timeline}
      <Bottom>
        {console}
        {zoom}
      </Bottom>
    </Grid>
  )
}

const PhoneGrid = styled.div`
  position: absolute;
  inset: 0;
  padding: 8px;
  display: grid;
  gap: 8px;
  pointer-events: none;
  grid-template-columns: minmax(0, 1fr) auto;
  grid-template-rows: auto minmax(0, 1fr) auto auto;
  grid-template-areas:
    'top top'
    'center zoom'
    'timeline timeline'
    'dock dock';
`
const PhoneZoom = styled.div`
  grid-area: zoom;
  align-self: end;
`
const Dock = styled(OverlayFrame)`
  grid-area: dock;
`
const DockBar = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  padding: 4px;
  border-bottom: 1px solid ${(p) => p.theme.color.border};
  overflow-x: auto;
  scrollbar-width: none;
  & > button {
    flex-shrink: 0;
  }
  [role='tab'] {
    flex-shrink: 0;
    font-size: 10px;
    letter-spacing: 0.08em;
  }
  [role='tab'][aria-selected='true'] {
    background: rgba(0, 240, 200, 0.2);
    border-color: ${(p) => p.theme.color.accent};
  }
`
const Tablist = styled.div`
  display: flex;
  gap: 4px;
  min-width: 0;
  overflow-x: auto;
  scrollbar-width: none;
`
/* Panels inside the dock lose their own frame and title: the dock and its tab are both. */
const DockBody = styled.div<{ $variant: DockVariant }>`
  display: flex;
  flex-direction: column;
  min-height: 0;
  height: ${(p) => (p.$variant === 'phone' ? '34dvh' : '38dvh')};
  & > div > div > section,
  & > section {
    border: none;
    background: transparent;
    ${flat}
  }
  & > div > div > section > header {
    display: none;
  }
`
const ConsoleSlot = styled.div`
  height: 100%;
  & > section {
    border: none;
    background: transparent;
    ${flat}
  }
`

type DockVariant = 'phone' | 'tablet'

interface DockTab {
  id: string
  label: string
  content: ReactNode
}

interface DockLayoutProps {
  top: ReactNode
  zoom: ReactNode
  tabs: DockTab[]
  variant: DockVariant
  /** the live history's timeline, between the canvas and the dock; absent outside live */
  timeline?: ReactNode
}

/**
 * Phones and portrait tablets: the banner row on top, zoom buttons at the right edge, and one dock
 * at the bottom that shows one panel at a time (tabs), scrolls with a visible "more" sign when a
 * panel is taller than it, and folds away to leave the whole canvas free. Every panel is a tab,
 * so none is cut off by the screen or covered by another.
 */
export function DockLayout({ top, zoom, tabs, variant, timeline }: DockLayoutProps) {
  const [current, setCurrent] = useState(tabs[0]?.id ?? '')
  const [open, setOpen] = useState(true)
  const map = useDockMap(variant)
  const tab = tabs.find((t) => t.id === current) ?? tabs[0]
  const tabButtons = useRef<(HTMLButtonElement | null)[]>([])
  // Keyboard: one tab stop (the current tab); the arrows, Home and End move between the tabs and,
  // while the dock is open, show each (a folded dock stays folded until a tab is pressed).
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = tabButtons.current.findIndex((b) => b === document.activeElement)
    const to = keyStep(e.key, from < 0 ? 0 : from, tabs.length, { wrap: true })
    if (to === null) return
    e.preventDefault()
    tabButtons.current[to]?.focus()
    if (open) setCurrent(tabs[to]!.id)
  }
  return (
    <PhoneGrid data-layout={variant}>
      <Top>{top}</Top>
      {map.overlay}
      <PhoneZoom>{zoom}</PhoneZoom>
      {timeline}
      <Dock aria-label="Swarm panels">
        <DockBar>
          <Tablist role="tablist" aria-label="Swarm panels" onKeyDown={onTabKey}>
            {tabs.map((t, i) => (
              <IconButton
                key={t.id}
                ref={(b: HTMLButtonElement | null) => {
                  tabButtons.current[i] = b
                }}
                role="tab"
                id={`dock-tab-${t.id}`}
                tabIndex={t.id === tab?.id ? 0 : -1}
                aria-selected={open && t.id === tab?.id}
                aria-controls="dock-panel"
                onClick={() => {
                  setCurrent(t.id)
                  setOpen(true)
                }}
              >
                {t.label}
              </IconButton>
            ))}
          </Tablist>
          {map.button}
          <IconButton
            aria-expanded={open}
            aria-controls="dock-panel"
            aria-label={open ? 'Hide panels' : 'Show panels'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? '▾' : '▴'}
          </IconButton>
        </DockBar>
        {open && tab && (
          <DockBody
            $variant={variant}
            role="tabpanel"
            id="dock-panel"
            aria-labelledby={`dock-tab-${tab.id}`}
          >
            {tab.id === 'console' ? (
              <ConsoleSlot>{tab.content}</ConsoleSlot>
            ) : (
              <ScrollArea key={tab.id}>{tab.content}</ScrollArea>
            )}
          </DockBody>
        )}
      </Dock>
    </PhoneGrid>
  )
}
