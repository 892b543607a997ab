import { useMemo } from 'react'
import { agentSparkline, sparklinePoints } from './sparkline'

const W = 220
const H = 40

/** PRODUCT.md §9 efficiency sparkline: 30 points around the agent's efficiency percentage. */
export function Sparkline({
  agentId,
  percent,
  color,
}: {
  agentId: string
  percent: number
  color: string
}) {
  // One line per agent and (rounded) reading, so the trace does not jitter on every poll.
  const rounded = Math.round(percent * 10) / 10
  const values = useMemo(() => agentSparkline(agentId, rounded), [agentId, rounded])
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      height={H}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Efficiency trend, ${values.length} samples around ${rounded.toFixed(1)}%`}
      data-testid="efficiency-sparkline"
      data-points={values.length}
    >
      <line
        x1={0}
        x2={W}
        y1={H / 2}
        y2={H / 2}
        stroke="rgba(255,255,255,0.08)"
        strokeDasharray="3 3"
      />
      <polyline
        points={sparklinePoints(values, W, H)}
        fill="none"
        stroke={color}
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  )
}
