/**
 * The sim worker's logic, free of any worker global so Node tests drive it directly: it owns the
 * SwarmSim, steps it by its own clock, runs the link search in stages between steps, and publishes
 * frames through the buffer hand-off of protocol.ts.
 *
 * Links: the full search is cut into slices of ~AGENTS_PER_SLICE agents' rows (stagesFor) and
 * starts every LINK_PERIOD_MS (11 full searches a second). After each step the worker runs slices
 * of the search under way while its turn has time left (TURN_BUDGET_MS of the 16.7 ms between
 * steps, at least one slice per step), so a step never waits behind a search. The period keeps the
 * worker from spending a whole core on links where the page needs it too (a 2-core tablet). Each
 * published frame also carries the view set of the rectangle the page draws (viewSet.ts), with
 * the links around it searched afresh from that frame's positions: what a zoomed-in page draws
 * is never older than the frame itself.
 *
 * The full search runs only while something draws from it (docs/ARCHITECTURE.md, "The sim
 * worker's links"): nothing does until the scene's first frame, which asks for its view (the
 * panels, the census and snapshots read no links; the scene starts seconds after the worker on a
 * slow machine, and at 100,000 agents the searches meanwhile took a fifth of the worker's CPU,
 * beside the page's own start-up); then a small
 * swarm (one slice), a view asked as none (null: the whole buffers), or a view
 * whose set could not be searched afresh (too big a share of the swarm). A zoomed-in view of a big
 * swarm draws only its fresh view set, so the worker stops starting full searches (at 100,000
 * agents they were ~60 % of its CPU, which a 2-core machine's rasteriser needed) and publishes
 * empty links once: the page's own sets for a fast pan then draw agents without links for the frame
 * or two until the worker's set covers the view, never links searched from positions long gone.
 */
import { attachMainView } from '../mainView'
import { MAX_STEPS_PER_TICK, STEP_MS } from '../constants'
import { createAgentBuffers } from '../agents'
import { createLinkBuffers } from '../links'
import { SwarmSim } from '../engine'
import { applyFork, readingsOf } from '../fork'
import {
  adoptViews,
  fieldViews,
  frameLayout,
  FramePool,
  linkFrameBytes,
  linkViews,
  viewSetViews,
  writeFields,
  writeLinks,
  type FrameBuffer,
  type FrameLayout,
} from './frameLayout'
import { PostedEvents } from './postedEvents'
import type { FromWorker, ToWorker, WorkerReadings } from './protocol'
import {
  createFreshLinkScratch,
  createViewSlots,
  fillViewSetFresh,
  viewSetCapacity,
  type FreshLinkScratch,
  type ViewSet,
  type WorldRect,
} from '../viewSet'
import { FAILING_IDS_CAP, scanSwarm } from '../swarmStats'
import { gatherView } from '../viewFields'

/** Agents per link-search slice (~1.5 ms on a desktop core). */
const AGENTS_PER_SLICE = 12_500
const MAX_LINK_STAGES = 100
/**
 * A new full link search starts at most this often (ms): 11 a second. What the page draws of a
 * big swarm comes from the view set, whose links are searched afresh with every frame; the full
 * search serves the whole-swarm draw (zoomed out) and the page's own sets (fast pans).
 */
export const LINK_PERIOD_MS = 90
/** A frame the page has not adopted is replaced by a newer one this old (ms): link age, slow page */
export const STALE_FRAME_MS = 50
/** Of each step's 16.7 ms turn, the worker spends at most this on the step plus link slices. */
const TURN_BUDGET_MS = 11

/** What the page gets while no full search runs (see the header). */
const NO_LINKS = createLinkBuffers(0)

/** Slices of one full link search for `count` agents. */
export function stagesFor(count: number): number {
  return Math.max(1, Math.min(MAX_LINK_STAGES, Math.ceil(count / AGENTS_PER_SLICE)))
}
/** Readings are posted at most this often (ms), and after every command. */
const READINGS_EVERY_MS = 250

