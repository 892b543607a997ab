import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LINK_DISTANCE, MOTION_SLACK } from './constants'
import { createSwarmSim } from './engine'
import { computeLinksInto, createLinkBuffers, createLinkGrid } from './links'
import {
  createFreshLinkScratch,
  createViewSet,
  createViewSlots,
  fillViewSet,
  fillViewSetFresh,
  rectContains,
  viewSetCapacity,
} from './viewSet'

const REACH = LINK_DISTANCE + MOTION_SLACK

// Big swarms: seconds of CPU on a busy 2-core machine (the 5 s default timed out under load).
describe('view sets', { timeout: 30_000 }, () => {
  it('list every agent inside the rectangle first, then the far ends of every link that can touch it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 50, max: 1500 }),
        fc.integer({ min: 50, max: 1000 }),
        (seed, x0, y0, w, h) => {
          const sim = createSwarmSim({ seed, count: 20_000 })
          sim.tick(500)
          sim.computeLinks()
          const b = sim.buffers
          const set = createViewSet(b.capacity)
          const slots = createViewSlots(b.capacity)
          const rect = { minX: x0, minY: y0, maxX: x0 + w, maxY: y0 + h }
          const count = fillViewSet(b, sim.links, rect, slots, set)
          expect(slots.every((s) => s === -1)).toBe(true)
          const inside = (i: number, m = 0) =>
            b.x[i]! >= rect.minX - m &&
            b.x[i]! <= rect.maxX + m &&
            b.y[i]! >= rect.minY - m &&
            b.y[i]! <= rect.maxY + m
          const drawn = [...Array(b.count).keys()].filter((i) => inside(i))
          const pairs: [number, number][] = []
          for (let k = 0; k < sim.links.count; k++) {
            if (inside(sim.links.a[k]!, REACH)) pairs.push([sim.links.a[k]!, sim.links.b[k]!])
          }
          const agents = new Set([...drawn, ...pairs.flat()])
          if (agents.size > viewSetCapacity(b.capacity)) {
            expect(count).toBe(-1)
            return
          }
          expect(count).toBe(agents.size)
          expect(Array.from(set.index.subarray(0, set.drawn))).toEqual(drawn)
          expect(new Set(set.index.subarray(0, count))).toEqual(agents)
          const listed = Array.from({ length: set.linkCount }, (_, k) => [
            set.index[set.links[2 * k]!]!,
            set.index[set.links[2 * k + 1]!]!,
          ])
          expect(listed).toEqual(pairs)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('with fresh links: exactly the full search pairs over the same positions, every one that can touch the rectangle', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        // near the world's first and last cells too (a 20,000-agent world is ~18,700 × 11,700)
        fc.oneof(fc.integer({ min: -300, max: 3000 }), fc.integer({ min: 17_000, max: 19_500 })),
        fc.oneof(fc.integer({ min: -300, max: 2000 }), fc.integer({ min: 10_500, max: 12_500 })),
        fc.integer({ min: 10, max: 1500 }),
        fc.integer({ min: 10, max: 1000 }),
        fc.boolean(),
        (seed, x0, y0, w, h, small) => {
          const sim = createSwarmSim({ seed, count: 20_000 })
          sim.tick(300)
          const b = sim.buffers
          // the full search over these very positions
          const full = createLinkBuffers(b.capacity)
          computeLinksInto(b, createLinkGrid(sim.world, b.capacity), full)
          const set = createViewSet(b.capacity)
          const slots = createViewSlots(b.capacity)
          const scratch = createFreshLinkScratch(small ? 50 : b.capacity)
          const rect = { minX: x0, minY: y0, maxX: x0 + w, maxY: y0 + h }
          const stale = { count: 0, a: new Uint32Array(0), b: new Uint32Array(0) }
          const r = fillViewSetFresh(b, sim.world, small ? full : stale, rect, slots, scratch, set)
          expect(slots.every((s) => s === -1)).toBe(true)
          if (r.count < 0) return
          // (a scratch too small for the neighbourhood falls back to the links given)
          if (!small) expect(r.fresh).toBe(true)
          const key = (a: number, c: number) => (a < c ? `${a}-${c}` : `${c}-${a}`)
          const got = new Set<string>()
          for (let k = 0; k < set.linkCount; k++) {
            got.add(key(set.index[set.links[2 * k]!]!, set.index[set.links[2 * k + 1]!]!))
          }
          expect(got.size).toBe(set.linkCount)
          const all = new Set<string>()
          const needed: string[] = []
          const near = (i: number) =>
            b.x[i]! >= rect.minX - 120 &&
            b.x[i]! <= rect.maxX + 120 &&
            b.y[i]! >= rect.minY - 120 &&
            b.y[i]! <= rect.maxY + 120
          for (let k = 0; k < full.count; k++) {
            const pair = key(full.a[k]!, full.b[k]!)
            all.add(pair)
            // a link that can touch the rectangle has its first end within a link's length of it
            if (near(full.a[k]!)) needed.push(pair)
          }
          for (const pair of got) expect(all.has(pair), pair).toBe(true)
          for (const pair of needed) expect(got.has(pair), pair).toBe(true)
          const inside = [...Array(b.count).keys()].filter(
            (i) =>
              b.x[i]! >= rect.minX &&
              b.x[i]! <= rect.maxX &&
              b.y[i]! >= rect.minY &&
              b.y[i]! <= rect.maxY,
          )
          expect(Array.from(set.index.subarray(0, set.drawn))).toEqual(inside)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('report −1 when the view shows more than the share of the swarm it holds', () => {
    const sim = createSwarmSim({ seed: 2, count: 10_000 })
    const set = createViewSet(sim.buffers.capacity)
    const all = { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 }
    expect(fillViewSet(sim.buffers, sim.links, all, createViewSlots(10_000), set)).toBe(-1)
    expect(set.count).toBe(-1)
  })

  it('rectContains', () => {
    const r = { minX: 0, minY: 0, maxX: 10, maxY: 10 }
    expect(rectContains(r, { minX: 1, minY: 1, maxX: 10, maxY: 9 })).toBe(true)
    expect(rectContains(r, { minX: -1, minY: 1, maxX: 5, maxY: 5 })).toBe(false)
  })
})
