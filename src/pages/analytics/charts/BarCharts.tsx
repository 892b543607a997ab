import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { theme } from '../../../ui/theme'
import { tickIndices } from '../analyticsData'
import { BottomAxis, MARGIN, ValueAxis } from './axes'
import { CHART_FONT, ChartFrame, type ChartSize, type TooltipRow } from './ChartFrame'

/** One bar per category, its value printed above it. */
// eslint-disable-next-line max-lines-per-function -- 83 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function CategoryBarChart<T>({
  data,
  label,
  xLabel,
  yLabel,
  height,
  category,
  value,
  color,
  rows,
}: {
  data: T[]
  label: string
  xLabel: string
  yLabel: string
  height: number
  category: (d: T) => string
  value: (d: T) => number
  color: (d: T) => string
  rows: (d: T) => TooltipRow[]
}) {
  const draw = ({ width, height: h }: ChartSize, active: number | null) => {
    const innerW = Math.max(10, width - MARGIN.left - MARGIN.right)
    const innerH = Math.max(10, h - MARGIN.top - MARGIN.bottom)
    const x = scaleBand<string>({ domain: data.map(category), range: [0, innerW], padding: 0.35 })
    const max = Math.max(1, ...data.map(value))
    const y = scaleLinear<number>({ domain: [0, max * 1.15], range: [innerH, 0], nice: true })
    const svg = (
      <Group left={MARGIN.left} top={MARGIN.top}>
        <ValueAxis scale={y} width={innerW} label={yLabel} ticks={4} />
        {data.map((d, i) => {
          const bx = x(category(d)) ?? 0
          const by = y(value(d))
          return (
            <g key={category(d)}>
              <Bar
                x={bx}
                y={by}
                width={x.bandwidth()}
                height={innerH - by}
                fill={color(d)}
                fillOpacity={active === null || active === i ? 0.85 : 0.4}
                stroke={active === i ? theme.color.text : 'none'}
                rx={2}
              />
              <text
                x={bx + x.bandwidth() / 2}
                y={by - 6}
                textAnchor="middle"
                fill={theme.color.text}
                fontSize={11}
                fontFamily={CHART_FONT}
              >
                {value(d)}
              </text>
            </g>
          )
        })}
        <BottomAxis
          scale={x}
          top={innerH}
          values={data.map(category)}
          format={(c: string) => c}
          label={xLabel}
        />
      </Group>
    )
    return {
      svg,
      centers: data.map((d) => MARGIN.left + (x(category(d)) ?? 0) + x.bandwidth() / 2),
      anchorY: (i: number) => MARGIN.top + y(value(data[i]!)),
    }
  }
  return (
    <ChartFrame
      label={label}
      height={height}
      count={data.length}
      draw={draw}
      tooltip={(i) => ({ title: category(data[i]!), rows: rows(data[i]!) })}
    />
  )
}

export interface BarKey<T> {
  key: string
  label: string
  color: string
  value: (d: T) => number
}

/** Side-by-side bars per time point (one per key). */
// eslint-disable-next-line max-lines-per-function -- 97 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function GroupedBarChart<T extends { time: number }>({
  data,
  keys,
  label,
  xLabel,
  yLabel,
  height,
  formatValue,
  formatTime,
}: {
  data: T[]
  keys: BarKey<T>[]
  label: string
  xLabel: string
  yLabel: string
  height: number
  formatValue: (v: number) => string
  formatTime: (ms: number) => string
}) {
  const draw = ({ width, height: h }: ChartSize, active: number | null) => {
    const innerW = Math.max(10, width - MARGIN.left - MARGIN.right)
    const innerH = Math.max(10, h - MARGIN.top - MARGIN.bottom)
    const indices = data.map((_, i) => i)
    const x0 = scaleBand<number>({ domain: indices, range: [0, innerW], padding: 0.25 })
    const x1 = scaleBand<string>({
      domain: keys.map((k) => k.key),
      range: [0, x0.bandwidth()],
      padding: 0.1,
    })
    const max = Math.max(1, ...data.flatMap((d) => keys.map((k) => k.value(d))))
    const y = scaleLinear<number>({ domain: [0, max * 1.1], range: [innerH, 0], nice: true })
    const ticks = tickIndices(data.length, Math.max(2, Math.floor(innerW / 58)))
    const svg = (
      <Group left={MARGIN.left} top={MARGIN.top}>
        <ValueAxis scale={y} width={innerW} label={yLabel} ticks={4} />
        {active !== null && (
          <rect
            x={(x0(active) ?? 0) - (x0.step() - x0.bandwidth()) / 2}
            width={x0.step()}
            y={0}
            height={innerH}
            fill={theme.color.accent}
            fillOpacity={0.08}
          />
        )}
        {data.map((d, i) => (
          <Group key={d.time} left={x0(i) ?? 0}>
            {keys.map((k) => {
              const by = y(k.value(d))
              return (
                <Bar
                  key={k.key}
                  x={x1(k.key) ?? 0}
                  y={by}
                  width={x1.bandwidth()}
                  height={innerH - by}
                  fill={k.color}
                  fillOpacity={active === null || active === i ? 0.85 : 0.45}
                  rx={1}
                />
              )
            })}
          </Group>
        ))}
        <BottomAxis
          scale={x0}
          top={innerH}
          values={ticks}
          format={(i: number) => formatTime(data[i]?.time ?? 0)}
          label={xLabel}
        />
      </Group>
    )
    return {
      svg,
      centers: indices.map((i) => MARGIN.left + (x0(i) ?? 0) + x0.bandwidth() / 2),
      anchorY: (i: number) => MARGIN.top + Math.min(...keys.map((k) => y(k.value(data[i]!)))),
    }
  }
  return (
    <ChartFrame
      label={label}
      height={height}
      count={data.length}
      legend={keys.map((k) => ({ label: k.label, color: k.color }))}
      draw={draw}
      tooltip={(i) => ({
        title: formatTime(data[i]!.time),
        rows: keys.map((k) => ({
          label: k.label,
          value: formatValue(k.value(data[i]!)),
          color: k.color,
        })),
      })}
    />
  )
}
