/**
 * Which view set (src/sim/viewSet.ts) the scene draws this frame, if any.
 *
 * A source that works off the main thread (the sim worker) builds one with every frame for the
 * rectangle the scene asked for: the view grown by a pan margin, asked anew only when the view
 * nears its edge or shrank well inside it, so a pan or a pinch mostly stays within the set the
 * worker already builds. Where the source's set does not cover this frame's view (a fast fling,
 * the first frames, a source without a worker: live feed, replay, main-thread sim) the scene
 * builds its own, for the view itself, from the displayed buffers and links.
 *
 * A set that is full (count −1: the view shows more than VIEW_SET_SHARE of the swarm) means: draw
 * the whole buffers.
 */
import {
  createViewSet,
  createViewSlots,
  fillViewSet,
  rectContains,
  viewSetCapacity,
  type AgentBuffers,
  type LinkBuffers,
  type ViewSet,
  type WorldRect,
} from '../../sim'

/** The rectangle asked of the source is the view grown by this share of its larger side. */
const PAN_MARGIN = 0.25

/** What the choice needs of the displayed source (SwarmSource's optional view-set members). */
export interface ViewSetSource {
  readonly viewSet?: ViewSet | null
  requestView?(rect: WorldRect | null): void
}

const area = (r: WorldRect) => (r.maxX - r.minX) * (r.maxY - r.minY)

function grow(r: WorldRect, m: number, out: WorldRect): WorldRect {
  out.minX = r.minX - m
  out.minY = r.minY - m
  out.maxX = r.maxX + m
  out.maxY = r.maxY + m
  return out
}

export class ViewSetChoice {
  /** +1 whenever the chosen set's contents changed (AgentGeometry.sync's setVersion) */
  version = 0
  private local: ViewSet | null = null
  private slots: Int32Array | null = null
  private localBuffers: AgentBuffers | null = null
  private localVersion = NaN
  private localLinks: LinkBuffers | null = null
  private localLinksVersion = NaN
  private readonly localRect: WorldRect = { minX: NaN, minY: NaN, maxX: NaN, maxY: NaN }
  private lastRemote: ViewSet | null = null
  private asked: WorldRect | null = null
  private askedOf: ViewSetSource | null = null
  private readonly inner: WorldRect = { minX: 0, minY: 0, maxX: 0, maxY: 0 }
  private readonly wanted: WorldRect = { minX: 0, minY: 0, maxX: 0, maxY: 0 }

  /**
   * The set to draw for the world rectangle `needed` (the view grown by an agent's reach), or null
   * for the whole buffers. `version`/`linksVersion` change whenever `buffers`/`links` did.
   */
  choose(
    src: ViewSetSource,
    buffers: AgentBuffers,
    version: number,
    links: LinkBuffers,
    linksVersion: number,
    needed: WorldRect,
  ): ViewSet | null {
    if (src.requestView) this.ask(src, needed)
    const remote = src.viewSet
    if (remote && rectContains(remote.rect, needed)) {
      if (remote !== this.lastRemote) {
        this.lastRemote = remote
        this.version++
      }
      return remote.count >= 0 ? remote : null
    }
    this.lastRemote = null
    const set = this.buildLocal(buffers, version, links, linksVersion, needed)
    return set.count >= 0 ? set : null
  }

  /** Ask the source for the view grown by the pan margin when the view nears the asked edge. */
  private ask(src: ViewSetSource, needed: WorldRect): void {
    const margin = PAN_MARGIN * Math.max(needed.maxX - needed.minX, needed.maxY - needed.minY)
    const a = this.asked
    const wanted = grow(needed, margin, this.wanted)
    if (
      src === this.askedOf &&
      a &&
      rectContains(a, grow(needed, margin / 2, this.inner)) &&
      area(a) <= 4 * area(wanted)
    ) {
      return
    }
    this.asked = { ...wanted }
    this.askedOf = src
    src.requestView!(this.asked)
  }

  private buildLocal(
    buffers: AgentBuffers,
    version: number,
    links: LinkBuffers,
    linksVersion: number,
    needed: WorldRect,
  ): ViewSet {
    let set = this.local
    if (!set || set.index.length !== viewSetCapacity(buffers.capacity) || !this.slots) {
      set = this.local = createViewSet(buffers.capacity)
      this.slots = createViewSlots(buffers.capacity)
      this.localBuffers = null
    }
    const r = this.localRect
    if (
      buffers === this.localBuffers &&
      version === this.localVersion &&
      links === this.localLinks &&
      linksVersion === this.localLinksVersion &&
      needed.minX === r.minX &&
      needed.minY === r.minY &&
      needed.maxX === r.maxX &&
      needed.maxY === r.maxY
    ) {
      return set
    }
    if (this.slots.length < buffers.count) this.slots = createViewSlots(buffers.capacity)
    fillViewSet(buffers, links, needed, this.slots, set)
    this.localBuffers = buffers
    this.localVersion = version
    this.localLinks = links
    this.localLinksVersion = linksVersion
    Object.assign(r, needed)
    this.version++
    return set
  }
}
