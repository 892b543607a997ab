import { AxisBottom, AxisLeft, type AxisScale, type TickRendererProps } from '@visx/axis'
import { GridRows } from '@visx/grid'
import type { scaleLinear } from '@visx/scale'
import { theme } from '../../../ui/theme'
import { CHART_FONT } from './ChartFrame'

export type LinearScale = ReturnType<typeof scaleLinear<number>>

export interface Margin {
  top: number
  right: number
  bottom: number
  left: number
}
export const MARGIN: Margin = { top: 12, right: 14, bottom: 44, left: 52 }

const TICK_LABEL = { fill: theme.color.muted, fontSize: 10, fontFamily: CHART_FONT } as const
const AXIS_LABEL = {
  fill: theme.color.text,
  fontSize: 10,
  fontFamily: CHART_FONT,
  letterSpacing: '0.08em',
  textAnchor: 'middle',
} as const

/**
 * A tick label as plain SVG text. visx's own label (`@visx/text`) measures every word of every new
 * label in the DOM, a forced layout each, to wrap text that these one-word labels never need
 * wrapped: it was a fifth of the script time of /analytics's first render (docs/ARCHITECTURE.md,
 * "First load"), and the time axes bring new labels as the charts move. Drawn the same: the
 * offsets that visx puts on a wrapping <svg> are the text's own dx / dy here.
 */
function TickLabel({
  formattedValue,
  x,
  y,
  dx,
  dy,
  textAnchor,
  fill,
  fontSize,
  fontFamily,
}: TickRendererProps) {
  return (
    <text
      x={x}
      y={y}
      dx={dx}
      dy={dy}
      textAnchor={textAnchor}
      fill={fill}
      fontSize={fontSize}
      fontFamily={fontFamily}
    >
      {formattedValue}
    </text>
  )
}

/** Horizontal grid lines plus a labelled value axis on the left. */
export function ValueAxis({
  scale,
  width,
  label,
  format,
  ticks = 5,
}: {
  scale: LinearScale
  width: number
  label: string
  format?: (v: number) => string
  ticks?: number
}) {
  return (
    <>
      <GridRows scale={scale} width={width} numTicks={ticks} stroke="rgba(0, 240, 200, 0.08)" />
      <AxisLeft
        scale={scale}
        numTicks={ticks}
        label={label}
        labelOffset={28}
        labelProps={AXIS_LABEL}
        stroke={theme.color.border}
        tickStroke={theme.color.border}
        tickFormat={format ? (v) => format(Number(v)) : undefined}
        tickLabelProps={() => ({ ...TICK_LABEL, textAnchor: 'end', dx: -2, dy: '0.33em' })}
        tickComponent={TickLabel}
      />
    </>
  )
}

/** A labelled time/category axis at the bottom showing `values` (indices or categories). */
export function BottomAxis<S extends AxisScale>({
  scale,
  top,
  values,
  format,
  label,
}: {
  scale: S
  top: number
  values: unknown[]
  format: (v: never) => string
  label: string
}) {
  return (
    <AxisBottom
      scale={scale}
      top={top}
      tickValues={values as never}
      tickFormat={(v) => format(v as never)}
      label={label}
      labelOffset={14}
      labelProps={AXIS_LABEL}
      stroke={theme.color.border}
      tickStroke={theme.color.border}
      tickLabelProps={() => ({ ...TICK_LABEL, textAnchor: 'middle' })}
      tickComponent={TickLabel}
    />
  )
}
