import * as z from 'zod/mini'

/**
 * Live history (docs/ARCHITECTURE.md "Live history"): the server records the live swarm as the
 * feed leader publishes it and serves any moment back as the feed's own binary frames. Times are
 * the feed's wall-clock epoch milliseconds (when the leader published the frame).
 */

/** The live feed's tick period and the keyframe period of the recording, in ms. */
export const HISTORY_TICK_MS = 100
export const HISTORY_KEYFRAME_MS = 1000
/** The longest `after` window one GET /api/history/frames returns, in ms. */
export const HISTORY_MAX_AFTER_MS = 60_000

/** GET /api/history: what is recorded. */
export const HistoryInfoSchema = z.object({
  /** the server's clock when it answered */
  now: z.number(),
  /** the first and last recorded moments; null when nothing is recorded yet */
  oldest: z.nullable(z.number()),
  newest: z.nullable(z.number()),
  /** from this moment on every published tick is stored; before it only the 1 Hz keyframes */
  frameExactSince: z.nullable(z.number()),
  tickMs: z.literal(HISTORY_TICK_MS),
  keyframeMs: z.literal(HISTORY_KEYFRAME_MS),
})
export type HistoryInfo = z.infer<typeof HistoryInfoSchema>

/**
 * GET /api/history/frames?at=<ms>&after=<ms>: application/octet-stream, a sequence of records
 * `[float64 LE t][uint32 LE byteLength][byteLength bytes: one feed frame]` (see
 * readHistoryRecords): first the keyframe at or before `at` (state 0, metrics 4, tasks 3, the
 * console's system messages 2 and the open error events 5), then every recorded frame with
 * keyframe.t < t ≤ at + after in publish order.
 */
export const HistoryFramesQuerySchema = z.strictObject({
  at: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
  after: z._default(
    z.coerce.number().check(z.int(), z.minimum(0), z.maximum(HISTORY_MAX_AFTER_MS)),
    0,
  ),
})

export { HISTORY_RECORD_HEADER_BYTES, readHistoryRecords } from './historyRecords'
