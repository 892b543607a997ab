/**
 * The links' geometry: ONE indexed gl.LINES draw whose vertices are the agents themselves (their
 * x/y typed arrays as per-vertex attributes, shared with the agents' geometry) and whose index
 * buffer holds the sim's link pairs (LinkBuffers a[k], b[k] interleaved). Positions upload with the
 * agents on every change, so links follow their agents every frame; the pairs are uploaded at the
 * store's own link cadence: every change up to 20,000 agents, every 4th above (where the store
 * recomputes them every 4th frame), and once the buffers stop changing.
 */
import { BufferAttribute, BufferGeometry, DynamicDrawUsage } from 'three'
import type { AgentBuffers, LinkBuffers } from '../../sim'
import { LINK_EVERY_FRAME_MAX, LINK_EVERY_LARGE } from '../../state/swarmStore'
import { markRange } from '../agents/agentGeometry'
import { unboundedSphere } from '../geometryBounds'

export class LinkGeometry {
  geometry = new BufferGeometry()
  private links: LinkBuffers | null = null
  private x: BufferAttribute | null = null
  private index: BufferAttribute | null = null
  private readonly range = { start: 0, count: 0 }
  private version = -1
  private changesSincePairs = 0
  private pairsPending = false

  /**
   * Follow `links` and the agents' position attributes and upload the pairs when due. Returns true
   * when the geometry object was replaced (the mesh must pick it up).
   */
  sync(
    links: LinkBuffers,
    agents: AgentBuffers,
    x: BufferAttribute,
    y: BufferAttribute,
    version: number,
  ): boolean {
    let replaced = false
    if (links !== this.links || x !== this.x) {
      this.geometry.dispose()
      const g = new BufferGeometry()
      g.boundingSphere = unboundedSphere()
      g.setAttribute('agentX', x)
      g.setAttribute('agentY', y)
      this.index = new BufferAttribute(new Uint32Array(links.a.length * 2), 1).setUsage(
        DynamicDrawUsage,
      )
      g.setIndex(this.index)
      g.setDrawRange(0, 0)
      this.geometry = g
      this.links = links
      this.x = x
      replaced = true
    }
    if (version === this.version && !replaced) {
      if (this.pairsPending) this.uploadPairs(links)
      return false
    }
    this.version = version
    this.pairsPending = true
    const every = agents.count <= LINK_EVERY_FRAME_MAX ? 1 : LINK_EVERY_LARGE
    if (replaced || ++this.changesSincePairs >= every) this.uploadPairs(links)
    return replaced
  }

  /** Links drawn right now. */
  get count(): number {
    return this.geometry.drawRange.count / 2
  }

  private uploadPairs(links: LinkBuffers): void {
    const n = links.count
    const idx = this.index!.array as Uint32Array
    const a = links.a
    const b = links.b
    for (let k = 0; k < n; k++) {
      idx[2 * k] = a[k]!
      idx[2 * k + 1] = b[k]!
    }
    // Draw exactly the pairs the GPU holds: the count goes with the upload.
    this.geometry.setDrawRange(0, 2 * n)
    if (n > 0) markRange(this.index!, this.range, 2 * n)
    this.changesSincePairs = 0
    this.pairsPending = false
  }

  dispose(): void {
    this.geometry.dispose()
    this.links = null
    this.x = null
  }
}
