/**
 * Binds the live-feed connection to the app: decoded frames are written through a LiveFeedTarget —
 * the live swarm source (src/state/sources/liveSource.ts) implements it, into its own buffers — and positions are
 * interpolated between the 10 Hz frames when the frame clock samples that source (FeedApplier.frame).
 *
 * Modes (URL `?feed=`): default `auto` — the swarm starts on the local sim and switches to the
 * server's on open, falling back per PRODUCT.md §4; `live` — the same, but the local sim is held
 * still while the first connection is attempted, so what moves is only ever the server's swarm;
 * `sim` — no connection at all (visual tests). `?wire=f32` negotiates packed type 8 positions.
 */
import { proxy } from 'valtio'
import type { AgentBuffers } from '../sim/types'
import { setProbe } from '../testing/probes'
import { type FeedState, LiveFeedConnection, feedUrl } from './connection'
import { PositionInterpolator } from './interpolation'
import type {
  ErrorEventPayload,
  FeedMessage,
  SwarmStatePayload,
  SystemMessagePayload,
  WireMetrics,
  WireTask,
} from './protocol'

export type FeedMode = 'auto' | 'live' | 'sim'

export interface LiveFeedTarget {
  /** receives the applier, whose frame(now) the target calls once per frame (frame clock phase 1) */
  attach?(applier: FeedApplier): void
  /** the live agents' buffers (after applyState); interpolated positions are written here */
  agents(): AgentBuffers
  /** type 0: replace the displayed agents (and failing set, metrics, tasks, world) */
  applyState(state: SwarmStatePayload): void
  /** positions in buffers() moved (interpolation wrote them) */
  touched(): void
  applyMetrics(m: WireMetrics): void
  applyTasks(t: WireTask[]): void
  applyMessage(m: SystemMessagePayload): void
  /** type 5, PRODUCT.md §8: alert '[ERROR {code}] {message}' and mark the agent failing */
  applyError(e: ErrorEventPayload): void
  /** a '[RECOVERY:…]' line arrived for this agent */
  recovered(agentId: string): void
  log(type: 'system' | 'alert', text: string): void
  setActionText(text: string): void
  /** 'live': the server drives the swarm; 'sim': back to the local sim with the network active */
  setSource(source: 'sim' | 'live'): void
}

/** What the connection badge and tests read (LIVE DATA while `state === 'open'`). */
export const feedStatus = proxy({
  mode: 'auto' as FeedMode,
  state: 'idle' as FeedState,
  source: 'sim' as 'sim' | 'live',
  attempts: 0,
})

export function feedModeFrom(search: string): FeedMode {
  const v = new URLSearchParams(search).get('feed')
  return v === 'sim' || v === 'live' ? v : 'auto'
}

const RECOVERY = /^\[RECOVERY:([^\]]+)\]/

/** Applies one decoded frame to the target and the interpolator. Exported for unit tests. */
export class FeedApplier {
  readonly interp = new PositionInterpolator()
  private idIndex = new Map<string, number>()
  private hasState = false

  constructor(private readonly target: LiveFeedTarget) {}

  apply(msg: FeedMessage, now: number): void {
    const t = this.target
    switch (msg.type) {
      case 0: {
        t.applyState(msg.payload)
        const b = t.agents()
        this.idIndex = new Map(b.ids.slice(0, b.count).map((id, i) => [id, i]))
        this.interp.reset(b.x, b.y, b.count, now)
        this.hasState = true
        return
      }
      case 1: {
        if (!this.hasState) return
        const b = t.agents()
        this.interp.push(b.x, b.y, now, (tx, ty) => {
          for (const u of msg.payload) {
            const i = this.idIndex.get(u.id)
            if (i === undefined) continue
            tx[i] = u.x
            ty[i] = u.y
          }
        })
        return
      }
      case 8: {
        const b = t.agents()
        // Packed frames rely on the order of the last state; ignore them across a mismatch.
        if (!this.hasState || msg.payload.count !== b.count) return
        this.interp.push(b.x, b.y, now, (tx, ty) => {
          tx.set(msg.payload.x.subarray(0, tx.length))
          ty.set(msg.payload.y.subarray(0, ty.length))
        })
        return
      }
      case 2: {
        t.applyMessage(msg.payload)
        const rec = RECOVERY.exec(msg.payload.text)
        if (rec?.[1]) {
          for (const id of this.idIndex.keys()) if (id.startsWith(rec[1])) t.recovered(id)
        }
        return
      }
      case 3:
        t.applyTasks(msg.payload)
        return
      case 4:
        t.applyMetrics(msg.payload)
        return
      case 5:
        t.applyError(msg.payload)
        return
      default:
        return
    }
  }

  /** Per frame (the frame clock samples the live source): interpolated positions into its buffers. */
  frame(now: number): void {
    if (!this.hasState) return
    const b = this.target.agents()
    this.interp.sample(now, b.x, b.y)
    this.target.touched()
  }
}

export interface LiveFeedHandle {
  connection: LiveFeedConnection | undefined
  stop(): void
}

/** Starts the feed for the page (no-op connection in `sim` mode). Returns a stop handle. */
export function startLiveFeed(
  target: LiveFeedTarget,
  loc: Location = window.location,
): LiveFeedHandle {
  const mode = feedModeFrom(loc.search)
  feedStatus.mode = mode
  if (mode === 'sim') {
    setFeedState('idle')
    return { connection: undefined, stop: () => {} }
  }
  const applier = new FeedApplier(target)
  target.attach?.(applier)
  const packed = new URLSearchParams(loc.search).get('wire') === 'f32'
  const connection = new LiveFeedConnection(
    { url: feedUrl(loc, packed) },
    {
      onState: (s) => {
        feedStatus.attempts = connection.attempts
        setFeedState(s)
      },
      log: (type, text) => target.log(type, text),
      setActionText: (text) => target.setActionText(text),
      onMessage: (msg) => applier.apply(msg, performance.now()),
      onSourceChange: (source) => {
        feedStatus.source = source
        publishStatus()
        target.setSource(source)
      },
    },
  )
  if (mode === 'live') target.setSource('live')
  connection.start()
  return {
    connection,
    stop: () => connection.stop(),
  }
}

function setFeedState(s: FeedState) {
  feedStatus.state = s
  publishStatus()
}

/**
 * GOTCHA: mirrored as attributes on <html> (data-feed, data-feed-source, data-feed-attempts) so
 * browser tests can follow the connection without depending on where the badge is drawn.
 */
function publishStatus() {
  setProbe('feed', feedStatus.state)
  setProbe('feedSource', feedStatus.source)
  setProbe('feedAttempts', String(feedStatus.attempts))
}
