import { InstancedBufferGeometry } from 'three'
import { describe, expect, it } from 'vitest'
import {
  createGatheredView,
  createSwarmSim,
  createViewSet,
  createViewSlots,
  fillViewSet,
  gatherView,
  type SwarmSim,
} from '../../sim'
import type { AgentDrawMode } from './agentDraw'
import { AGENT_ATTRIBUTES, AgentGeometry, SLOW_UPLOAD_EVERY } from './agentGeometry'

const attr = (g: AgentGeometry, name: string) =>
  g.geometry.getAttribute(name) as unknown as {
    array: ArrayLike<number>
    version: number
    isInstancedBufferAttribute?: boolean
    updateRanges: { start: number; count: number }[]
  }

describe.each<AgentDrawMode>(['instanced', 'points'])('AgentGeometry (%s)', (mode) => {
  it("follows a worker frame's arrays swapped into the same buffers object (no new geometry)", () => {
    const sim = createSwarmSim({ seed: 3, count: 50 })
    const next = createSwarmSim({ seed: 4, count: 50 }).buffers
    const g = new AgentGeometry(mode)
    g.sync(sim.buffers, 0)
    const geometry = g.geometry
    // the worker client swaps the arrays of its stable buffers object for the next frame's views
    Object.assign(sim.buffers, { x: next.x, y: next.y, size: next.size, flags: next.flags })
    expect(g.sync(sim.buffers, 1)).toBe(false)
    expect(g.geometry).toBe(geometry)
    expect(attr(g, 'instanceX').array).toBe(next.x)
    expect(attr(g, 'instanceFlags').array).toBe(next.flags)
    expect(g.linkVertices!.agentX.array).toBe(next.x)
    expect(g.linkVertices!.agentY.array).toBe(next.y)
    // arrays of another size (the first frame after an empty start): a new geometry
    Object.assign(sim.buffers, createSwarmSim({ seed: 4, count: 60 }).buffers, { count: 50 })
    expect(g.sync(sim.buffers, 2)).toBe(true)
  })

  it('uses the sim typed arrays themselves as the per-agent attributes', () => {
    const sim = createSwarmSim({ seed: 3, count: 50 })
    const g = new AgentGeometry(mode)
    expect(g.sync(sim.buffers, 0)).toBe(true)
    expect(g.count).toBe(50)
    for (const [name, field] of Object.entries(AGENT_ATTRIBUTES)) {
      expect(attr(g, name).array, name).toBe(sim.buffers[field])
      expect(Boolean(attr(g, name).isInstancedBufferAttribute), name).toBe(mode === 'instanced')
    }
    if (mode === 'instanced') {
      // one quad: 4 corners, 2 triangles, one instance per agent
      expect(g.geometry).toBeInstanceOf(InstancedBufferGeometry)
      expect((g.geometry as InstancedBufferGeometry).instanceCount).toBe(50)
      expect(g.geometry.getAttribute('position').count).toBe(4)
      expect(g.geometry.getIndex()!.count).toBe(6)
    } else {
      // one vertex per agent, drawn through an identity index
      expect(g.geometry.drawRange).toEqual({ start: 0, count: 50 })
      expect(Array.from(g.geometry.getIndex()!.array.slice(0, 4))).toEqual([0, 1, 2, 3])
      expect(g.linkVertices!.agentX).toBe(g.geometry.getAttribute('instanceX'))
    }
    expect(g.linkVertices!.agentX.array).toBe(sim.buffers.x)
    expect(g.linkVertices!.agentY.array).toBe(sim.buffers.y)
    // the links' ends carry what the filter tests (links.vert.glsl), per vertex, never instanced
    for (const [name, field] of [
      ['agentType', 'type'],
      ['agentStatus', 'status'],
      ['agentMode', 'mode'],
      ['agentEnergy', 'energy'],
      ['agentFlags', 'flags'],
    ] as const) {
      const a = g.linkVertices![name]
      expect(a.array, name).toBe(sim.buffers[field])
      expect(
        Boolean((a as { isInstancedBufferAttribute?: boolean }).isInstancedBufferAttribute),
      ).toBe(false)
    }
  })

  it("uploads the links' copies of the slow fields with them (instanced)", () => {
    const sim = createSwarmSim({ seed: 3, count: 20 })
    const g = new AgentGeometry(mode)
    g.sync(sim.buffers, 0)
    const v0 = g.linkVertices!.agentType.version
    for (let v = 1; v <= SLOW_UPLOAD_EVERY; v++) g.sync(sim.buffers, v)
    expect(g.linkVertices!.agentType.version).toBeGreaterThan(v0)
    expect(g.linkVertices!.agentType.version).toBe(attr(g, 'instanceType').version)
  })

  it('uploads positions on every version change and the other fields every few changes', () => {
    const sim = createSwarmSim({ seed: 3, count: 20 })
    const g = new AgentGeometry(mode)
    g.sync(sim.buffers, 0)
    const x0 = attr(g, 'instanceX').version
    const e0 = attr(g, 'instanceEnergy').version
    const px0 = g.linkVertices!.agentX.version
    g.sync(sim.buffers, 0) // same version: nothing
    expect(attr(g, 'instanceX').version).toBe(x0)
    for (let v = 1; v < SLOW_UPLOAD_EVERY; v++) {
      g.sync(sim.buffers, v)
      expect(attr(g, 'instanceX').version).toBe(x0 + v)
      expect(attr(g, 'instanceX').updateRanges).toEqual([{ start: 0, count: 20 }])
      expect(g.linkVertices!.agentX.version).toBe(px0 + v)
      expect(attr(g, 'instanceEnergy').version).toBe(e0)
    }
    g.sync(sim.buffers, SLOW_UPLOAD_EVERY)
    expect(attr(g, 'instanceEnergy').version).toBe(e0 + 1)
  })

  it('brings the slow fields up to date as soon as the buffers stop changing', () => {
    const sim = createSwarmSim({ seed: 3, count: 20 })
    const g = new AgentGeometry(mode)
    g.sync(sim.buffers, 0)
    const f0 = attr(g, 'instanceFlags').version
    g.sync(sim.buffers, 1) // e.g. markFailing while the clock is stopped
    expect(attr(g, 'instanceFlags').version).toBe(f0)
    g.sync(sim.buffers, 1)
    expect(attr(g, 'instanceFlags').version).toBe(f0 + 1)
    g.sync(sim.buffers, 1)
    expect(attr(g, 'instanceFlags').version).toBe(f0 + 1)
  })

  it('rebuilds on new buffers (live feed, new sim) and follows their count', () => {
    const g = new AgentGeometry(mode)
    const a = createSwarmSim({ seed: 1, count: 10 })
    const b = createSwarmSim({ seed: 2, count: 30 })
    g.sync(a.buffers, 5)
    const first = g.geometry
    expect(g.sync(b.buffers, 5)).toBe(true)
    expect(g.geometry).not.toBe(first)
    expect(g.count).toBe(30)
    expect(attr(g, 'instanceY').array).toBe(b.buffers.y)
  })
})

