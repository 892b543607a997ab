import { ParentSize } from '@visx/responsive'
import { TooltipWithBounds } from '@visx/tooltip'
import { useId, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import styled from 'styled-components'
import { LoadingText } from '../../../ui/Page'
import { keyStep } from '../../../ui/keyStep'
import { nearestIndex } from '../analyticsData'
import { visuallyHidden } from '../../../ui/visuallyHidden'

export interface TooltipRow {
  label: string
  value: string
  color: string
}
export interface TooltipContent {
  title: string
  rows: TooltipRow[]
}
export interface ChartSize {
  width: number
  height: number
}
/** What a chart draws for a size: its SVG content and where each point sits (for hit-testing). */
export interface ChartDrawing {
  svg: ReactNode
  /** x of each point's centre, in SVG pixels */
  centers: number[]
  /** y where the tooltip of point i is anchored */
  anchorY: (i: number) => number
}

export const CHART_FONT = "'JetBrains Mono', ui-monospace, monospace"

const Legend = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  margin: 0 0 8px;
  padding: 0;
  font-size: 11px;
  color: ${(p) => p.theme.color.muted};
  li {
    display: flex;
    align-items: center;
    gap: 6px;
  }
  i {
    width: 10px;
    height: 10px;
    border-radius: 2px;
  }
`
const Surface = styled.div`
  position: relative;
  /* GOTCHA: pan-y keeps vertical page scrolling on phones while taps and sideways drags reach us. */
  touch-action: pan-y;
  cursor: crosshair;
  border-radius: ${(p) => p.theme.radius};
  &:focus-visible {
    outline: 1px solid ${(p) => p.theme.color.accent};
  }
  svg {
    display: block;
  }
`
const Tip = styled.div`
  font-size: 11px;
  line-height: 1.5;
  color: ${(p) => p.theme.color.text};
  b {
    display: block;
    color: ${(p) => p.theme.color.accent};
    font-weight: 600;
    margin-bottom: 2px;
  }
  div {
    display: flex;
    align-items: center;
    gap: 6px;
    white-space: nowrap;
  }
  i {
    width: 8px;
    height: 8px;
    border-radius: 50%;
  }
`
const SrOnly = styled.div`
  ${visuallyHidden}
`
const Placeholder = styled.div<{ $h: number }>`
  height: ${(p) => p.$h}px;
  display: flex;
  align-items: center;
  justify-content: center;
`

const TIP_STYLE = {
  position: 'absolute' as const,
  pointerEvents: 'none' as const,
  background: 'rgba(4, 12, 18, 0.96)',
  border: '1px solid rgba(0, 240, 200, 0.55)',
  borderRadius: 4,
  padding: '6px 9px',
  boxShadow: '0 0 14px rgba(0, 0, 0, 0.6)',
  zIndex: 2,
}

function tooltipText(t: TooltipContent): string {
  return `${t.title}: ${t.rows.map((r) => `${r.label} ${r.value}`).join(', ')}`
}

function ChartSurface({
  size,
  label,
  count,
  draw,
  tooltip,
}: {
  size: ChartSize
  label: string
  count: number
  draw: (size: ChartSize, active: number | null) => ChartDrawing
  tooltip: (i: number) => TooltipContent
}) {
  const [active, setActive] = useState<number | null>(null)
  const statusId = useId()
  const index = active !== null && active < count ? active : null
  const drawing = draw(size, index)

  const pick = (e: PointerEvent<HTMLDivElement>) => {
    const x = e.clientX - e.currentTarget.getBoundingClientRect().left
    const i = nearestIndex(drawing.centers, x)
    if (i >= 0) setActive(i)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      setActive(null)
      return
    }
    const next = keyStep(e.key, index, count, { vertical: true })
    if (next === null) return
    e.preventDefault()
    setActive(next)
  }
  const tip = index !== null ? tooltip(index) : null

  return (
    <>
      <Surface
        role="group"
        tabIndex={0}
        aria-label={`${label}. Arrow keys step through the points.`}
        aria-describedby={statusId}
        data-testid="chart"
        onPointerMove={pick}
        onPointerDown={pick}
        // Mouse: the tooltip follows the pointer and leaves with it. Touch: a tap pins it until the
        // next tap elsewhere (pointerleave fires right after every touch, so it is ignored).
        onPointerLeave={(e) => {
          if (e.pointerType === 'mouse') setActive(null)
        }}
        onBlur={() => setActive(null)}
        onKeyDown={onKeyDown}
      >
        <svg width={size.width} height={size.height} aria-hidden="true">
          {drawing.svg}
        </svg>
        {tip && index !== null && (
          <TooltipWithBounds
            key={index}
            left={drawing.centers[index]}
            top={drawing.anchorY(index)}
            style={TIP_STYLE}
            aria-hidden="true"
          >
            <Tip data-testid="chart-tooltip">
              <b>{tip.title}</b>
              {tip.rows.map((r) => (
                <div key={r.label}>
                  <i style={{ background: r.color }} />
                  {r.label} {r.value}
                </div>
              ))}
            </Tip>
          </TooltipWithBounds>
        )}
      </Surface>
      <SrOnly id={statusId} role="status">
        {tip ? tooltipText(tip) : ''}
      </SrOnly>
    </>
  )
}

/**
 * A responsive chart: legend, an SVG as wide as its parent (ParentSize), hover/touch/keyboard
 * selection of the nearest point with a tooltip, and a live text of the selected point for
 * screen readers.
 */
export function ChartFrame({
  label,
  height,
  count,
  legend,
  draw,
  tooltip,
}: {
  label: string
  height: number
  count: number
  legend?: { label: string; color: string }[]
  draw: (size: ChartSize, active: number | null) => ChartDrawing
  tooltip: (i: number) => TooltipContent
}) {
  return (
    <div>
      {legend && (
        <Legend aria-label={`${label} legend`}>
          {legend.map((l) => (
            <li key={l.label}>
              <i style={{ background: l.color }} />
              {l.label}
            </li>
          ))}
        </Legend>
      )}
      <ParentSize ignoreDimensions={['height', 'top', 'left']} style={{ height }}>
        {({ width }) =>
          width > 0 ? (
            <ChartSurface
              size={{ width, height }}
              label={label}
              count={count}
              draw={draw}
              tooltip={tooltip}
            />
          ) : (
            <Placeholder $h={height}>
              <LoadingText role="status">Rendering chart...</LoadingText>
            </Placeholder>
          )
        }
      </ParentSize>
    </div>
  )
}
