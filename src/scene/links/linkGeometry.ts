/**
 * The links' geometry: ONE indexed gl.LINES draw whose vertices are the agents themselves (their
 * x/y typed arrays as per-vertex attributes, shared with the agents' geometry) and whose index
 * buffer holds the sim's link pairs (LinkBuffers a[k], b[k]) that can touch the view. Positions
 * upload with the agents on every change, so links follow their agents every frame.
 *
 * GOTCHA: software WebGL pays per submitted line even when it is clipped away (170,000 off-screen
 * links halve the frame rate under SwiftShader), and a 100,000-agent world shows a few hundred of
 * them. So the index holds only the pairs whose first end lies within the view grown by the link
 * distance (a link is shorter than that) plus slack for the motion between two link searches (the
 * store refreshes links every frame up to 20,000 agents, every 4th frame above). It is rebuilt when
 * the store publishes new links (`runtime.linksVersion`) and when the view changes.
 */
import { BufferAttribute, BufferGeometry, DynamicDrawUsage } from 'three'
import { LINK_DISTANCE, type AgentBuffers, type LinkBuffers } from '../../sim'
import { markRange } from '../agents/agentGeometry'
import { unboundedSphere } from '../geometryBounds'
import type { ViewRect } from '../viewUniforms'

/** World units agents may move between two link searches (speed 10: ~3 units a frame, 4 frames). */
export const MOTION_SLACK = 40

export type { ViewRect }

/**
 * Write into `out` the pairs (a, b) of `links` whose a-end lies within `rect` grown by `margin`;
 * returns the number of indices written (2 per pair).
 */
export function visiblePairs(
  links: LinkBuffers,
  x: Float32Array,
  y: Float32Array,
  rect: ViewRect,
  margin: number,
  out: Uint32Array,
): number {
  const x0 = rect.minX - margin
  const x1 = rect.maxX + margin
  const y0 = rect.minY - margin
  const y1 = rect.maxY + margin
  const la = links.a
  const lb = links.b
  let m = 0
  for (let k = 0, n = links.count; k < n; k++) {
    const a = la[k]!
    const ax = x[a]!
    const ay = y[a]!
    if (ax >= x0 && ax <= x1 && ay >= y0 && ay <= y1) {
      out[m++] = a
      out[m++] = lb[k]!
    }
  }
  return m
}

export class LinkGeometry {
  geometry = new BufferGeometry()
  private links: LinkBuffers | null = null
  private x: BufferAttribute | null = null
  private index: BufferAttribute | null = null
  private indexLength = 0
  private readonly range = { start: 0, count: 0 }
  private readonly culled: ViewRect = { minX: NaN, minY: NaN, maxX: NaN, maxY: NaN }
  private linksVersion = NaN
  /** +1 whenever the index is rebuilt (the frame must be drawn for it to reach the GPU) */
  changes = 0

  /**
   * Follow `links` (published as `linksVersion`), the agents' position attributes and the visible
   * `rect`, and rebuild the index when one of them changed. Returns true when the geometry object
   * was replaced (the mesh must pick it up).
   */
  sync(
    links: LinkBuffers,
    agents: AgentBuffers,
    x: BufferAttribute,
    y: BufferAttribute,
    linksVersion: number,
    rect: ViewRect,
  ): boolean {
    let replaced = false
    // (a worker's links may grow from an empty first array to the full capacity)
    if (links !== this.links || x !== this.x || links.a.length * 2 > this.indexLength) {
      this.geometry.dispose()
      const g = new BufferGeometry()
      g.boundingSphere = unboundedSphere()
      g.setAttribute('agentX', x)
      g.setAttribute('agentY', y)
      this.index = new BufferAttribute(new Uint32Array(links.a.length * 2), 1).setUsage(
        DynamicDrawUsage,
      )
      g.setIndex(this.index)
      this.indexLength = links.a.length * 2
      g.setDrawRange(0, 0)
      this.geometry = g
      this.links = links
      this.x = x
      replaced = true
    }
    const c = this.culled
    const moved =
      rect.minX !== c.minX || rect.minY !== c.minY || rect.maxX !== c.maxX || rect.maxY !== c.maxY
    if (replaced || moved || linksVersion !== this.linksVersion) {
      this.rebuild(links, agents, rect)
      this.linksVersion = linksVersion
    }
    return replaced
  }

  /** The index's agent indices (2 per drawn link; the first `indexCount`). */
  get indices(): Uint32Array | null {
    return this.index ? (this.index.array as Uint32Array) : null
  }

  get indexCount(): number {
    return this.geometry.drawRange.count
  }

  /** Links drawn right now. */
  get count(): number {
    return this.geometry.drawRange.count / 2
  }

  private rebuild(links: LinkBuffers, agents: AgentBuffers, rect: ViewRect): void {
    const idx = this.index!.array as Uint32Array
    const m = visiblePairs(links, agents.x, agents.y, rect, LINK_DISTANCE + MOTION_SLACK, idx)
    // Draw exactly the pairs the GPU holds: the count goes with the upload.
    this.geometry.setDrawRange(0, m)
    if (m > 0) markRange(this.index!, this.range, m)
    Object.assign(this.culled, rect)
    this.changes++
  }

  dispose(): void {
    this.geometry.dispose()
    this.links = null
    this.x = null
  }
}
