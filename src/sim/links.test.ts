import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSwarmSim } from './engine'
import {
  computeLinksInto,
  createLinkBuffers,
  createLinkGrid,
  gridFits,
  reserveLinks,
} from './links'
import { LinkSearch } from './linkSearch'
import { buffersOf } from '../testing/simSupport'
import type { AgentBuffers, LinkBuffers, World } from './types'

const R2 = 120 * 120

/**
 * O(N²) reference: each agent picks its k = connections nearest others closer than 120, ties broken
 * in the grid's scan order (cell row, cell column, index); a pair picked by either end is one link.
 */
function referenceLinks(buf: AgentBuffers, world: World): Set<string> {
  const cols = Math.max(1, Math.ceil(world.width / 120))
  const rows = Math.max(1, Math.ceil(world.height / 120))
  const cell = (i: number) => {
    const cx = Math.min(cols - 1, Math.max(0, Math.floor(buf.x[i]! / 120)))
    const cy = Math.min(rows - 1, Math.max(0, Math.floor(buf.y[i]! / 120)))
    return cy * cols + cx
  }
  const pairs = new Set<string>()
  for (let i = 0; i < buf.count; i++) {
    const k = Math.min(7, buf.connections[i]!)
    const cand: { j: number; d2: number }[] = []
    for (let j = 0; j < buf.count; j++) {
      if (j === i) continue
      const dx = buf.x[j]! - buf.x[i]!
      const dy = buf.y[j]! - buf.y[i]!
      const d2 = dx * dx + dy * dy
      if (d2 < R2) cand.push({ j, d2 })
    }
    cand.sort((a, b) => a.d2 - b.d2 || cell(a.j) - cell(b.j) || a.j - b.j)
    for (const { j } of cand.slice(0, k)) pairs.add(i < j ? `${i}-${j}` : `${j}-${i}`)
  }
  return pairs
}

function linkSet(links: LinkBuffers): string[] {
  const out: string[] = []
  for (let k = 0; k < links.count; k++) {
    const a = links.a[k]!
    const b = links.b[k]!
    out.push(a < b ? `${a}-${b}` : `${b}-${a}`)
  }
  return out
}

function gridLinks(buf: AgentBuffers, world: World): string[] {
  const links = createLinkBuffers(buf.capacity)
  computeLinksInto(buf, createLinkGrid(world, buf.capacity), links)
  return linkSet(links)
}

