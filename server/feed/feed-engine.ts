/**
 * The authoritative swarm on the server (ARCHITECTURE.md §7): steps a FeedSimSource at 10 Hz and
 * turns it into encoded PRODUCT.md §7.1 frames. Encoding happens once per tick, whatever the number
 * of clients; the frames go to a sink (the local relay, or Redis when this instance is the elected
 * leader).
 */
import { MSG, encodeJsonFrame, encodePackedPositions } from '../../src/feed/protocol'
import type {
  ErrorEventPayload,
  SwarmStatePayload,
  SystemMessagePayload,
  WireMetrics,
  WireTask,
} from '../../src/feed/protocol'
import { buffersToPositions, buffersToWire } from '../../src/feed/wire'
import type { AgentBuffers, World } from '../../src/sim/types'

export type SwarmEvent =
  { kind: 'message'; payload: SystemMessagePayload } | { kind: 'error'; payload: ErrorEventPayload }

/**
 * What the engine needs from a simulation (an adapter over src/sim). Not the client's SwarmSource
 * (src/state/swarmSource.ts): that one feeds a display, this one feeds the encoder.
 */
export interface FeedSimSource {
  readonly agents: AgentBuffers
  readonly world: World
  /** advances the simulation by `dtMs` of simulated time; returns what happened meanwhile */
  step(dtMs: number): SwarmEvent[]
  metrics(): WireMetrics
  tasks(): WireTask[]
  /** continue from another instance's last state (Redis leader takeover) */
  resume?(state: SwarmStatePayload): void
  /**
   * the whole simulation state, JSON-safe: the leader's rolling resume state (RELIABILITY.md §6a)
   */
  captureState?(): unknown
  /** continue from the freshest state there is; false when `state` did not fit (kept as it was) */
  continueFrom?(input: ResumeInput): boolean
}

/** What a new leader knows when it takes over (RELIABILITY.md §6a). */
export interface ResumeInput {
  /** the previous leader's last captured state (captureState), at most ~1 s old */
  state?: unknown
  /** the newest positions relayed since that state (type 8 payload, by agent index) */
  positions?: { count: number; x: Float32Array; y: Float32Array }
  /** the highest console-message and error-event numbers relayed: ids continue above them */
  messageSeq?: number
  errorSeq?: number
  /** wall time since the state was captured: the sim clock moves on by as much */
  skipMs?: number
}

const FEED_TICK_MS = 100
/** a tick later than this many periods is skipped, not caught up */
const MAX_CATCH_UP_TICKS = 5

export interface FeedEngineOptions {
  tickMs?: number
  /** full-state resync period (type 0), so energy/status/glow changes reach clients */
  stateEveryMs?: number
  /** metrics (4) and tasks (3) period */
  summaryEveryMs?: number
  /** when false, only type 1 is built; type 8 is built lazily for negotiated clients */
  packed?: () => boolean
}

export type FrameSink = (frame: Uint8Array) => void

/**
 * The deadline of the tick after the one due at `due`: one period later on the fixed grid, however
 * late this tick ran; when more than MAX_CATCH_UP_TICKS periods behind, one period from `now`.
 */
export function nextTickAt(due: number, now: number, tickMs: number): number {
  const next = due + tickMs
  return now - next > MAX_CATCH_UP_TICKS * tickMs ? now + tickMs : next
}

export class FeedEngine {
  /**
   * Sees every tick's frames once they are published (the live history's recorder): called after
   * each tick, and after start's full state, with the frames of that step in publish order.
   */
  onTick: ((frames: readonly Uint8Array[]) => void) | undefined
  private tickFrames: Uint8Array[] | undefined
  private timer: NodeJS.Timeout | undefined
  private sinceState = 0
  private sinceSummary = 0
  private nextAt = 0
  private readonly tickMs: number
  private readonly stateEveryMs: number
  private readonly summaryEveryMs: number

  constructor(
    readonly source: FeedSimSource,
    private readonly sink: FrameSink,
    private readonly opts: FeedEngineOptions = {},
  ) {
    this.tickMs = opts.tickMs ?? FEED_TICK_MS
    this.summaryEveryMs = opts.summaryEveryMs ?? 1000
    // A 10,000-agent state frame is megabytes; resync big swarms less often.
    this.stateEveryMs = opts.stateEveryMs ?? (source.agents.count > 2000 ? 30_000 : 5000)
  }

  get running(): boolean {
    return this.timer !== undefined
  }

  /** The type 0 frame for the current state. */
  stateFrame(): Uint8Array {
    const { agents, failingAgents } = buffersToWire(this.source.agents)
    return encodeJsonFrame(MSG.swarmState, {
      agents,
      metrics: this.source.metrics(),
      failingAgents,
      tasks: this.source.tasks(),
      world: { width: this.source.world.width, height: this.source.world.height },
    })
  }

  /** Sends the full state, then ticks every tickMs; the first tick after `firstTickMs`. */
  start(firstTickMs = this.tickMs): void {
    if (this.timer) return
    this.observe(() => this.emit(this.stateFrame()))
    this.nextAt = performance.now() + firstTickMs
    this.schedule()
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }

  // GOTCHA: setInterval re-arms from when its callback ran, so on a busy machine every late tick
  // pushes the rest back and the feed drifts below 10 Hz. Deadlines are kept on a fixed grid
  // instead; a process stalled for more than a few ticks skips ahead rather than bursting.
  private schedule(): void {
    this.timer = setTimeout(this.onTimer, Math.max(0, this.nextAt - performance.now()))
  }

  private readonly onTimer = (): void => {
    this.tick()
    if (!this.timer) return // stopped during the tick
    this.nextAt = nextTickAt(this.nextAt, performance.now(), this.tickMs)
    this.schedule()
  }

  private emit(frame: Uint8Array): void {
    this.sink(frame)
    this.tickFrames?.push(frame)
  }

  /** Runs one step's publishing, then shows its frames to onTick. */
  private observe(step: () => void): void {
    const observer = this.onTick
    if (!observer) return step()
    const frames: Uint8Array[] = []
    this.tickFrames = frames
    try {
      step()
    } finally {
      this.tickFrames = undefined
    }
    observer(frames)
  }

  /** One 10 Hz step: events first (they happened during the step), then positions. */
  tick(): void {
    this.observe(() => this.step())
  }

  private step(): void {
    for (const e of this.source.step(this.tickMs)) {
      this.emit(
        encodeJsonFrame(e.kind === 'message' ? MSG.systemMessage : MSG.errorEvent, e.payload),
      )
    }
    const a = this.source.agents
    this.emit(encodeJsonFrame(MSG.positions, buffersToPositions(a)))
    if (this.opts.packed?.() ?? true) this.emit(encodePackedPositions(a.x, a.y, a.count))
    this.sinceSummary += this.tickMs
    if (this.sinceSummary >= this.summaryEveryMs) {
      this.sinceSummary = 0
      this.emit(encodeJsonFrame(MSG.metrics, this.source.metrics()))
      this.emit(encodeJsonFrame(MSG.taskUpdates, this.source.tasks()))
    }
    this.sinceState += this.tickMs
    if (this.sinceState >= this.stateEveryMs) {
      this.sinceState = 0
      this.emit(this.stateFrame())
    }
  }
}