export type Post = (message: FromWorker, transfer: Transferable[]) => void
type Frame = Extract<FromWorker, { t: 'frame' }>

export interface CoreClock {
  /** monotonic ms */
  now(): number
  /** wall clock, ms since the epoch (shared with the page: link age) */
  wall(): number
}

const defaultClock: CoreClock = {
  now: () => performance.now(),
  wall: () => performance.timeOrigin + performance.now(),
}

export class SimWorkerCore {
  sim: SwarmSim | null = null
  private layout: FrameLayout | null = null
  private shared = false
  private clockOn = true
  private running = false
  private detachMainView: (() => void) | null = null
  private frames = new FramePool(false)
  private linkFrames = new FramePool(false)
  private readonly events = new PostedEvents()
  private lastAt = 0
  private lastReadingsAt = -Infinity
  private forceReadings = true
  /** something drawn changed since the last published frame */
  private dirty = true
  /** the sim's links changed since the last published link frame */
  private linksDirty = true
  /** a published frame the page has not adopted yet: clock-driven publishing waits for it */
  private inFlight = false
  private publishedAt = -Infinity // monotonic ms
  private linksAt = 0
  private stage = 0
  private stages = 1
  private handled = 0
  private cycleStartAt = 0
  private cycleStartedAt = -Infinity // monotonic ms the search under way started
  /** the rectangle the page draws (its frames carry the view set for it) */
  private viewRect: WorldRect | null = null
  /** the page asked for a view (a rectangle or none): its scene draws, links are wanted */
  private drawing = false
  private viewSlots: Int32Array | null = null
  private viewScratch: FreshLinkScratch | null = null
  /** the last view set was searched afresh and fit (then no full search is needed) */
  private viewFresh = false
  /** the published links are NO_LINKS (full searches stopped) */
  private linksEmpty = false

  constructor(
    private readonly post: Post,
    private readonly clock: CoreClock = defaultClock,
  ) {}

  handle(m: ToWorker): void {
    this.handled++
    if (m.t === 'init') return this.init(m)
    const sim = this.sim
    if (!sim) return
    switch (m.t) {
      case 'run':
        this.running = m.running
        break
      case 'mainView':
        if (m.on && !this.detachMainView) {
          this.detachMainView = attachMainView(sim, { startup: m.startup })
        } else if (!m.on && this.detachMainView) {
          this.detachMainView()
          this.detachMainView = null
        }
        break
      case 'setActive':
        sim.setActive(m.active)
        this.dirty = true
        break
      case 'setSpeed':
        sim.speed = Math.min(10, Math.max(1, m.speed))
        break
      case 'view':
        if (!this.drawing) {
          // the scene's first frame: one search now, as paused swarms step no slices
          this.drawing = true
          this.fullSearch()
        }
        this.viewRect = m.rect ? { ...m.rect } : null
        if (!this.viewRect) this.viewFresh = false
        // the next frame carries the set for the new rectangle, even while the sim is paused
        this.dirty = true
        break
      case 'setParameter': {
        const p = sim.parameters.find((x) => x.name === m.name)
        if (p) p.value = Math.min(p.max, Math.max(p.min, m.value))
        break
      }
      case 'markFailing':
        sim.markFailing(m.index)
        this.dirty = true
        break
      case 'advance':
        for (let k = 0; k < m.steps; k++) sim.step()
        if (m.links) this.fullSearch()
        this.dirty = true
        break
      case 'release':
        if (m.frame) this.frames.give(m.frame)
        if (m.links) this.linkFrames.give(m.links)
        if (m.adopted) this.inFlight = false
        break
    }
    // a command's effect shows in the readings at once (frame hand-offs change no figure)
    if (m.t !== 'release' && m.t !== 'view') this.forceReadings = true
    this.flush()
  }

