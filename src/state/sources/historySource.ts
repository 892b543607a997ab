/**
 * The live swarm as it was: a SwarmSource (../swarmSource.ts) that plays the server's recorded
 * frames (GET /api/history/frames, src/feed/history.ts) through the live feed's own applier
 * (FeedApplier, src/feed/liveFeed.ts) into a live mirror of its own (liveMirror.ts), on a playhead
 * of the feed's wall clock. Frames are applied as a live viewer would have received them at their
 * publish time, so a paused moment shows what a viewer saw then (positions interpolated between the
 * 10 Hz frames the same way). docs/ARCHITECTURE.md "History source and timeline".
 *
 * Like the live source it imports nothing from the store: it says what the store must do (the
 * console starts over, a window is loading, it failed, playback reached the newest moment) as
 * HistoryEvents, and its console lines and error events through `on()`, as every source does.
 */
import { defaultParameters, type SimListener, type World } from '../../sim'
import type { HistoryRecord, HistoryWindow } from '../../feed/history'
import { FeedApplier, type LiveFeedTarget } from '../../feed/liveFeed'
import type {
  ErrorEventPayload,
  SwarmStatePayload,
  SystemMessagePayload,
  WireMetrics,
  WireTask,
} from '../../feed/protocol'
import type { SwarmReadings, SwarmSource } from '../swarmSource'
import { LiveMirror } from './liveMirror'

/** How much one fetch asks for past its moment (ms). */
const HISTORY_WINDOW_MS = 10_000
/** While playing, the next window is fetched when fewer than this many ms are left in hand. */
const PREFETCH_MS = 4_000
/** Past this many frames in hand a prefetch starts a fresh window (a new keyframe) instead. */
const MAX_FRAMES = 3_000

/** What the history source asks of the store. */
export type HistoryEvent =
  /** a keyframe is being applied: the console and the error list start over from it */
  | { kind: 'reset' }
  /** a window is being fetched (the playhead waits) or arrived */
  | { kind: 'loading'; loading: boolean }
  /** a fetch failed: the server's words */
  | { kind: 'error'; text: string }
  /** playback reached the newest recorded moment */
  | { kind: 'end' }

export interface HistorySourceOptions {
  seed: number
  world: World
  /** fetches the window at `at` running `after` ms past it (fetchHistoryWindow) */
  load(at: number, after: number, signal: AbortSignal): Promise<HistoryWindow>
  /** the newest recorded moment (epoch ms, the feed's clock): playback stops there */
  newest(): number
}

const MESSAGE_TYPES = new Set(['system', 'node', 'task', 'alert', 'analysis'])

export class HistorySource implements SwarmSource, LiveFeedTarget {
  readonly kind = 'live' as const
  readonly controllable = false
  readonly links = null
  private readonly held: LiveMirror
  private readonly applier: FeedApplier
  private readonly parameters = defaultParameters()
  private readonly consoleListeners = new Set<SimListener>()
  private readonly listeners = new Set<(e: HistoryEvent) => void>()
  private win: HistoryWindow | null = null
  /** index of the next frame of `win.frames` to apply */
  private next = 0
  /** the playhead (epoch ms) and the moment the mirror holds */
  private at = 0
  private appliedAt = Number.NEGATIVE_INFINITY
  /** applying the keyframe: its open errors are not new alerts */
  private inKey = false
  private changed = false
  private loading: AbortController | null = null
  /** the last fetch's failure, in the server's words */
  private failed: string | null = null
  private prefetching: AbortController | null = null
  playing = false
  speed = 1

  constructor(private readonly opts: HistorySourceOptions) {
    this.held = new LiveMirror(opts.seed, opts.world)
    this.applier = new FeedApplier(this)
  }

