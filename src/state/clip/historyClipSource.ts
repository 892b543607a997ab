/**
 * The live history as a clip source (ARCHITECTURE.md "Clip export"): the timeline is the recorded
 * span (`oldest`…`newest` of GET /api/history, as last read), and moment t of it is the feed's epoch
 * ms `oldest + t`. One window of recorded frames holds the whole clip (prepare: one
 * GET /api/history/frames?at=<start>&after=<length>, at most 60 s); each seek then applies the
 * frames up to its moment locally, so the history source's buffers show exactly that moment,
 * whatever the wall clock says.
 */
import { holdHistory, releaseHistory, showHistoryMoment } from '../historyStore'
import type { SwarmStore } from '../swarmState'
import { MAX_CLIP_MS, clampClipRange, type ClipRange } from './clipRange'
import type { ClipSource } from './clipSource'

/** The dialog's first range: this long before the moment on screen (or what is recorded). */
const DEFAULT_CLIP_MS = 10_000

const clock = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })

/** The history as a clip source, or null while nothing is recorded. */
export function historyClipSource(store: SwarmStore): ClipSource | null {
  const h = store.swarm.history
  const r = h.range
  if (!r || r.oldest === null || r.newest === null || r.newest <= r.oldest) return null
  const oldest = r.oldest
  const durationMs = r.newest - oldest
  const initialMs = Math.min(durationMs, Math.max(0, (h.active ? h.at : r.newest) - oldest))
  let end = durationMs
  return {
    label: 'Live history',
    durationMs,
    initialMs,
    defaultRange: clampClipRange(
      { startMs: Math.max(0, initialMs - DEFAULT_CLIP_MS), endMs: initialMs },
      durationMs,
    ),
    describe: (tMs) => clock(oldest + tMs),
    hold() {
      const was = holdHistory(store)
      return () => releaseHistory(store, was)
    },
    prepare(range: ClipRange) {
      end = range.endMs
      return showHistoryMoment(store, oldest + range.startMs, range.endMs - range.startMs)
    },
    seek(tMs) {
      const after = Math.max(0, Math.min(MAX_CLIP_MS, end - tMs))
      return showHistoryMoment(store, oldest + tMs, after)
    },
  }
}
