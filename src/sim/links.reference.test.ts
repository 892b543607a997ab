import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createAgentBuffers } from './agents'
import { createSwarmSim } from './engine'
import { LinkSearch } from './linkSearch'
import { computeLinksInto, createLinkBuffers, createLinkGrid } from './links'
import { referenceLinks } from '../testing/referenceLinks'
import type { AgentBuffers, LinkBuffers, World } from './types'

/**
 * The fast search against the verbatim pre-rewrite search (src/testing/referenceLinks.ts): the
 * same pairs, in the same order, for any input — ties in distance included (the reference breaks
 * them by scan order: cell row, cell column, slot), and through every entry point (one call, a
 * reused grid, a LinkSearch staged over any number of calls while the agents move between calls).
 */

interface Swarm {
  world: World
  x: number[]
  y: number[]
  connections: number[]
  /** spare capacity beyond count (the grid and buffers are sized by capacity, not count) */
  spare: number
}

function buffersOf(s: Swarm): AgentBuffers {
  const buf = createAgentBuffers(s.x.length + s.spare)
  for (let i = 0; i < s.x.length; i++) {
    buf.x[i] = s.x[i]!
    buf.y[i] = s.y[i]!
    buf.connections[i] = s.connections[i]!
  }
  // Junk past count must be ignored.
  for (let i = s.x.length; i < buf.capacity; i++) {
    buf.x[i] = 1
    buf.y[i] = 1
    buf.connections[i] = 7
  }
  buf.count = s.x.length
  return buf
}

const worldArb = fc.record({
  width: fc.constantFrom(1, 100, 120, 121, 250, 360, 500, 1000),
  height: fc.constantFrom(1, 90, 120, 240, 300, 719),
})

/** One coordinate in [0, size]: uniform, on a 10-unit lattice (many equal distances), edges and
 * out-of-world values (live data; 3e11 wraps the cell arithmetic), NaN (cell 0). */
function coordArb(size: number): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.double({ min: 0, max: size, noNaN: true }) },
    { weight: 4, arbitrary: fc.integer({ min: 0, max: Math.ceil(size / 10) }).map((v) => v * 10) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        Number.NaN,
        Infinity,
        -Infinity,
        -0,
        -30,
        size,
        size + 50,
        119.99999,
        120,
        240.00001,
        3e11,
      ),
    },
  )
}

/** Agents around a few centres with small integer offsets: dense (more than 7 candidates),
 * duplicated positions and exact ties. */
function clusteredArb(world: World, n: number): fc.Arbitrary<[number, number][]> {
  const centre = fc.tuple(coordArb(world.width), coordArb(world.height))
  const offset = fc.integer({ min: -12, max: 12 })
  return fc.array(centre, { minLength: 1, maxLength: 4 }).chain((centres) =>
    fc.array(
      fc
        .tuple(fc.nat(centres.length - 1), offset, offset)
        .map(([c, dx, dy]) => [centres[c]![0] + dx, centres[c]![1] + dy] as [number, number]),
      { maxLength: n },
    ),
  )
}

const swarmArb: fc.Arbitrary<Swarm> = worldArb.chain((world) =>
  fc
    .record({
      uniform: fc.array(fc.tuple(coordArb(world.width), coordArb(world.height)), {
        maxLength: 120,
      }),
      clustered: clusteredArb(world, 200),
      duplicates: fc.nat(40),
      spare: fc.nat(5),
      connections: fc.array(
        fc.oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 255 })),
        { minLength: 400, maxLength: 400 },
      ),
      shuffle: fc.array(fc.nat(), { minLength: 400, maxLength: 400 }),
    })
    .map(({ uniform, clustered, duplicates, spare, connections, shuffle }) => {
      const pos = [...uniform, ...clustered]
      for (let d = 0; d < duplicates && pos.length > 0; d++) {
        pos.push(pos[shuffle[d]! % pos.length]!)
      }
      // Mix the kinds so agent order and cell order differ.
      for (let i = pos.length - 1; i > 0; i--) {
        const j = shuffle[i % shuffle.length]! % (i + 1)
        ;[pos[i], pos[j]] = [pos[j]!, pos[i]!]
      }
      return {
        world,
        x: pos.map((p) => p[0]),
        y: pos.map((p) => p[1]),
        connections: pos.map((_p, i) => connections[i % connections.length]!),
        spare,
      }
    }),
)

