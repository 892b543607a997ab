/**
 * The links' instanced geometry: a two-vertex line whose per-instance attributes are the sim's
 * link pair arrays (LinkBuffers a, b: agent indices), drawn as ONE instanced gl.LINES draw. The
 * endpoints are read in the vertex shader from a float texture holding every agent's (x, y), so a
 * link follows its agents every frame even when the pairs are recomputed less often (large swarms).
 */
import {
  BufferAttribute,
  DataTexture,
  DynamicDrawUsage,
  FloatType,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
  NearestFilter,
  RGFormat,
} from 'three'
import type { AgentBuffers, LinkBuffers } from '../../sim'
import { unboundedSphere } from '../geometryBounds'

/** Texels per row of the position texture. */
export const POSITION_TEXTURE_WIDTH = 1024

function line(): InstancedBufferGeometry {
  const g = new InstancedBufferGeometry()
  g.setAttribute('position', new BufferAttribute(new Float32Array([0, 1]), 1))
  g.boundingSphere = unboundedSphere()
  g.instanceCount = 0
  return g
}

function positionTexture(capacity: number): DataTexture {
  const height = Math.max(1, Math.ceil(capacity / POSITION_TEXTURE_WIDTH))
  const t = new DataTexture(
    new Float32Array(POSITION_TEXTURE_WIDTH * height * 2),
    POSITION_TEXTURE_WIDTH,
    height,
    RGFormat,
    FloatType,
  )
  t.minFilter = NearestFilter
  t.magFilter = NearestFilter
  t.generateMipmaps = false
  t.flipY = false
  t.unpackAlignment = 1
  return t
}

/** Upload the first `count` entries next render, reusing one range object (addUpdateRange allocates). */
function markRange(
  attr: InstancedBufferAttribute,
  range: { start: number; count: number },
  count: number,
): void {
  range.count = count
  attr.updateRanges.length = 0
  attr.updateRanges.push(range)
  attr.needsUpdate = true
}

export class LinkGeometry {
  geometry: InstancedBufferGeometry = line()
  positions: DataTexture = positionTexture(1)
  private links: LinkBuffers | null = null
  private agents: AgentBuffers | null = null
  private a: InstancedBufferAttribute | null = null
  private b: InstancedBufferAttribute | null = null
  private readonly rangeA = { start: 0, count: 0 }
  private readonly rangeB = { start: 0, count: 0 }
  private version = -1

  /**
   * Follow `links`/`agents` and upload what changed. Returns true when the geometry or the texture
   * object was replaced (the mesh and the material uniform must pick them up).
   */
  sync(links: LinkBuffers, agents: AgentBuffers, version: number): boolean {
    let replaced = false
    if (links !== this.links) {
      this.geometry.dispose()
      this.geometry = line()
      this.a = new InstancedBufferAttribute(links.a, 1)
      this.b = new InstancedBufferAttribute(links.b, 1)
      this.a.setUsage(DynamicDrawUsage)
      this.b.setUsage(DynamicDrawUsage)
      this.geometry.setAttribute('instanceA', this.a)
      this.geometry.setAttribute('instanceB', this.b)
      this.links = links
      replaced = true
    }
    if (agents !== this.agents) {
      const capacity = Math.max(1, agents.capacity)
      if (this.positions.image.width * this.positions.image.height < capacity) {
        this.positions.dispose()
        this.positions = positionTexture(capacity)
      }
      this.agents = agents
      replaced = true
    }
    if (version === this.version && !replaced) return false
    this.version = version

    const n = links.count
    this.geometry.instanceCount = n
    if (n > 0) {
      markRange(this.a!, this.rangeA, n)
      markRange(this.b!, this.rangeB, n)
    }

    const data = this.positions.image.data as Float32Array
    const xs = agents.x
    const ys = agents.y
    for (let i = 0, m = agents.count; i < m; i++) {
      data[2 * i] = xs[i]!
      data[2 * i + 1] = ys[i]!
    }
    this.positions.needsUpdate = true
    return replaced
  }

  dispose(): void {
    this.geometry.dispose()
    this.positions.dispose()
    this.links = null
    this.agents = null
  }
}
