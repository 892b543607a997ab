/**
 * A moment of the live history read back as the feed's own frames (src/contracts/history.ts: the
 * body of GET /api/history/frames): the keyframe at or before `at` (state 0, metrics 4, tasks 3,
 * the console's last messages 2 and the error events 5 still open then), then every recorded frame
 * up to `at + after` in publish order.
 */
import { HISTORY_RECORD_HEADER_BYTES } from '../../src/contracts/history'
import { MSG, encodePackedPositions } from '../../src/feed/protocol'
import {
  type Base,
  type DecodedTick,
  type Keyframe,
  type KeyframeFrames,
  decodeBase,
  decodeChunk,
  decodeKeyframe,
  keyframeFrames,
} from './history-codec'
import type { EventRow, HistoryStore, KeyframeRow } from './history-store'

/** The console messages a keyframe carries, at most (the console's own length). */
const MESSAGES_KEPT = 100
/** How far back an error event that is still open is looked for. */
const OPEN_ERROR_LOOKBACK_MS = 10 * 60_000

class RecordWriter {
  private readonly parts: Buffer[] = []
  add(t: number, frame: Uint8Array): void {
    const head = Buffer.alloc(HISTORY_RECORD_HEADER_BYTES)
    head.writeDoubleLE(t, 0)
    head.writeUInt32LE(frame.length, 8)
    this.parts.push(head, Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength))
  }
  done(): Buffer {
    return Buffer.concat(this.parts)
  }
}

/** The body for `at`/`after`; null when no keyframe is kept at or before `at`. */
export async function readMoment(
  store: HistoryStore,
  at: number,
  after: number,
): Promise<Buffer | null> {
  const first = await store.keyframeAtOrBefore(at)
  if (!first) return null
  const keys = new KeyframeDecoder(store)
  const decode = (k: KeyframeRow) => keys.frames(k)
  const kf = await decode(first)
  if (!kf) return null
  const out = new RecordWriter()
  out.add(first.t, kf.state)
  out.add(first.t, kf.metrics)
  out.add(first.t, kf.tasks)
  for (const m of await store.lastEvents(MSG.systemMessage, first.t, -1, MESSAGES_KEPT)) {
    out.add(m.t, m.data)
  }
  for (const e of await openErrors(store, first.t, kf.failing)) out.add(e.t, e.data)

  const end = at + after
  const [chunks, keyframes, events] = await Promise.all([
    store.chunksIn(first.t, end),
    store.keyframesIn(first.t, end),
    store.eventsIn(first.t, end),
  ])
  const ticks = new Map<number, DecodedTick>()
  for (const c of chunks) {
    for (const tick of decodeChunk(c.t0, c.data)) {
      if (tick.t > first.t && tick.t <= end) ticks.set(tick.t, tick)
    }
  }
  const keyAt = new Map(keyframes.map((k) => [k.t, k]))
  const eventsAt = new Map<number, EventRow[]>()
  for (const e of events) eventsAt.set(e.t, [...(eventsAt.get(e.t) ?? []), e])
  const times = [...new Set([...ticks.keys(), ...keyAt.keys(), ...eventsAt.keys()])].sort(
    (a, b) => a - b,
  )
  for (const t of times) {
    for (const e of eventsAt.get(t) ?? []) out.add(t, e.data)
    const tick = ticks.get(t)
    const key = keyAt.get(t)
    if (tick) {
      out.add(t, encodePackedPositions(tick.x, tick.y, tick.x.length))
      for (const x of tick.extras) out.add(t, x)
      const state = tick.state && key ? await decode(key) : null
      if (state) out.add(t, state.state)
    } else if (key) {
      // older than the every-tick part: the keyframe, as records 0, 4, 3
      const k = await decode(key)
      if (k) {
        out.add(t, k.state)
        out.add(t, k.metrics)
        out.add(t, k.tasks)
      }
    }
  }
  return out.done()
}

/**
 * Keyframes back as frames. Each keyframe is a delta of the one before under its base, so a
 * keyframe is its base plus its chain; asked in time order, the chain so far is reused.
 */
class KeyframeDecoder {
  private readonly bases = new Map<number, Base | null>()
  private cur: { baseT: number; t: number; k: Keyframe } | undefined
  constructor(private readonly store: HistoryStore) {}

  private async base(t: number): Promise<Base | null> {
    if (!this.bases.has(t)) {
      const row = await this.store.base(t)
      this.bases.set(t, row ? decodeBase(row.data) : null)
    }
    return this.bases.get(t) ?? null
  }

  async frames(row: KeyframeRow): Promise<KeyframeFrames | null> {
    const base = await this.base(row.base_t)
    if (!base) return null
    const cur = this.cur?.baseT === row.base_t && this.cur.t <= row.t ? this.cur : undefined
    let k = cur?.k
    let cols = cur?.k.columns ?? base.columns
    for (const link of await this.store.keyframeChain(row.base_t, cur?.t ?? -Infinity, row.t)) {
      k = decodeKeyframe(link.data, cols)
      cols = k.columns
    }
    if (!k) return null
    this.cur = { baseT: row.base_t, t: row.t, k }
    return keyframeFrames(k, base)
  }
}

/** The newest error event of each agent that is failing at `t`, oldest first. */
async function openErrors(store: HistoryStore, t: number, failing: Set<string>) {
  if (failing.size === 0) return []
  const recent = await store.lastEvents(MSG.errorEvent, t, t - OPEN_ERROR_LOOKBACK_MS, 10_000)
  const latest = new Map<string, EventRow>()
  for (const e of recent) if (e.agent_id && failing.has(e.agent_id)) latest.set(e.agent_id, e)
  return [...latest.values()].sort((a, b) => a.t - b.t || a.seq - b.seq)
}
