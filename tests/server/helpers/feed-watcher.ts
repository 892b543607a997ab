/**
 * The feed client of test:cluster (cluster-failover.test.ts): it negotiates term markers
 * (`/ws?terms=1`) and records frame arrival times, per-agent jumps, terms, event ids and tasks.
 */
import WebSocket from 'ws'
import { decodeFrame, type FeedLogger } from '../../../src/feed/protocol'

const TERM_MARKER = 9
const quiet: FeedLogger = { warn: () => {}, error: () => {} }

interface Sample {
  t: number
  /** largest distance any agent moved since the previous frame with its position */
  jump: number
}

/** A real `ws` client on one instance, recording what a viewer would see. */
export class FeedWatcher {
  readonly ws: WebSocket
  /** arrival times of type 1 frames */
  readonly positionTimes: number[] = []
  /** position-carrying frames (0 and 1) with their largest per-agent jump */
  readonly samples: Sample[] = []
  readonly terms: number[] = []
  termRegressions = 0
  duplicateIds = 0
  readonly tasks: { t: number; score: number; completed: number }[] = []
  private completed = 0
  private readonly ids = new Set<string>()
  private readonly at = new Map<string, { x: number; y: number }>()

  constructor(port: number) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws?terms=1`)
    this.ws.on('error', () => {})
    this.ws.on('message', (d: Buffer) => this.onFrame(d))
  }

  private onFrame(d: Buffer): void {
    const t = performance.now()
    if (d[0] === TERM_MARKER) {
      const { term } = JSON.parse(d.subarray(1).toString()) as { term: number }
      if (term < (this.terms.at(-1) ?? 0)) this.termRegressions++
      this.terms.push(term)
      return
    }
    const m = decodeFrame(d, quiet)
    if (!m) return
    if (m.type === 0 || m.type === 1) {
      const list = m.type === 0 ? m.payload.agents : m.payload
      let jump = 0
      for (const p of list) {
        const before = this.at.get(p.id)
        if (before) jump = Math.max(jump, Math.hypot(p.x - before.x, p.y - before.y))
        this.at.set(p.id, { x: p.x, y: p.y })
      }
      this.samples.push({ t, jump })
      if (m.type === 1) this.positionTimes.push(t)
    } else if (m.type === 2 || m.type === 5) {
      if (this.ids.has(m.payload.id)) this.duplicateIds++
      this.ids.add(m.payload.id)
    } else if (m.type === 4) {
      this.completed = m.payload.completedTasks
    } else if (m.type === 3) {
      // Task progress only grows, and wraps to 0 as completedTasks grows by one: this sum only grows.
      const progress = m.payload.reduce((s, task) => s + task.progress, 0)
      this.tasks.push({ t, score: this.completed * 100 + progress, completed: this.completed })
    }
  }

  framesSince(t: number): number {
    return this.positionTimes.filter((x) => x > t).length
  }

  /**
   * The longest silence between two position frames from the last one before `from` to `to`
   * (frames of a killed leader may still arrive after the kill: the gap is wherever it is), and
   * the arrival time of the frame that ended it.
   */
  longestGap(from: number, to: number): { gap: number; end: number } {
    const ts = this.positionTimes.filter((x) => x <= to)
    const first = Math.max(
      1,
      ts.findIndex((x) => x > from),
    )
    let best = { gap: 0, end: from }
    for (let i = first; i < ts.length; i++) {
      const gap = ts[i]! - ts[i - 1]!
      if (gap > best.gap) best = { gap, end: ts[i]! }
    }
    return best
  }

  /** The largest jump among the first `n` position-carrying frames at or after `t`. */
  jumpAfter(t: number, n = 3): number {
    return Math.max(
      0,
      ...this.samples
        .filter((x) => x.t >= t)
        .slice(0, n)
        .map((x) => x.jump),
    )
  }

  /** Most type 1 frames inside any 100 ms window within [from, to]. */
  burst(from: number, to: number): number {
    const ts = this.positionTimes.filter((x) => x >= from && x <= to)
    let most = 0
    for (let i = 0, j = 0; i < ts.length; i++) {
      while (ts[i]! - ts[j]! >= 100) j++
      most = Math.max(most, i - j + 1)
    }
    return most
  }

  lastTaskBefore(t: number) {
    return this.tasks.filter((x) => x.t <= t).at(-1)
  }

  firstTaskAfter(t: number) {
    return this.tasks.find((x) => x.t > t)
  }

  close(): void {
    this.ws.terminate()
  }
}
