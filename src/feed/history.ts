/**
 * The live history's wire side (issue 33; docs/ARCHITECTURE.md "History source and timeline"): the
 * record stream of GET /api/history/frames — `[float64 LE t][uint32 LE byteLength][one feed frame]`
 * — split into timed frames decoded by the live feed's own decoder (protocol.ts), and the two
 * fetches. The server branch owns the recording; this module only reads it back.
 */
import { apiPaths } from '../contracts/apiPaths'
import type { HistoryInfo } from '../contracts/history'
import { HISTORY_RECORD_HEADER_BYTES, readHistoryRecords } from '../contracts/historyRecords'
import { decodeFrame, type FeedLogger, type FeedMessage } from './protocol'

/** One recorded frame: when the leader published it (epoch ms) and the decoded message. */
export interface HistoryRecord {
  t: number
  msg: FeedMessage
}

/**
 * A fetched window: the keyframe (its state, metrics, tasks, the console as it stood and the open
 * errors) and the frames published after it, up to `until`.
 */
export interface HistoryWindow {
  /** the keyframe's time */
  keyT: number
  key: HistoryRecord[]
  /** frames with keyT < t ≤ until, in publish order */
  frames: HistoryRecord[]
  /** the window's end: at + after of the request */
  until: number
}

/** Splits a record stream into timed frames; undecodable frames are left out (logged). */
export function parseHistoryRecords(
  data: ArrayBuffer | Uint8Array,
  log: FeedLogger = console,
): HistoryRecord[] {
  const out: HistoryRecord[] = []
  for (const r of readHistoryRecords(data)) {
    // a copy: the packed decoder reads float32 in place only when aligned
    const msg = decodeFrame(r.frame.slice(), log)
    if (msg) out.push({ t: r.t, msg })
  }
  return out
}

/** Encodes records the way the server sends them (tests, fixtures). */
export function encodeHistoryRecords(records: readonly { t: number; frame: Uint8Array }[]) {
  const total = records.reduce((n, r) => n + HISTORY_RECORD_HEADER_BYTES + r.frame.length, 0)
  const out = new Uint8Array(total)
  const view = new DataView(out.buffer)
  let at = 0
  for (const r of records) {
    view.setFloat64(at, r.t, true)
    view.setUint32(at + 8, r.frame.length, true)
    out.set(r.frame, at + HISTORY_RECORD_HEADER_BYTES)
    at += HISTORY_RECORD_HEADER_BYTES + r.frame.length
  }
  return out
}

/**
 * The window of a response to `at`/`after`: the leading records up to the first one's time are the
 * keyframe (its console lines carry their own, older times), the rest are the frames after it.
 */
export function toHistoryWindow(records: HistoryRecord[], until: number): HistoryWindow | null {
  const first = records[0]
  if (!first || first.msg.type !== 0) return null
  const keyT = first.t
  let split = 1
  while (split < records.length && records[split]!.t <= keyT) split++
  return { keyT, key: records.slice(0, split), frames: records.slice(split), until }
}

/** A history request the server refused or could not answer, with its words. */
class HistoryError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'HistoryError'
  }
}

async function failure(res: Response): Promise<HistoryError> {
  let text = res.statusText || `HTTP ${res.status}`
  try {
    const body = (await res.json()) as { error?: unknown }
    if (typeof body.error === 'string') text = body.error
  } catch {
    // not JSON
  }
  return new HistoryError(text, res.status)
}

/** GET /api/history: the recorded range. */
export async function fetchHistoryRange(signal?: AbortSignal): Promise<HistoryInfo> {
  const res = await fetch(apiPaths.history.info.url(), { signal })
  if (!res.ok) throw await failure(res)
  const body: unknown = await res.json()
  // the schema (and zod with it) loads with the first answer, not with the page's entry
  const { HistoryInfoSchema } = await import('../contracts/history')
  return HistoryInfoSchema.parse(body)
}

/** GET /api/history/frames: the window at `at` (epoch ms) running `after` ms past it. */
export async function fetchHistoryWindow(
  at: number,
  after: number,
  signal?: AbortSignal,
): Promise<HistoryWindow> {
  const q = new URLSearchParams({ at: String(Math.round(at)), after: String(Math.round(after)) })
  const res = await fetch(`${apiPaths.history.frames.url()}?${q.toString()}`, { signal })
  if (!res.ok) throw await failure(res)
  const win = toHistoryWindow(parseHistoryRecords(await res.arrayBuffer()), at + after)
  if (!win) throw new HistoryError('No recorded state at that moment', 404)
  return win
}