  /**
   * One loop turn: step by the elapsed wall time (or let it pass while paused), one link slice,
   * publish. Returns the ms until the next turn is due.
   */
  pump(): number {
    const sim = this.sim
    if (!sim) return STEP_MS
    const t = this.clock.now()
    const dt = t - this.lastAt
    this.lastAt = t
    if (this.clockOn) {
      if (this.running) {
        const steps = sim.tick(dt, MAX_STEPS_PER_TICK)
        if (steps > 0) {
          this.dirty = true
          this.linkSlices(t)
        }
      } else {
        sim.skip(dt)
      }
    }
    // Frames follow the page: while it has not adopted the last one, the state keeps stepping and
    // the newest goes out once it has (its 'release' flushes), as soon as a link search completes,
    // or when the one waiting is STALE_FRAME_MS old (link age on a slow page: the page keeps the
    // newest frame and hands back the one it replaces). Events and readings go out anyway.
    this.flush(!this.inFlight || this.linksDirty || t - this.publishedAt >= STALE_FRAME_MS)
    return Math.max(1, STEP_MS - (this.clock.now() - t))
  }

  private init(m: Extract<ToWorker, { t: 'init' }>): void {
    const sim = new SwarmSim({ seed: m.seed, count: m.count, world: m.world, epochMs: m.epochMs })
    if (m.fork) {
      const f = m.fork
      const from = createAgentBuffers(0)
      adoptViews(from, fieldViews(frameLayout(f.capacity), f.frame))
      from.count = f.count
      from.ids = f.ids
      applyFork(sim, from, f.readings)
    }
    this.sim = sim
    this.layout = frameLayout(sim.buffers.capacity)
    this.stages = stagesFor(sim.buffers.count)
    this.shared = m.shared
    this.frames = new FramePool(m.shared)
    this.linkFrames = new FramePool(m.shared)
    this.clockOn = m.clock
    this.lastAt = this.clock.now()
    sim.on(this.events.add)
    // no search yet: nothing draws links before the scene asks for its view (see the header)
    this.post(
      {
        t: 'ready',
        ids: sim.buffers.ids.slice(0, sim.buffers.count),
        world: { ...sim.world },
        capacity: sim.buffers.capacity,
        shared: m.shared,
      },
      [],
    )
    this.flush()
  }

  /** The whole search at once (start, tests); cancels a staged one. */
  private fullSearch(): void {
    const sim = this.sim!
    this.linksAt = this.clock.wall()
    if (this.stage > 0) {
      // finish the staged cycle so the sim's stage counter is back at 0, then search afresh
      while (!sim.computeLinksStaged(this.stages));
      this.stage = 0
    }
    sim.computeLinks()
    this.linksDirty = true
    this.linksEmpty = false
  }

  /**
   * One slice, then more while the turn that started at `turnAt` has budget left, up to the end
   * of the search (at most one search completes per step: newer positions arrive only then).
   */
  private linkSlices(turnAt: number): void {
    if (this.stage === 0) {
      if (!this.fullSearchWanted()) {
        if (!this.linksEmpty) {
          this.linksEmpty = true
          this.linksDirty = true
        }
        return
      }
      if (turnAt - this.cycleStartedAt < LINK_PERIOD_MS) return
    }
    for (;;) {
      const t0 = this.clock.now()
      if (this.linkSlice()) return
      const t1 = this.clock.now()
      // the next slice would likely cost what this one did
      if (t1 - turnAt + (t1 - t0) >= TURN_BUDGET_MS) return
    }
  }

  /** Whether anything draws from the full search now (see the header). */
  private fullSearchWanted(): boolean {
    return this.drawing && (this.stages === 1 || !this.viewRect || !this.viewFresh)
  }

  /** One slice of the search; true when it completed the search. */
  private linkSlice(): boolean {
    const sim = this.sim!
    if (this.stage === 0) {
      this.cycleStartAt = this.clock.wall()
      this.cycleStartedAt = this.clock.now()
    }
    if (!sim.computeLinksStaged(this.stages)) {
      this.stage++
      return false
    }
    this.stage = 0
    this.linksAt = this.cycleStartAt
    this.linksDirty = true
    this.linksEmpty = false
    return true
  }

