/**
 * The history timeline's pure core (HistoryTimeline.tsx; docs/ARCHITECTURE.md "History source and
 * timeline"): which span of time the track shows, where a moment sits on it, the words a screen
 * reader hears, and what each key does.
 */

/** The two zooms of the track: the last 10 minutes (frame-exact), or the whole 24 hours. */
export type TimelineZoom = '10m' | '24h'

const ZOOM_SPAN_MS: Record<TimelineZoom, number> = {
  '10m': 10 * 60_000,
  '24h': 24 * 3_600_000,
}

export interface TimelineSpan {
  start: number
  end: number
}

/** The span the track shows: `zoom` back from live now, never before the oldest recorded moment. */
export function timelineSpan(
  zoom: TimelineZoom,
  liveNowMs: number,
  oldest: number | null,
): TimelineSpan {
  const end = liveNowMs
  const start = Math.max(end - ZOOM_SPAN_MS[zoom], oldest ?? end)
  return { start: Math.min(start, end - 1_000), end }
}

/** Where `t` sits on the track (0 = start, 1 = live). */
export function fractionAt(t: number, span: TimelineSpan): number {
  return Math.min(1, Math.max(0, (t - span.start) / (span.end - span.start)))
}

/** The moment at `fraction` of the track. */
export function timeAtFraction(fraction: number, span: TimelineSpan): number {
  const f = Math.min(1, Math.max(0, fraction))
  return Math.round(span.start + f * (span.end - span.start))
}

const pad = (n: number) => String(n).padStart(2, '0')

/** "14:02:13" (local time). */
export function clockText(t: number): string {
  const d = new Date(t)
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** "2 min 13 s behind live" (the slider's aria-valuetext tail). */
export function behindWords(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const parts = [h > 0 ? `${h} h` : '', m > 0 ? `${m} min` : '', `${s % 60} s`].filter(Boolean)
  return `${parts.join(' ')} behind live`
}

export interface KeyContext {
  /** the moment shown (live now when live) */
  at: number
  span: TimelineSpan
  zoom: TimelineZoom
  tickMs: number
  keyframeMs: number
  /** from here on every tick is recorded; before it only keyframes */
  frameExactSince: number | null
}

/**
 * What a key does on the slider: a moment to seek to, 'live', or null (not ours). The arrows step
 * one tick (one keyframe where only keyframes are kept), Page Up/Down 10 s (10 min on the 24 h
 * track), Home the track's start, End live.
 */
export function keyTarget(key: string, c: KeyContext): number | 'live' | null {
  const tick = (t: number) =>
    c.frameExactSince !== null && t >= c.frameExactSince ? c.tickMs : c.keyframeMs
  const page = c.zoom === '10m' ? 10_000 : 600_000
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(c.span.start, c.at - tick(c.at - c.tickMs))
    case 'ArrowRight':
    case 'ArrowUp':
      return c.at + tick(c.at)
    case 'PageDown':
      return Math.max(c.span.start, c.at - page)
    case 'PageUp':
      return c.at + page
    case 'Home':
      return c.span.start
    case 'End':
      return 'live'
    default:
      return null
  }
}
