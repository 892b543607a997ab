import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LINK_DISTANCE, createSwarmSim } from '../../sim'
import { AgentGeometry } from '../agents/agentGeometry'
import { LinkGeometry, MOTION_SLACK, visiblePairs, type ViewRect } from './linkGeometry'

const EVERYTHING: ViewRect = { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 }

function setup(count: number) {
  const sim = createSwarmSim({ seed: 5, count })
  sim.computeLinks()
  const agents = new AgentGeometry('points')
  agents.sync(sim.buffers, 0)
  const links = new LinkGeometry()
  const sync = (version: number, rect: ViewRect = EVERYTHING) =>
    links.sync(sim.links, sim.buffers, agents.linkVertices!, version, rect)
  return { sim, agents, links, sync }
}

const indexVersion = (l: LinkGeometry) => l.geometry.getIndex()!.version

describe('LinkGeometry', () => {
  it("draws the sim's link pairs as segments between the agents' own vertices", () => {
    const { sim, agents, links, sync } = setup(146)
    expect(sync(0)).toBe(true)
    expect(sim.links.count).toBeGreaterThan(0)
    expect(links.count).toBe(sim.links.count)
    expect(links.geometry.getAttribute('agentX')).toBe(agents.linkVertices!.agentX)
    expect(links.geometry.getAttribute('agentY')).toBe(agents.linkVertices!.agentY)
    const idx = links.geometry.getIndex()!.array
    for (const k of [0, 1, sim.links.count - 1]) {
      expect([idx[2 * k], idx[2 * k + 1]]).toEqual([sim.links.a[k], sim.links.b[k]])
    }
  })

  it('rebuilds the pairs when the store publishes links and when the view moves, not otherwise', () => {
    const { sim, links, sync } = setup(20_001)
    sync(0)
    const v0 = indexVersion(links)
    sync(0)
    sync(0)
    expect(indexVersion(links)).toBe(v0)
    sim.computeLinks()
    sync(4)
    expect(indexVersion(links)).toBe(v0 + 1)
    const view = { minX: 100, minY: 100, maxX: 900, maxY: 700 }
    sync(4, view)
    expect(indexVersion(links)).toBe(v0 + 2)
    sync(4, view)
    expect(indexVersion(links)).toBe(v0 + 2)
    // a few hundred of 20,000 agents' links can touch a 800 × 600 view
    expect(links.count).toBeGreaterThan(0)
    expect(links.count).toBeLessThan(sim.links.count / 10)
  })
})

describe('visiblePairs', () => {
  it('keeps every link that can touch the view, and only links near it', () => {
    const sim = createSwarmSim({ seed: 9, count: 5000 })
    sim.computeLinks()
    const { x, y } = sim.buffers
    const w = sim.world
    const out = new Uint32Array(sim.links.count * 2)
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: w.width, noNaN: true }),
        fc.double({ min: 0, max: w.height, noNaN: true }),
        fc.double({ min: 10, max: 1500, noNaN: true }),
        (cx, cy, half) => {
          const rect = {
            minX: cx - half,
            maxX: cx + half,
            minY: cy - half * 0.6,
            maxY: cy + half * 0.6,
          }
          const m = visiblePairs(sim.links, x, y, rect, LINK_DISTANCE + MOTION_SLACK, out)
          const kept = new Set<string>()
          for (let i = 0; i < m; i += 2) kept.add(`${out[i]}-${out[i + 1]}`)
          const inside = (i: number) =>
            x[i]! >= rect.minX && x[i]! <= rect.maxX && y[i]! >= rect.minY && y[i]! <= rect.maxY
          const near = (i: number, d: number) =>
            x[i]! >= rect.minX - d &&
            x[i]! <= rect.maxX + d &&
            y[i]! >= rect.minY - d &&
            y[i]! <= rect.maxY + d
          for (let k = 0; k < sim.links.count; k++) {
            const a = sim.links.a[k]!
            const b = sim.links.b[k]!
            const key = `${a}-${b}`
            if (inside(a) || inside(b)) expect(kept.has(key), key).toBe(true)
            if (kept.has(key)) expect(near(a, LINK_DISTANCE + MOTION_SLACK)).toBe(true)
          }
          return true
        },
      ),
      { seed: 21, numRuns: 40 },
    )
  })
})

describe('LinkGeometry with a worker source', () => {
  it('grows its index when the same links object gets bigger arrays (empty start, then frames)', () => {
    const { sim, agents } = setup(300)
    const links = { count: 0, a: new Uint32Array(0), b: new Uint32Array(0) }
    const g = new LinkGeometry()
    g.sync(links, sim.buffers, agents.linkVertices!, 0, EVERYTHING)
    Object.assign(links, { count: sim.links.count, a: sim.links.a, b: sim.links.b })
    expect(g.sync(links, sim.buffers, agents.linkVertices!, 1, EVERYTHING)).toBe(true)
    expect(g.count).toBe(sim.links.count)
  })
})