  /** Subscribe to what the store must do. Returns unsubscribe. */
  events(listener: (e: HistoryEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(e: HistoryEvent): void {
    for (const l of this.listeners) l(e)
  }

  /** The playhead: the moment shown (or being fetched), epoch ms on the feed's clock. */
  moment(): number {
    return this.at
  }

  /** Whether the moment asked for is on screen (false while its window is being fetched). */
  get ready(): boolean {
    return this.loading === null && this.win !== null
  }

  /** Show the moment `at`: from the frames in hand, or a window fetched there. */
  seek(at: number): void {
    this.at = at
    if (this.holds(at)) {
      if (at < this.appliedAt) this.rebuild()
      else this.advance()
      return
    }
    void this.load(at)
  }

  /** Whether moment `at` can be shown from the frames in hand, without a fetch. */
  holds(at: number): boolean {
    const w = this.win
    return this.loading === null && w !== null && w.keyT <= at && at <= w.until
  }

  /**
   * Show `at` from one window fetched there, running `after` ms past it (clip export: one fetch
   * holds the whole clip). Resolves once it is on screen; rejects with the server's words.
   */
  async show(at: number, after: number): Promise<void> {
    this.at = at
    await this.load(at, after)
    if (this.at === at && !this.ready) throw new Error(this.failed ?? 'The moment was not loaded')
  }

  private async load(at: number, after = HISTORY_WINDOW_MS): Promise<void> {
    this.loading?.abort()
    this.prefetching?.abort()
    this.prefetching = null
    const ctl = new AbortController()
    this.loading = ctl
    this.failed = null
    this.emit({ kind: 'loading', loading: true })
    try {
      const w = await this.opts.load(at, after, ctl.signal)
      if (ctl.signal.aborted) return
      this.loading = null
      this.win = w
      this.rebuild()
      this.emit({ kind: 'loading', loading: false })
    } catch (err) {
      if (ctl.signal.aborted) return
      this.loading = null
      this.playing = false
      this.failed = err instanceof Error ? err.message : String(err)
      this.emit({ kind: 'error', text: this.failed })
    }
  }

  /** The keyframe, then every frame up to the playhead. */
  private rebuild(): void {
    const w = this.win
    if (!w) return
    this.emit({ kind: 'reset' })
    this.inKey = true
    for (const r of w.key) this.applier.apply(r.msg, r.t)
    this.inKey = false
    this.next = 0
    this.appliedAt = w.keyT
    this.advance()
  }

  /** Apply the frames up to the playhead, each as a viewer receiving it at its publish time. */
  private advance(): void {
    const w = this.win
    if (!w) return
    const frames = w.frames
    let r: HistoryRecord | undefined
    while ((r = frames[this.next]) !== undefined && r.t <= this.at) {
      this.applier.frame(r.t)
      this.applier.apply(r.msg, r.t)
      this.next++
    }
    this.applier.frame(this.at)
    this.appliedAt = this.at
    this.changed = true
  }

  /** While playing: the next window joins the frames in hand before they run out. */
  private prefetch(): void {
    const w = this.win
    if (!w || this.prefetching || this.loading) return
    if (w.frames.length - this.next > 0 && w.frames.length > MAX_FRAMES) {
      void this.load(this.at)
      return
    }
    const ctl = new AbortController()
    this.prefetching = ctl
    this.opts.load(w.until, HISTORY_WINDOW_MS, ctl.signal).then(
      (more) => {
        if (ctl.signal.aborted || this.win !== w) return
        this.prefetching = null
        const last = w.frames[w.frames.length - 1]?.t ?? w.keyT
        for (const r of more.frames) if (r.t > w.until && r.t > last) w.frames.push(r)
        w.until = Math.max(w.until, more.until)
      },
      () => {
        if (ctl.signal.aborted) return
        // the newest moment may simply not be recorded yet: try again on a later frame
        setTimeout(() => {
          if (this.prefetching === ctl) this.prefetching = null
        }, 1000)
      },
    )
  }

  // ---- SwarmSource ----

  get buffers() {
    return this.held.buffers
  }

  get world() {
    return this.held.world
  }

  sample(dtMs: number): boolean {
    if (this.playing && this.ready) this.play(dtMs)
    const changed = this.changed
    this.changed = false
    return changed
  }

  private play(dtMs: number): void {
    const w = this.win!
    const newest = this.opts.newest()
    let at = this.at + dtMs * this.speed
    if (at >= newest) {
      at = newest
      this.playing = false
      this.emit({ kind: 'end' })
    }
    // waiting for the next window: the playhead holds at the last frame in hand
    at = Math.min(at, w.until)
    if (w.until - at < PREFETCH_MS) this.prefetch()
    if (at !== this.at) {
      this.at = at
      this.advance()
    }
  }

  readings(): SwarmReadings {
    return this.held.readings(this.parameters)
  }

  /** The moment shown: agents' lastActiveTime is measured on it. */
  clockMs(): number {
    return this.at
  }

  indexOfId(id: string): number {
    return this.held.indexOfId(id)
  }

  on(listener: SimListener): () => void {
    this.consoleListeners.add(listener)
    return () => this.consoleListeners.delete(listener)
  }

  setActive(): void {}
  setSpeed(): void {}
  setParameter(): void {}
  markFailing(): void {}

  dispose(): void {
    this.loading?.abort()
    this.prefetching?.abort()
    this.playing = false
  }

  // ---- LiveFeedTarget (what FeedApplier writes) ----

  agents() {
    return this.held.buffers
  }

  applyState(st: SwarmStatePayload): void {
    this.held.write(st.agents, new Set(st.failingAgents ?? []), st.world ?? this.opts.world)
    this.applyMetrics(st.metrics)
    if (st.tasks) this.applyTasks(st.tasks)
    this.changed = true
  }

  touched(): void {
    this.changed = true
  }

  applyMetrics(m: WireMetrics): void {
    this.held.applyMetrics(m)
  }

  applyTasks(t: WireTask[]): void {
    this.held.applyTasks(t)
  }

  applyMessage(m: SystemMessagePayload): void {
    const type = MESSAGE_TYPES.has(m.type) ? (m.type as 'system') : 'system'
    this.tell({
      kind: 'message',
      message: { id: m.id, type, text: m.text, timestamp: m.timestamp },
    })
  }

  applyError(e: ErrorEventPayload): void {
    const i = this.held.indexOfId(e.agentId)
    if (i >= 0) this.held.markFailing(i)
    this.changed = true
    // as the live page does (swarmStore.ts pushLiveError): the alert line, then the error event
    if (!this.inKey) {
      this.tell({
        kind: 'message',
        message: {
          id: `h-${e.id}`,
          type: 'alert',
          text: `[ERROR ${e.errorCode}] ${e.message}`,
          timestamp: e.timestamp,
        },
      })
    }
    this.tell({ kind: 'error', error: { ...e }, index: i })
  }

  recovered(agentId: string): void {
    const i = this.held.indexOfId(agentId)
    if (i >= 0) this.held.recover(i)
    this.changed = true
  }

  log(): void {}
  setActionText(): void {}
  setSource(): void {}

  private tell(e: Parameters<SimListener>[0]): void {
    for (const l of this.consoleListeners) l(e)
  }
}
