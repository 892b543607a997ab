/**
 * Per-instance fan-out of encoded frames to this process's /ws sockets. The same bytes go to every
 * socket (no per-client encoding).
 *
 * Event loop: the fan-out is sliced. Sending one frame to 1,000 sockets is 1,000 socket writes
 * (tens of ms); done in one go it would stall every timer and HTTP request behind it. The relay
 * works through a FIFO of frames for at most `sliceMs` per turn of the event loop and continues
 * in the next turn (setImmediate), so other work interleaves. Every socket still gets the frames
 * in order.
 *
 * Memory stays bounded: a position frame (1 or 8) still waiting in the queue is replaced by the
 * next one of the same type (it supersedes it), as is a waiting full state (0); the queue never
 * holds more than `maxQueue` frames. Position frames are skipped for a socket whose send buffer is
 * already backed up, and a socket that still falls behind past the hard limit is terminated. Dead
 * peers are found by protocol pings.
 *
 * Terms (RELIABILITY.md §6a): a frame that came through Redis carries the term of the leader that
 * published it; a frame of an older term than one already relayed is dropped, so no socket ever
 * gets a frame of an older term after one of a newer term. A socket that asked for it
 * (`/ws?terms=1`, used by the cluster tests) gets a TERM_MARKER frame before the first frame of
 * each term it is sent.
 */
import type { WebSocket } from 'ws'
import { MSG } from '../../src/feed/protocol'
import { sendBounded } from '../lib/socket-send'

/**
 * Server-to-client frame type 9, JSON `{term}`: sent only to sockets that negotiated `?terms=1`
 * (tests, diagnostics), before the first frame of each leader term they receive.
 */
export const TERM_MARKER = 9

function termMarker(term: number): Buffer {
  return Buffer.concat([Buffer.of(TERM_MARKER), Buffer.from(JSON.stringify({ term }))])
}

export interface FeedClient {
  readonly ws: WebSocket
  /** negotiated type 8 instead of type 1 */
  readonly packed: boolean
  /** has received a type 0; position frames before that would be meaningless */
  hasState: boolean
  alive: boolean
  /** wants TERM_MARKER frames */
  readonly terms: boolean
  /** term of the last frame sent (0: none yet) */
  term: number
}

export interface RelayLimits {
  /** above this many buffered bytes, position frames are skipped for the socket */
  softBytes: number
  /** above this many buffered bytes (or 3 state frames' worth, if larger) the socket is terminated */
  hardBytes: number
  /** longest stretch of fan-out work in one turn of the event loop */
  sliceMs?: number
  /** frames waiting for fan-out, at most (the oldest are dropped beyond) */
  maxQueue?: number
}

export const DEFAULT_LIMITS: RelayLimits = {
  softBytes: 256 * 1024,
  hardBytes: 8 * 1024 * 1024,
  sliceMs: 4,
  maxQueue: 64,
}

/** Types whose newer frame makes a waiting older one worthless. */
const SUPERSEDING = new Set<number>([MSG.swarmState, MSG.positions, MSG.packedPositions])
/** How many sends between two clock reads. */
const CLOCK_EVERY = 16

interface Queued {
  frame: Uint8Array
  /** the publishing leader's term; undefined for this instance's own (isolated) frames */
  term: number | undefined
}

interface Job extends Queued {
  targets: FeedClient[]
  next: number
  hard: number
}

export class FeedRelay {
  latestState: Uint8Array | undefined
  readonly clients = new Set<FeedClient>()
  readonly stats = {
    sent: 0,
    skipped: 0,
    terminated: 0,
    coalesced: 0,
    dropped: 0,
    slices: 0,
    /** frames of an older term than one already relayed */
    stale: 0,
  }
  /** newest term relayed so far */
  maxTerm = 0
  private latestTerm: number | undefined
  private heartbeat: NodeJS.Timeout | undefined
  private readonly queue: Queued[] = []
  private job: Job | undefined
  private scheduled: NodeJS.Immediate | undefined
  private readonly limits: Required<RelayLimits>

  constructor(limits: RelayLimits = DEFAULT_LIMITS) {
    this.limits = { ...(DEFAULT_LIMITS as Required<RelayLimits>), ...limits }
  }

  get wantsPacked(): boolean {
    for (const c of this.clients) if (c.packed) return true
    return false
  }

  /** Frames accepted but not yet sent to every socket (for tests and the bench). */
  get pending(): number {
    return this.queue.length + (this.job ? 1 : 0)
  }

  add(ws: WebSocket, packed: boolean, terms = false): FeedClient {
    const client: FeedClient = { ws, packed, hasState: false, alive: true, terms, term: 0 }
    this.clients.add(client)
    ws.on('pong', () => (client.alive = true))
    ws.on('close', () => this.clients.delete(client))
    // latestState is the last state whose fan-out has begun: every later frame still reaches this
    // socket through the queue, so the order stays state → positions.
    if (this.latestState) {
      if (this.marker(client, this.latestTerm, this.hardLimit()))
        this.send(client, this.latestState, true)
    }
    return client
  }

