import styled from 'styled-components'

const Track = styled.div<{ $h: number }>`
  height: ${(p) => p.$h}px;
  background: rgba(255, 255, 255, 0.06);
  border-radius: 999px;
  overflow: hidden;
`
/**
 * The fill is the track's full width slid left by the part not done: a transform, so a change
 * animates on the compositor without layout or repaint (the Swarm Core tasks panel changes every
 * few seconds over a canvas that redraws every frame). Its rounded right end is the pill's own; the
 * track's rounding clips the left one.
 */
const Fill = styled.div`
  width: 100%;
  height: 100%;
  border-radius: inherit;
  transition: transform 0.4s ease-out;
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
      <Fill style={{ transform: `translateX(${pct - 100}%)`, background: color ?? '#00f0c8' }} />
    </Track>
  )
}