describe('AgentGeometry points culling', () => {
  it('submits only the agents inside the visible rectangle, re-culling when they move or the view changes', () => {
    const sim = createSwarmSim({ seed: 4, count: 2000 })
    const g = new AgentGeometry('points')
    const all = { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 }
    g.sync(sim.buffers, 0, all)
    expect(g.submitted).toBe(2000)
    const view = { minX: 100, minY: 100, maxX: 500, maxY: 400 }
    g.sync(sim.buffers, 0, view)
    const { x, y } = sim.buffers
    const inside = [...Array(2000).keys()].filter(
      (i) => x[i]! >= 100 && x[i]! <= 500 && y[i]! >= 100 && y[i]! <= 400,
    )
    expect(g.submitted).toBe(inside.length)
    expect(Array.from(g.geometry.getIndex()!.array.slice(0, inside.length))).toEqual(inside)
    expect(g.count).toBe(2000) // every agent stays pickable
    // the agents move: the next version re-culls
    const changes = g.changes
    sim.tick(1000)
    g.sync(sim.buffers, 1, view)
    expect(g.changes).toBeGreaterThan(changes)
    // nothing changed (after the slow fields caught up): no work
    g.sync(sim.buffers, 1, view)
    const settled = g.changes
    g.sync(sim.buffers, 1, view)
    g.sync(sim.buffers, 1, view)
    expect(g.changes).toBe(settled)
  })

  it('instanced quads are never culled (one instance per agent)', () => {
    const sim = createSwarmSim({ seed: 4, count: 500 })
    const g = new AgentGeometry('instanced')
    g.sync(sim.buffers, 0, { minX: 0, minY: 0, maxX: 10, maxY: 10 })
    expect(g.submitted).toBe(500)
  })
})

