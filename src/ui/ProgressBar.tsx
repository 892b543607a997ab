import styled from 'styled-components'

const Track = styled.div<{ $h: number }>`
  height: ${(p) => p.$h}px;
  background: rgba(255, 255, 255, 0.06);
  border-radius: 999px;
  overflow: hidden;
`
const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  transition: width 0.4s ease-out;
`

/** A horizontal bar; `value` out of `max`, clamped. Exposes role=progressbar for assistive tech. */
export function ProgressBar({
  value,
  max = 100,
  color,
  height = 6,
  label,
}: {
  value: number
  max?: number
  color?: string
  height?: number
  label?: string
}) {
  const pct = Math.max(0, Math.min(100, (value / max) * 100))
  return (
    <Track
      $h={height}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.round(value * 100) / 100}
    >
      <Fill style={{ width: `${pct}%`, background: color ?? '#00f0c8' }} />
    </Track>
  )
}
