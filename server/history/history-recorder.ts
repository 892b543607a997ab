/**
 * The feed leader's recorder (docs/ARCHITECTURE.md "Live history"). It watches every tick the
 * engine publishes (FeedEngine.onTick) while this instance leads, and keeps per keyframe period
 * (1 s) one keyframe (the whole swarm), the period's ticks (positions, metrics and task frames) and
 * its console messages and error events. A finished period goes to a bounded queue that one writer
 * at a time encodes (history-codec.ts) and stores (history-store.ts), off the tick: the tick only
 * copies numbers. A slow database makes the queue drop whole periods (logged), never grow.
 *
 * Failover: a new leader first reads the newest stored moment and records only later moments (no
 * rewind, no duplicate: the store refuses any row at or before its newest). The stretch between the
 * old leader's last stored period and the new leader's first (its unwritten last period and the
 * lease's wait, when viewers saw the feed stand still) is filled with the new leader's first
 * keyframe, once a keyframe period, when it is at most `maxFillMs` long.
 */
import { MSG, encodeJsonFrame } from '../../src/feed/protocol'
import type { FeedSimSource } from '../feed/feed-engine'
import {
  type Base,
  type Columns,
  type Keyframe,
  type Tick,
  captureColumns,
  encodeBase,
  encodeChunk,
  encodeKeyframe,
  jsonOf,
  quantise,
} from './history-codec'
import {
  DEFAULT_RETENTION,
  FILL_LOOKBACK_MS,
  type EventRow,
  type HistoryBatch,
  type HistoryStore,
  type Retention,
} from './history-store'

export interface RecorderOptions {
  /** the wall clock (epoch ms); tests inject one */
  now?: () => number
  keyframeMs?: number
  /** a new base (ids, full columns) at least this often */
  baseEveryMs?: number
  /** swarms above this many agents are not recorded (the tick's budget) */
  maxAgents?: number
  /** finished periods waiting for the writer, at most */
  maxQueue?: number
  retention?: Retention
  pruneEveryMs?: number
  /** a failover gap up to this long is filled with the new leader's first keyframe */
  maxFillMs?: number
  log?: { info(msg: string): void; warn(msg: string): void }
}

interface Period {
  /** this period starts a new base */
  newBase: boolean
  baseT: number
  base: Base
  t: number
  keyframe: Keyframe
  /** the columns the keyframe is a delta of: the previous keyframe's, or the base's */
  ref: Columns
  ticks: Tick[]
  events: EventRow[]
  /** earlier moments that hold this keyframe (a failover's gap) */
  fill: number[]
}

const DEFAULT_MAX_AGENTS = 10_000
const LOG_EVERY_MS = 10_000

export class HistoryRecorder {
  readonly stats = { periods: 0, ticks: 0, dropped: 0, refused: 0, failed: 0, filled: 0 }
  private readonly now: () => number
  private readonly keyframeMs: number
  private readonly opts: RecorderOptions
  /** newest stored moment when this instance began to lead; undefined: not leading / not read */
  private floor: number | null | undefined
  private readingFloor = false
  private last = -Infinity
  private period: Period | undefined
  private base: { t: number; base: Base } | undefined
  /** the last keyframe's columns under the current base */
  private ref: Columns | undefined
  private readonly queue: Period[] = []
  private writing: Promise<void> | undefined
  private lastPrune = -Infinity
  private lastLog = -Infinity
  private warnedSize = false
  private eventSeq = 0

  constructor(
    private readonly store: HistoryStore,
    private readonly source: FeedSimSource,
    private readonly isLeading: () => boolean,
    opts: RecorderOptions = {},
  ) {
    this.opts = opts
    this.now = opts.now ?? Date.now
    this.keyframeMs = opts.keyframeMs ?? 1000
  }

  /** FeedEngine.onTick: the frames one tick published. */
  readonly onTick = (frames: readonly Uint8Array[]): void => {
    if (!this.isLeading()) {
      if (this.floor !== undefined) this.stepDown()
      return
    }
    if (this.floor === undefined) {
      this.readFloor()
      return
    }
    const a = this.source.agents
    if (a.count > (this.opts.maxAgents ?? DEFAULT_MAX_AGENTS)) {
      if (!this.warnedSize) this.opts.log?.warn(`live history: ${a.count} agents, not recorded`)
      this.warnedSize = true
      return
    }
    const t = Math.max(Math.round(this.now()), this.last + 1)
    if (this.floor !== null && t <= this.floor) return
    this.last = t
    this.record(t, frames)
  }

  private record(t: number, frames: readonly Uint8Array[]): void {
    const state = frames.some((f) => f[0] === MSG.swarmState)
    const extras = frames.filter((f) => f[0] === MSG.metrics || f[0] === MSG.taskUpdates)
    const p = this.period
    if (!p || state || Math.floor(t / this.keyframeMs) !== Math.floor(p.t / this.keyframeMs)) {
      this.closePeriod()
      this.openPeriod(t, extras)
    }
    const period = this.period!
    const { x, y, count } = this.source.agents
    const { width, height } = this.source.world
    const qx = new Uint16Array(count)
    const qy = new Uint16Array(count)
    for (let i = 0; i < count; i++) {
      qx[i] = quantise(x[i]!, width)
      qy[i] = quantise(y[i]!, height)
    }
    period.ticks.push({ t, state, qx, qy, extras: extras.map((f) => f.slice()) })
    for (const f of frames) {
      if (f[0] !== MSG.systemMessage && f[0] !== MSG.errorEvent) continue
      const agent = f[0] === MSG.errorEvent ? (jsonOf(f) as { agentId?: unknown }).agentId : null
      period.events.push({
        t,
        seq: this.eventSeq++,
        type: f[0],
        agent_id: typeof agent === 'string' ? agent : null,
        data: f.slice(),
      })
    }
    this.stats.ticks++
  }

