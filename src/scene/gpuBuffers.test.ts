/**
 * The agents' and the links' geometries share the agents' x/y attributes. three.js frees the GPU
 * buffer of every attribute of a geometry that is disposed, while a vertex array built earlier for
 * another geometry keeps pointing at that buffer (three compares attribute objects, not buffers, so
 * it never rebinds it): that geometry then draws from a deleted buffer — "INVALID_OPERATION:
 * drawElements: no buffer is bound to enabled attribute". `GpuModel` follows exactly
 * that; the tests switch sources, view sets and link arrays the way the app does and draw after each.
 */
import type { BufferAttribute, BufferGeometry } from 'three'
import { describe, expect, it } from 'vitest'
import {
  createSwarmSim,
  createViewSet,
  createViewSlots,
  fillViewSet,
  type LinkBuffers,
  type SwarmSim,
} from '../sim'
import { reserveLinks } from '../sim/links'
import type { AgentDrawMode } from './agents/agentDraw'
import { AgentGeometry } from './agents/agentGeometry'
import { LinkGeometry, type ViewRect } from './links/linkGeometry'

type Attr = BufferAttribute

/** three's WebGLGeometries + WebGLBindingStates, as far as the lifetime of buffers goes. */
class GpuModel {
  /** each drawn geometry's vertex array: the attributes (buffers) it was built with */
  private readonly arrays = new Map<BufferGeometry, Set<Attr>>()
  /** vertex arrays left pointing at a deleted buffer */
  private readonly stale = new Set<BufferGeometry>()
  readonly uploaded = new Set<Attr>()
  readonly freed = new Set<Attr>()
  readonly errors: string[] = []

  private static attributesOf(g: BufferGeometry): Set<Attr> {
    const all = new Set(Object.values(g.attributes) as Attr[])
    if (g.index) all.add(g.index)
    return all
  }

  draw(name: string, g: BufferGeometry): void {
    const now = GpuModel.attributesOf(g)
    for (const a of now) {
      this.uploaded.add(a)
      this.freed.delete(a) // uploaded again: a new buffer
    }
    const built = this.arrays.get(g)
    const same = built && built.size === now.size && [...now].every((a) => built.has(a))
    if (!built) g.addEventListener('dispose', () => this.dispose(g))
    if (same && this.stale.has(g)) {
      this.errors.push(`${name}: drawn from a deleted buffer`)
      return
    }
    // a new geometry, or other attribute objects: three builds the vertex array anew
    this.arrays.set(g, now)
    this.stale.delete(g)
  }

  private dispose(g: BufferGeometry): void {
    const gone = GpuModel.attributesOf(g)
    for (const a of gone) this.freed.add(a)
    this.arrays.delete(g)
    for (const [other, attrs] of this.arrays) {
      if ([...gone].some((a) => attrs.has(a))) this.stale.add(other)
    }
  }
}

const EVERYTHING: ViewRect = { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 }

/** The scene's agents and links over one GPU model, synced and drawn like a frame does. */
function scene(mode: AgentDrawMode) {
  const gpu = new GpuModel()
  const agents = new AgentGeometry(mode)
  const links = new LinkGeometry()
  let version = 0
  const frame = (sim: SwarmSim, linkBuffers: LinkBuffers = sim.links, set = false) => {
    version++
    let viewSet = null
    if (set) {
      viewSet = createViewSet(sim.buffers.capacity)
      const rect = { minX: 1000, minY: 800, maxX: 1600, maxY: 1200 }
      fillViewSet(sim.buffers, linkBuffers, rect, createViewSlots(sim.buffers.capacity), viewSet)
    }
    agents.sync(sim.buffers, version, EVERYTHING, viewSet, version)
    if (agents.set) {
      links.syncSet(agents.set, agents.linkVertices!, agents.setChanges)
    } else {
      links.sync(linkBuffers, sim.buffers, agents.linkVertices!, version, EVERYTHING)
    }
    gpu.draw('links', links.geometry)
    gpu.draw('agents', agents.geometry) // drawn last: its vertex array stays bound
  }
  return { gpu, agents, links, frame }
}

function swarm(count: number, seed = 3): SwarmSim {
  const sim = createSwarmSim({ seed, count })
  sim.computeLinks()
  return sim
}

describe.each<AgentDrawMode>(['points', 'instanced'])('GPU buffers (%s)', (mode) => {
  it('links outgrowing their index (a worker frame with more links) leave the agents drawable', () => {
    const { gpu, frame } = scene(mode)
    const sim = swarm(300)
    const links: LinkBuffers = { count: 0, a: new Uint32Array(0), b: new Uint32Array(0) }
    frame(sim, links)
    // the worker's first link frame, then a bigger one: the same links object, longer arrays
    Object.assign(links, { count: sim.links.count, a: sim.links.a, b: sim.links.b })
    frame(sim, links)
    reserveLinks(links, links.a.length + 100)
    Object.assign(links, { count: sim.links.count })
    links.a.set(sim.links.a.subarray(0, sim.links.count))
    links.b.set(sim.links.b.subarray(0, sim.links.count))
    frame(sim, links)
    frame(sim, links)
    expect(gpu.errors).toEqual([])
  })

  it('zooming in and out (whole buffers ↔ view set) leaves both layouts drawable', () => {
    const { gpu, agents, frame } = scene(mode)
    const sim = swarm(50_000)
    for (const set of [false, true, false, true, false]) {
      frame(sim, sim.links, set)
      expect(agents.set !== null).toBe(set)
    }
    expect(gpu.errors).toEqual([])
  })

  it('a source switch to another agent count and back draws, and frees every buffer of the old layouts', () => {
    const { gpu, frame } = scene(mode)
    const first = swarm(146)
    frame(first)
    frame(first, first.links, true)
    frame(first)
    const before = new Set(gpu.uploaded)
    const next = swarm(2000, 9)
    frame(next)
    frame(next)
    frame(first) // and back
    expect(gpu.errors).toEqual([])
    // nothing of the first layouts is left on the GPU (no leak)…
    const kept = [...before].filter((a) => !gpu.freed.has(a))
    expect(kept.length).toBe(0)
  })
})