  private readings(): WorkerReadings {
    const s = this.sim!
    return {
      ...readingsOf(s),
      failingCount: s.failingCount,
      stepIndex: s.stepIndex,
      epochMs: s.epochMs,
      handled: this.handled,
      scan: scanSwarm(s.buffers, FAILING_IDS_CAP),
    }
  }

  /**
   * Post pending events/readings and, when a buffer is free (and `frames`: commands and the page's
   * adoption always; clock turns only with no frame in flight), the frame.
   */
  private flush(frames = true): void {
    const t = this.clock.now()
    const due = this.forceReadings || t - this.lastReadingsAt >= READINGS_EVERY_MS
    if (this.events.pending || due) {
      const readings = due ? this.readings() : null
      if (due) {
        this.lastReadingsAt = t
        this.forceReadings = false
      }
      this.post({ t: 'state', events: this.events.take(), readings }, [])
    }
    if (frames && (this.dirty || this.linksDirty)) this.publish()
  }

  private publish(): void {
    const sim = this.sim!
    const frame = this.frames.take(this.layout!.bytes)
    if (!frame) return // the page holds every buffer: publish on a later turn
    const layout = this.layout!
    const count = sim.buffers.count
    writeFields(sim.buffers, fieldViews(layout, frame), count)
    const view = this.viewRect ? this.writeViewSet(layout, frame) : null
    let links: FrameBuffer | null = null
    const published = this.linksEmpty ? NO_LINKS : sim.links
    if (this.linksDirty) {
      const n = published.count
      links = this.linkFrames.take(n * 8, linkFrameBytes(n, layout.capacity))
      if (links) {
        writeLinks(published, linkViews(links))
        this.linksDirty = false
      }
    }
    this.dirty = false
    this.publishedAt = this.clock.now()
    // set before posting: a page in the same thread (tests) may adopt it during post()
    this.inFlight = true
    const transfer: Transferable[] = []
    if (!this.shared) {
      transfer.push(frame as ArrayBuffer)
      if (links) transfer.push(links as ArrayBuffer)
    }
    this.post(
      {
        t: 'frame',
        frame,
        count,
        stepIndex: sim.stepIndex,
        links,
        linkCount: links ? published.count : 0,
        linksAt: this.linksAt,
        view,
      },
      transfer,
    )
  }

  /**
   * The view set for the page's rectangle, written into `frame`, with links searched afresh from
   * this frame's positions around it (fillViewSetFresh: the full search's own pairs, a few
   * thousand agents' search); its header for the message.
   */
  private writeViewSet(layout: FrameLayout, frame: FrameBuffer): NonNullable<Frame['view']> {
    const sim = this.sim!
    const rect = this.viewRect!
    const b = sim.buffers
    if (!this.viewSlots || this.viewSlots.length < b.count) {
      this.viewSlots = createViewSlots(b.capacity)
    }
    // the neighbourhood searched may hold up to twice a set's agents (3 link cells around it)
    this.viewScratch ??= createFreshLinkScratch(2 * viewSetCapacity(b.capacity))
    const v = viewSetViews(layout, frame)
    const set: ViewSet = {
      rect: { ...rect },
      count: -1,
      drawn: 0,
      index: v.index,
      links: v.links,
      linkCount: 0,
      linksAt: 0,
    }
    const at = this.clock.wall()
    // (a set that cannot be searched afresh takes the full search's links: none while it is stopped)
    const full = this.linksEmpty ? NO_LINKS : sim.links
    const r = fillViewSetFresh(b, sim.world, full, rect, this.viewSlots, this.viewScratch, set)
    this.viewFresh = r.fresh && set.count >= 0
    if (set.count > 0) gatherView(b, set.index, set.count, v.gathered) // the page copies nothing
    return {
      rect: set.rect,
      count: set.count,
      drawn: set.drawn,
      linkCount: set.linkCount,
      linksAt: r.fresh ? at : this.linksAt,
    }
  }
}