  /**
   * Accepts one frame from the engine (local, or via Redis with its leader's `term`) for every
   * socket that wants it. A frame of an older term than one already accepted is dropped.
   */
  relay(frame: Uint8Array, term?: number): void {
    if (term !== undefined) {
      if (term < this.maxTerm) {
        this.stats.stale++
        return
      }
      this.maxTerm = term
    }
    const type = frame[0] ?? -1
    if (type === MSG.swarmState) {
      // A full state supersedes every waiting state and position frame; events keep their order.
      const before = this.queue.length
      for (let i = before - 1; i >= 0; i--) {
        if (SUPERSEDING.has(this.queue[i]?.frame[0] ?? -1)) this.queue.splice(i, 1)
      }
      this.stats.coalesced += before - this.queue.length
    } else if (type === MSG.positions || type === MSG.packedPositions) {
      // The newest waiting frame of the same type is replaced, unless a state waits after it.
      for (let i = this.queue.length - 1; i >= 0; i--) {
        const t = this.queue[i]?.frame[0]
        if (t === MSG.swarmState) break
        if (t === type) {
          this.queue[i] = { frame, term }
          this.stats.coalesced++
          return
        }
      }
    }
    this.queue.push({ frame, term })
    if (this.queue.length > this.limits.maxQueue) {
      this.queue.shift()
      this.stats.dropped++
    }
    if (!this.scheduled) this.drain()
  }

  /** Works through the queue until it is empty or the slice is used up, then yields. */
  private drain = (): void => {
    this.scheduled = undefined
    this.stats.slices++
    const deadline = performance.now() + this.limits.sliceMs
    let sends = 0
    for (;;) {
      if (!this.job) {
        const queued = this.queue.shift()
        if (!queued) return
        this.job = this.start(queued)
      }
      const job = this.job
      while (job.next < job.targets.length) {
        const c = job.targets[job.next++] as FeedClient
        this.deliver(c, job, job.hard)
        if (++sends % CLOCK_EVERY === 0 && performance.now() >= deadline) {
          if (job.next >= job.targets.length) this.job = undefined
          this.scheduled = setImmediate(this.drain)
          return
        }
      }
      this.job = undefined
    }
  }

  private start({ frame, term }: Queued): Job {
    if (frame[0] === MSG.swarmState) {
      this.latestState = frame
      this.latestTerm = term
    }
    return {
      frame,
      term,
      targets: [...this.clients],
      next: 0,
      hard: this.hardLimit(),
    }
  }

  private deliver(c: FeedClient, { frame, term }: Queued, hard: number): void {
    if (c.ws.readyState !== 1) return
    const type = frame[0]
    if (type === MSG.positions || type === MSG.packedPositions) {
      if (!c.hasState || c.packed !== (type === MSG.packedPositions)) return
      const buffered = c.ws.bufferedAmount
      if (buffered > this.limits.softBytes && buffered <= hard) {
        this.stats.skipped++
        return
      }
    }
    if (!this.marker(c, term, hard)) return
    this.send(c, frame, type === MSG.swarmState, hard)
  }

  /**
   * A TERM_MARKER before the first frame of a new term, for sockets that asked for them; through
   * the same bounded path (false when the socket was dropped as a slow consumer).
   */
  private marker(c: FeedClient, term: number | undefined, hard: number): boolean {
    if (!c.terms || term === undefined || term === c.term) return true
    c.term = term
    if (sendBounded(c.ws, termMarker(term), hard)) return true
    if (c.ws.readyState !== 1) this.stats.terminated++
    return false
  }

  /** Through the shared bounded send path: past `hard` buffered bytes the socket is dropped. */
  private send(c: FeedClient, frame: Uint8Array, isState: boolean, hard = this.hardLimit()): void {
    if (!sendBounded(c.ws, frame, hard)) {
      if (c.ws.readyState !== 1) this.stats.terminated++
      return
    }
    if (isState) c.hasState = true
    this.stats.sent++
  }

  private hardLimit(): number {
    return Math.max(this.limits.hardBytes, 3 * (this.latestState?.length ?? 0))
  }

  /** Protocol-level pings every `everyMs`; a peer that missed the previous one is terminated. */
  startHeartbeat(everyMs = 30_000): void {
    this.heartbeat = setInterval(() => {
      for (const c of this.clients) {
        if (!c.alive) {
          this.stats.terminated++
          c.ws.terminate()
          continue
        }
        c.alive = false
        c.ws.ping()
      }
    }, everyMs)
    this.heartbeat.unref()
  }

  close(): void {
    clearInterval(this.heartbeat)
    clearImmediate(this.scheduled)
    this.scheduled = undefined
    this.queue.length = 0
    this.job = undefined
    for (const c of this.clients) c.ws.close(1001, 'server shutting down')
    this.clients.clear()
  }
}