  private openPeriod(t: number, extras: readonly Uint8Array[]): void {
    const a = this.source.agents
    const world = { width: this.source.world.width, height: this.source.world.height }
    const columns = captureColumns(a, world)
    const ids = a.ids.slice(0, a.count)
    const b = this.base
    const newBase =
      !b ||
      !this.ref ||
      t - b.t >= (this.opts.baseEveryMs ?? 60_000) ||
      b.base.ids.length !== ids.length ||
      b.base.ids.some((id, i) => id !== ids[i]) ||
      b.base.world.width !== world.width ||
      b.base.world.height !== world.height
    if (newBase) this.base = { t, base: { ids, world, columns } }
    // a keyframe is a delta of the previous one (a base's first: of the base, all zeros)
    const ref = newBase || !this.ref ? columns : this.ref
    this.ref = columns
    const frame = (type: number, make: () => Uint8Array) =>
      extras.find((f) => f[0] === type)?.slice() ?? make()
    const keyframe: Keyframe = {
      columns,
      metrics: frame(MSG.metrics, () => encodeJsonFrame(MSG.metrics, this.source.metrics())),
      tasks: frame(MSG.taskUpdates, () => encodeJsonFrame(MSG.taskUpdates, this.source.tasks())),
    }
    const fill: number[] = []
    const from = this.fillFrom
    this.fillFrom = null
    if (from !== null && t - from <= Math.min(this.opts.maxFillMs ?? 10_000, FILL_LOOKBACK_MS)) {
      for (let f = from + this.keyframeMs; f < t; f += this.keyframeMs) fill.push(f)
      this.stats.filled += fill.length
    }
    const base = this.base!
    this.period = {
      newBase,
      baseT: base.t,
      base: base.base,
      t,
      keyframe,
      ref,
      ticks: [],
      events: [],
      fill,
    }
  }

  /** the stored history's newest moment, for the first period after taking the lead */
  private fillFrom: number | null = null

  private closePeriod(): void {
    const p = this.period
    this.period = undefined
    if (!p) return
    this.stats.periods++
    if (this.queue.length >= (this.opts.maxQueue ?? 10)) {
      // The database is behind: this second is lost (logged), the queue does not grow.
      this.stats.dropped++
      // the keyframes after it are deltas of it: the next one starts a new base
      this.resetBase()
      this.logRarely(`live history: database too slow, ${this.stats.dropped} seconds dropped`)
      return
    }
    this.queue.push(p)
    this.pump()
  }

  private stepDown(): void {
    this.closePeriod()
    this.floor = undefined
    this.resetBase()
    this.fillFrom = null
  }

  private readFloor(): void {
    if (this.readingFloor) return
    this.readingFloor = true
    this.store
      .newest()
      .then((newest) => {
        if (!this.isLeading()) return
        this.floor = newest
        this.fillFrom = newest
        this.last = Math.max(this.last, newest ?? -Infinity)
      })
      .catch(() => this.logRarely('live history: cannot read the stored history, retrying'))
      .finally(() => (this.readingFloor = false))
  }

  private pump(): void {
    if (this.writing || this.queue.length === 0) return
    this.writing = this.drain().finally(() => {
      this.writing = undefined
      this.pump()
    })
  }

  private async drain(): Promise<void> {
    const periods = this.queue.splice(0)
    try {
      const batch = await encodeBatch(periods)
      const { refused } = await this.store.write(batch)
      if (refused > 0) {
        this.stats.refused += refused
        this.resetBase()
      }
      const now = this.now()
      if (now - this.lastPrune >= (this.opts.pruneEveryMs ?? 10_000)) {
        this.lastPrune = now
        await this.store.prune(now, this.opts.retention ?? DEFAULT_RETENTION)
      }
    } catch (err) {
      this.stats.failed += periods.length
      // a base or keyframe may not have been stored: the next keyframe starts a new base
      this.resetBase()
      this.logRarely(`live history: write failed (${err instanceof Error ? err.message : err})`)
    }
  }

  private resetBase(): void {
    this.base = undefined
    this.ref = undefined
  }

  private logRarely(msg: string): void {
    const now = this.now()
    if (now - this.lastLog < LOG_EVERY_MS) return
    this.lastLog = now
    this.opts.log?.warn(msg)
  }

  /** Stores what is recorded so far and waits for the writer (shutdown, tests). */
  async flush(): Promise<void> {
    this.closePeriod()
    while (this.writing) await this.writing
  }
}

async function encodeBatch(periods: readonly Period[]): Promise<HistoryBatch> {
  const batch: HistoryBatch = { bases: [], keyframes: [], chunks: [], events: [] }
  for (const p of periods) {
    if (p.newBase) batch.bases.push({ t: p.baseT, data: await encodeBase(p.base) })
    const data = await encodeKeyframe(p.keyframe, p.ref)
    for (const t of p.fill) batch.keyframes.push({ t, base_t: p.baseT, data })
    batch.keyframes.push({ t: p.t, base_t: p.baseT, data })
    const last = p.ticks[p.ticks.length - 1]
    if (last) {
      batch.chunks.push({
        t0: p.ticks[0]!.t,
        t1: last.t,
        data: await encodeChunk(p.ticks, p.base.world),
      })
    }
    batch.events.push(...p.events)
  }
  return batch
}