function expectSame(got: LinkBuffers, want: LinkBuffers): void {
  expect(got.count).toBe(want.count)
  expect(Array.from(got.a.subarray(0, got.count))).toEqual(
    Array.from(want.a.subarray(0, want.count)),
  )
  expect(Array.from(got.b.subarray(0, got.count))).toEqual(
    Array.from(want.b.subarray(0, want.count)),
  )
}

/** Every agent's position and budget changed: what a staged search must not see after call 1. */
function scramble(buf: AgentBuffers, k: number): void {
  for (let i = 0; i < buf.count; i++) {
    buf.x[i] = (buf.x[i]! * 7 + 13 * k + i) % 500
    buf.y[i] = (buf.y[i]! * 3 + 29 * k + 2 * i) % 300
    buf.connections[i] = (buf.connections[i]! + k + i) % 9
  }
}

/** The staged search over `stages` calls (agents scrambled between calls) against `want`. */
function expectStaged(search: LinkSearch, swarm: Swarm, stages: number, want: LinkBuffers): void {
  const buf = buffersOf(swarm)
  let published = false
  let calls = 0
  while (!published) {
    published = search.runStaged(buf, swarm.world, stages)
    calls++
    expect(search.staging).toBe(!published)
    scramble(buf, calls)
  }
  expect(calls).toBe(Math.max(1, stages))
  expectSame(search.links, want)
}

describe('link search: identical output to the pre-rewrite reference', () => {
  it('computeLinksInto, a fresh and a reused grid (property)', () => {
    fc.assert(
      fc.property(swarmArb, swarmArb, (s1, s2) => {
        const world = s1.world
        const capacity = Math.max(s1.x.length + s1.spare, s2.x.length + s2.spare)
        const grid = createLinkGrid(world, capacity)
        const links = createLinkBuffers(capacity)
        for (const s of [s1, { ...s2, world }, s1]) {
          const buf = buffersOf(s)
          const want = referenceLinks(buf, world)
          computeLinksInto(buf, grid, links)
          expectSame(links, want)
          const fresh = createLinkBuffers(buf.capacity)
          computeLinksInto(buf, createLinkGrid(world, buf.capacity), fresh)
          expectSame(fresh, want)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('LinkSearch.runStaged over 1..rows+2 calls, agents moving between calls (property)', () => {
    fc.assert(
      fc.property(swarmArb, (swarm) => {
        const want = referenceLinks(buffersOf(swarm), swarm.world)
        const search = new LinkSearch()
        const rows = Math.max(1, Math.ceil(swarm.world.height / 120))
        for (let stages = 1; stages <= rows + 2; stages++) {
          expectStaged(search, swarm, stages, want)
        }
        // A cancelled part-way search leaves nothing behind.
        search.runStaged(buffersOf(swarm), swarm.world, 3)
        search.cancel()
        expectStaged(search, swarm, 2, want)
      }),
      { numRuns: 150 },
    )
  })

  it.each([
    [3000, 1000],
    [20_000, 300],
  ])('a seeded swarm of %s agents (t = %s ms): run and runStaged(1..9)', (count, ms) => {
    const sim = createSwarmSim({ seed: 11, count })
    sim.advance(ms)
    const buf = sim.buffers
    const want = referenceLinks(buf, sim.world)
    const search = new LinkSearch()
    search.run(buf, sim.world)
    expectSame(search.links, want)
    for (let stages = 1; stages <= 9; stages++) {
      let published = false
      while (!published) published = search.runStaged(buf, sim.world, stages)
      expectSame(search.links, want)
    }
  })
})