describe('link-neighbour search (uniform grid)', () => {
  it.each([
    [
      'out of range (120 exactly)',
      [
        { x: 10, y: 10 },
        { x: 130, y: 10 },
      ],
      [],
    ],
    [
      'in range',
      [
        { x: 10, y: 10 },
        { x: 129, y: 10 },
      ],
      ['0-1'],
    ],
    [
      'across a cell corner',
      [
        { x: 119, y: 119 },
        { x: 121, y: 121 },
      ],
      ['0-1'],
    ],
    [
      'a pair picked by both ends is one link',
      [
        { x: 10, y: 10 },
        { x: 20, y: 10 },
      ],
      ['0-1'],
    ],
  ])('%s', (_l, agents, expected) => {
    const buf = buffersOf(agents.map((a) => ({ ...a, connections: 3 })))
    expect(gridLinks(buf, { width: 400, height: 400 })).toEqual(expected)
  })

  it('each agent picks at most `connections` nearest; 0 connections picks none', () => {
    // a hub at the centre with 6 neighbours at distances 10..60; spokes pick nobody
    const specs = [{ x: 200, y: 200, connections: 3 }]
    for (let d = 1; d <= 6; d++) specs.push({ x: 200 + d * 10, y: 200, connections: 0 })
    const buf = buffersOf(specs)
    expect(gridLinks(buf, { width: 400, height: 400 }).sort()).toEqual(['0-1', '0-2', '0-3'])
  })

  it('matches the O(N²) reference on a seeded swarm (links, no self, no duplicates)', () => {
    const sim = createSwarmSim({ seed: 77, count: 1500 })
    sim.advance(2000)
    sim.computeLinks()
    const got = linkSet(sim.links)
    expect(new Set(got).size).toBe(got.length)
    expect(got.every((p) => p.split('-')[0] !== p.split('-')[1])).toBe(true)
    expect(new Set(got)).toEqual(referenceLinks(sim.buffers, sim.world))
  })

  it('matches the reference for any positions and budgets (property)', () => {
    const world = { width: 500, height: 300 }
    const agent = fc.record({
      x: fc.double({ min: 0, max: 500, noNaN: true }),
      y: fc.double({ min: 0, max: 300, noNaN: true }),
      connections: fc.integer({ min: 0, max: 7 }),
    })
    fc.assert(
      fc.property(fc.array(agent, { maxLength: 60 }), (agents) => {
        const buf = buffersOf(agents)
        const got = gridLinks(buf, world)
        expect(new Set(got).size).toBe(got.length)
        expect(new Set(got)).toEqual(referenceLinks(buf, world))
      }),
      { numRuns: 200 },
    )
  })

  it('one grid serves a sparse swarm, then a dense one (its candidate lists grow)', () => {
    const world = { width: 1200, height: 1200 }
    const grid = createLinkGrid(world, 40)
    const links = createLinkBuffers(0)
    const sparse = buffersOf(
      Array.from({ length: 40 }, (_, i) => ({ x: 30 * i, y: 30 * i, connections: 3 })),
    )
    computeLinksInto(sparse, grid, links)
    expect(new Set(linkSet(links))).toEqual(referenceLinks(sparse, world))
    const small = grid.cand.length
    // all 40 in one cell: every one a candidate of every other
    const dense = buffersOf(
      Array.from({ length: 40 }, (_, i) => ({ x: 10 + 2 * i, y: 50, connections: 7 })),
    )
    computeLinksInto(dense, grid, links)
    expect(grid.cand.length).toBeGreaterThan(small)
    expect(new Set(linkSet(links))).toEqual(referenceLinks(dense, world))
  })

  it('never allocates a new grid while the world and capacity fit', () => {
    const grid = createLinkGrid({ width: 1600, height: 1000 }, 146)
    expect(gridFits(grid, { width: 1600, height: 1000 }, 146)).toBe(true)
    expect(gridFits(grid, { width: 1600, height: 1000 }, 147)).toBe(false)
    expect(gridFits(grid, { width: 3200, height: 1000 }, 10)).toBe(false)
  })

  it('agents outside the world (live data) are clamped into border cells, not lost', () => {
    const buf = buffersOf([
      { x: -50, y: -50, connections: 1 },
      { x: -10, y: -10, connections: 1 },
      { x: 900, y: 20, connections: 1 },
      { x: Number.NaN, y: 5, connections: 1 },
    ])
    expect(gridLinks(buf, { width: 400, height: 400 })).toEqual(['0-1'])
  })

  it('sizes its output by the link budget Σ min(connections, 7), growing it in place', () => {
    const buf = buffersOf([
      { x: 10, y: 10, connections: 9 },
      { x: 20, y: 10, connections: 2 },
      { x: 30, y: 10, connections: 0 },
    ])
    const links = createLinkBuffers(0)
    computeLinksInto(buf, createLinkGrid({ width: 400, height: 400 }, buf.capacity), links)
    expect(links.a.length).toBe(9) // 7 + 2 + 0
    expect(linkSet(links)).toEqual(['0-1', '0-2', '1-2']) // a pair picked by either end
    // a search whose budget fits keeps the arrays; a larger one replaces them on the same object
    const a = links.a
    reserveLinks(links, 9)
    expect(links.a).toBe(a)
    reserveLinks(links, 20)
    expect(links.a.length).toBe(25)
    expect(links.b.length).toBe(25)
    // the staged search publishes into the object it was given, whatever the budget
    const sim = createSwarmSim({ seed: 3, count: 2000 })
    const held = sim.links
    const search = new LinkSearch(held)
    while (!search.runStaged(sim.buffers, sim.world, 3));
    expect(search.links).toBe(held)
    let budget = 0
    for (let i = 0; i < sim.buffers.count; i++) budget += Math.min(7, sim.buffers.connections[i]!)
    expect(held.a.length).toBeLessThanOrEqual(budget)
    expect(held.count).toBeGreaterThan(0)
    expect(linkSet(held)).toEqual(gridLinks(sim.buffers, sim.world))
  })

  it.each([1, 2, 3, 4, 7])(
    'staged over %s calls: the same links as one search, for the positions at the first call',
    (stages) => {
      const sim = createSwarmSim({ seed: 5, count: 3000 })
      sim.advance(1000)
      const reference = createSwarmSim({ seed: 5, count: 3000 })
      reference.advance(1000)
      reference.computeLinks()
      const calls: boolean[] = []
      do {
        calls.push(sim.computeLinksStaged(stages))
        sim.step() // agents move between stages; the search keeps its snapshot
      } while (!calls.at(-1))
      expect(calls).toHaveLength(stages)
      expect(sim.links.count).toBe(reference.links.count)
      expect(linkSet(sim.links)).toEqual(linkSet(reference.links))
    },
  )
})
