import { Group } from '@visx/group'
import { scaleLinear } from '@visx/scale'
import { AreaClosed, Line, LinePath } from '@visx/shape'
import { theme } from '../../../ui/theme'
import { tickIndices } from '../analyticsData'
import { BottomAxis, MARGIN, ValueAxis } from './axes'
import { ChartFrame, type ChartSize } from './ChartFrame'

export interface Series<T> {
  key: string
  label: string
  color: string
  value: (d: T) => number
  /** fill the area under this series */
  area?: boolean
}

/** Lines over evenly spaced time points, value axis from 0 to `yMax`. */
// eslint-disable-next-line max-lines-per-function -- 109 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function LineChart<T extends { time: number }>({
  data,
  series,
  label,
  xLabel,
  yLabel,
  yMax = 100,
  height,
  formatValue,
  formatTime,
}: {
  data: T[]
  series: Series<T>[]
  label: string
  xLabel: string
  yLabel: string
  yMax?: number
  height: number
  formatValue: (v: number) => string
  formatTime: (ms: number) => string
}) {
  const draw = ({ width, height: h }: ChartSize, active: number | null) => {
    const innerW = Math.max(10, width - MARGIN.left - MARGIN.right)
    const innerH = Math.max(10, h - MARGIN.top - MARGIN.bottom)
    const x = scaleLinear<number>({ domain: [0, Math.max(1, data.length - 1)], range: [0, innerW] })
    const y = scaleLinear<number>({ domain: [0, yMax], range: [innerH, 0], nice: true })
    const ticks = tickIndices(data.length, Math.max(2, Math.floor(innerW / 58)))
    const svg = (
      <Group left={MARGIN.left} top={MARGIN.top}>
        <ValueAxis scale={y} width={innerW} label={yLabel} ticks={innerH < 160 ? 4 : 5} />
        {series
          .filter((s) => s.area)
          .map((s) => (
            <AreaClosed
              key={`${s.key}-area`}
              data={data}
              x={(_, i) => x(i)}
              y={(d) => y(s.value(d))}
              yScale={y}
              fill={s.color}
              fillOpacity={0.12}
            />
          ))}
        {series.map((s) => (
          <LinePath
            key={s.key}
            data={data}
            x={(_, i) => x(i)}
            y={(d) => y(s.value(d))}
            stroke={s.color}
            strokeWidth={2}
            strokeLinejoin="round"
          />
        ))}
        {active !== null && data[active] && (
          <g>
            <Line
              from={{ x: x(active), y: 0 }}
              to={{ x: x(active), y: innerH }}
              stroke={theme.color.accent}
              strokeOpacity={0.5}
              strokeDasharray="3 3"
            />
            {series.map((s) => (
              <circle
                key={s.key}
                cx={x(active)}
                cy={y(s.value(data[active]!))}
                r={4}
                fill={theme.color.bg}
                stroke={s.color}
                strokeWidth={2}
              />
            ))}
          </g>
        )}
        <BottomAxis
          scale={x}
          top={innerH}
          values={ticks}
          format={(i: number) => formatTime(data[i]?.time ?? 0)}
          label={xLabel}
        />
      </Group>
    )
    return {
      svg,
      centers: data.map((_, i) => MARGIN.left + x(i)),
      anchorY: (i: number) => MARGIN.top + Math.min(...series.map((s) => y(s.value(data[i]!)))),
    }
  }
  return (
    <ChartFrame
      label={label}
      height={height}
      count={data.length}
      legend={series.map((s) => ({ label: s.label, color: s.color }))}
      draw={draw}
      tooltip={(i) => ({
        title: formatTime(data[i]!.time),
        rows: series.map((s) => ({
          label: s.label,
          value: formatValue(s.value(data[i]!)),
          color: s.color,
        })),
      })}
    />
  )
}
