/**
 * The links' geometry: ONE indexed gl.LINES draw whose vertices are the agents themselves (their
 * fields as per-vertex attributes, shared with the agents' geometry) and whose index
 * buffer holds the sim's link pairs (LinkBuffers a[k], b[k]) that can touch the view. Positions
 * upload with the agents on every change, so links follow their agents every frame.
 *
 * GOTCHA: software WebGL pays per submitted line even when it is clipped away (170,000 off-screen
 * links halve the frame rate under SwiftShader), and a 100,000-agent world shows a few hundred of
 * them. So the index holds only the pairs whose first end lies within the view grown by the link
 * distance (a link is shorter than that) plus slack for the motion between two link searches (the
 * store refreshes links every frame up to 20,000 agents, every 4th frame above). It is rebuilt when
 * the store publishes new links (`display.linksVersion`) and when the view changes. When the agents
 * are drawn from a view set (src/sim/viewSet.ts), the set already lists the pairs that can touch
 * the view, as positions in its own small arrays: syncSet() draws those.
 */
import { BufferAttribute, BufferGeometry, DynamicDrawUsage } from 'three'
import {
  LINK_DISTANCE,
  MOTION_SLACK,
  type AgentBuffers,
  type LinkBuffers,
  type ViewSet,
} from '../../sim'
import { markRange, type LinkVertices } from '../agents/agentGeometry'
import { unboundedSphere } from '../geometryBounds'
import type { ViewRect } from '../viewUniforms'

export { MOTION_SLACK }

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

/** The owner of an index of view-set pairs (each frame may bring a new set object). */
const VIEW_SETS = {}

export class LinkGeometry {
  geometry = new BufferGeometry()
  /** what the index lists pairs of: the whole links (LinkBuffers) or a view set */
  private owner: object | null = null
  private set: ViewSet | null = null
  private vertices: LinkVertices | null = null
  private index: BufferAttribute | null = null
  private indexLength = 0
  private readonly range = { start: 0, count: 0 }
  private readonly culled: ViewRect = { minX: NaN, minY: NaN, maxX: NaN, maxY: NaN }
  private linksVersion = NaN
  /** +1 whenever the index is rebuilt (the frame must be drawn for it to reach the GPU) */
  changes = 0

  /**
   * Follow `links` (published as `linksVersion`), the agents' vertex attributes and the visible
   * `rect`, and rebuild the index when one of them changed. Returns true when the geometry object
   * was replaced (the mesh must pick it up).
   */
  sync(
    links: LinkBuffers,
    agents: AgentBuffers,
    vertices: LinkVertices,
    linksVersion: number,
    rect: ViewRect,
  ): boolean {
    // (a worker's links may grow from an empty first array to the full capacity)
    const replaced = this.fit(links, vertices, links.a.length * 2)
    const c = this.culled
    const moved =
      rect.minX !== c.minX || rect.minY !== c.minY || rect.maxX !== c.maxX || rect.maxY !== c.maxY
    if (replaced || moved || linksVersion !== this.linksVersion) {
      this.rebuild(links, agents, rect)
      this.linksVersion = linksVersion
    }
    return replaced
  }

  /**
   * Draw the links of a view set (src/sim/viewSet.ts) over its agents' vertex attributes
   * (AgentGeometry's view-set layout); `setVersion` +1 whenever its contents changed. Returns true
   * when the geometry object was replaced.
   */
  syncSet(set: ViewSet, vertices: LinkVertices, setVersion: number): boolean {
    const replaced = this.fit(VIEW_SETS, vertices, set.links.length)
    if (replaced || set !== this.set || setVersion !== this.linksVersion) {
      const m = set.linkCount * 2
      const idx = this.index!.array as Uint32Array
      idx.set(set.links.subarray(0, m))
      this.geometry.setDrawRange(0, m)
      if (m > 0) markRange(this.index!, this.range, m)
      this.culled.minX = NaN
      this.set = set
      this.linksVersion = setVersion
      this.changes++
    }
    return replaced
  }

  /** A geometry over `vertices` with an index of `length` entries for `owner`'s pairs. */
  private fit(owner: object, vertices: LinkVertices, length: number): boolean {
    if (owner === this.owner && vertices === this.vertices && length <= this.indexLength) {
      return false
    }
    this.release()
    const g = new BufferGeometry()
    g.boundingSphere = unboundedSphere()
    for (const [name, attribute] of Object.entries(vertices)) g.setAttribute(name, attribute)
    this.index = new BufferAttribute(new Uint32Array(length), 1).setUsage(DynamicDrawUsage)
    g.setIndex(this.index)
    this.indexLength = length
    g.setDrawRange(0, 0)
    this.geometry = g
    this.owner = owner
    this.set = null
    this.vertices = vertices
    this.culled.minX = NaN
    this.linksVersion = NaN
    return true
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

  /**
   * Free what this geometry owns on the GPU: its index. GOTCHA: three's dispose() deletes the
   * buffer of every attribute the geometry holds, but the vertex attributes (agentX, …) belong to
   * the agents' geometry (in 'points' mode they are the very attributes the agents are drawn from).
   * Deleted while the agents' vertex array is bound (the last draw of a frame), it is left with no
   * buffer, and three never rebinds it: every later draw of the agents fails with "INVALID_OPERATION:
   * drawElements: no buffer is bound to enabled attribute" until they are rebuilt. So they
   * leave the geometry first; AgentGeometry frees them with the layout they belong to.
   */
  private release(): void {
    const g = this.geometry
    for (const name of Object.keys(g.attributes)) g.deleteAttribute(name)
    g.dispose()
  }

  dispose(): void {
    this.release()
    this.owner = null
    this.set = null
    this.vertices = null
  }
}
