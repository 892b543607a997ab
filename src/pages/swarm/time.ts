/** Time texts of the Swarm Core view. */
import { formatClock } from '../../ui/format'

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`
}

/** PRODUCT.md §9 last active: under 1 s 'just now', then whole seconds, minutes, hours ago. */
export function lastActiveText(elapsedMs: number): string {
  if (!Number.isFinite(elapsedMs) || elapsedMs < 1000) return 'just now'
  const s = Math.floor(elapsedMs / 1000)
  if (s < 60) return plural(s, 'second')
  const m = Math.floor(s / 60)
  if (m < 60) return plural(m, 'minute')
  return plural(Math.floor(m / 60), 'hour')
}

/** 'HH:MM:SS' (local, 24 h) of an ISO timestamp; '--:--:--' when it does not parse. */
export function clockText(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '--:--:--' : formatClock(d)
}