describe.each<AgentDrawMode>(['instanced', 'points'])('AgentGeometry view sets (%s)', (mode) => {
  /** A 50,000-agent swarm with its links and the view set of a zoomed-in rectangle. */
  function setup() {
    const sim = createSwarmSim({ seed: 5, count: 50_000 })
    sim.computeLinks()
    const set = createViewSet(sim.buffers.capacity)
    const slots = createViewSlots(sim.buffers.capacity)
    const rect = { minX: 1000, minY: 800, maxX: 1600, maxY: 1200 }
    const fill = (s: SwarmSim) => fillViewSet(s.buffers, s.links, rect, slots, set)
    fill(sim)
    return { sim, set, rect, fill }
  }

  it('draws only the listed agents, their fields gathered into small arrays, and their real indices', () => {
    const { sim, set } = setup()
    expect(set.count).toBeGreaterThan(set.drawn)
    const g = new AgentGeometry(mode)
    g.sync(sim.buffers, 0, null)
    const whole = g.geometry
    expect(g.sync(sim.buffers, 1, null, set, 1)).toBe(true)
    expect(g.geometry).not.toBe(whole)
    expect(g.set).toBe(set)
    expect(g.submitted).toBe(set.drawn)
    expect(g.count).toBe(50_000) // every agent stays pickable through the whole buffers
    expect(Array.from(g.submittedIndices!.subarray(0, set.count))).toEqual(
      Array.from(set.index.subarray(0, set.count)),
    )
    for (const [name, field] of Object.entries(AGENT_ATTRIBUTES)) {
      const a = attr(g, name)
      expect(a.array.length, name).toBeLessThan(50_000 / 4)
      expect(a.updateRanges, name).toEqual([{ start: 0, count: set.count }])
      for (let k = 0; k < set.count; k++) {
        expect(a.array[k], `${name}[${k}]`).toBe(sim.buffers[field][set.index[k]!])
      }
    }
    const ids = attr(g, 'instanceIndex').array
    for (let k = 0; k < set.count; k++) expect(ids[k]).toBe(set.index[k])
    expect(g.linkVertices!.agentX.array).toBe(attr(g, 'instanceX').array)
    if (mode === 'instanced') {
      expect((g.geometry as InstancedBufferGeometry).instanceCount).toBe(set.drawn)
    } else {
      expect(g.geometry.drawRange).toEqual({ start: 0, count: set.drawn })
    }
  })

  it("uploads a set's carried fields (the worker's) as they are, and gathers sets without them", () => {
    const { sim, set } = setup()
    const g = new AgentGeometry(mode)
    const gathered = createGatheredView(sim.buffers, set.index.length)
    gatherView(sim.buffers, set.index, set.count, gathered)
    g.sync(sim.buffers, 0, null, { ...set, gathered }, 1)
    for (const [name, field] of Object.entries(AGENT_ATTRIBUTES)) {
      expect(attr(g, name).array, name).toBe(gathered.fields[field])
      expect(attr(g, name).updateRanges, name).toEqual([{ start: 0, count: set.count }])
    }
    expect(attr(g, 'instanceIndex').array).toBe(gathered.ids)
    expect(g.linkVertices!.agentX.array).toBe(gathered.fields.x)
    expect(g.linkVertices!.agentY.array).toBe(gathered.fields.y)
    expect(g.submitted).toBe(set.drawn)
    // a set built on the page: its fields are copied into the layout's own arrays
    g.sync(sim.buffers, 1, null, set, 2)
    for (const [name, field] of Object.entries(AGENT_ATTRIBUTES)) {
      const a = attr(g, name).array
      expect(a, name).not.toBe(gathered.fields[field])
      for (let k = 0; k < set.count; k += 97) expect(a[k]).toBe(sim.buffers[field][set.index[k]!])
    }
    expect(g.linkVertices!.agentX.array).toBe(attr(g, 'instanceX').array)
  })

  it('gathers again only when the set changed, and goes back to the whole buffers (all fields once)', () => {
    const { sim, set, fill } = setup()
    const g = new AgentGeometry(mode)
    g.sync(sim.buffers, 0, null, set, 1)
    const gathered = g.setChanges
    g.sync(sim.buffers, 0, null, set, 1)
    expect(g.setChanges).toBe(gathered)
    sim.tick(100)
    fill(sim)
    g.sync(sim.buffers, 1, null, set, 2)
    expect(g.setChanges).toBe(gathered + 1)
    expect(attr(g, 'instanceX').array[0]).toBe(sim.buffers.x[set.index[0]!])
    // zoomed out: no set; the whole buffers' GPU copies missed changes, so every field goes up
    expect(g.sync(sim.buffers, 2, null, null)).toBe(true)
    expect(g.set).toBeNull()
    for (const [name, field] of Object.entries(AGENT_ATTRIBUTES)) {
      expect(attr(g, name).array, name).toBe(sim.buffers[field])
      expect(attr(g, name).updateRanges, name).toEqual([{ start: 0, count: 50_000 }])
    }
    const ids = attr(g, 'instanceIndex').array
    expect([ids[0], ids[1], ids[49_999]]).toEqual([0, 1, 49_999])
  })
})
