import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buffersOf } from '../testing/simSupport'
import { agentMatches, energyBand, filterActive, noFilter, type AgentFilter } from './agentFilter'
import { CENSUS_GRID_MAX, censusGridSize, takeCensus } from './census'
import { AGENT_TYPE, MODE, STATUS } from './types'

const world = { width: 1280, height: 640 }

describe('the filter', () => {
  it('puts no condition on the agents until a group has a value', () => {
    expect(filterActive(noFilter())).toBe(false)
    expect(agentMatches(noFilter(), 4, 3, 3, 0, 0)).toBe(true)
    expect(filterActive({ ...noFilter(), failing: true })).toBe(true)
  })

  it('takes values of one group as alternatives and every group as a condition', () => {
    const f: AgentFilter = {
      ...noFilter(),
      types: (1 << AGENT_TYPE.analyzer) | (1 << AGENT_TYPE.collector),
      statuses: 1 << STATUS.processing,
    }
    expect(agentMatches(f, AGENT_TYPE.analyzer, STATUS.processing, 0, 60, 0)).toBe(true)
    expect(agentMatches(f, AGENT_TYPE.collector, STATUS.processing, 0, 60, 0)).toBe(true)
    expect(agentMatches(f, AGENT_TYPE.standard, STATUS.processing, 0, 60, 0)).toBe(false)
    expect(agentMatches(f, AGENT_TYPE.analyzer, STATUS.idle, 0, 60, 0)).toBe(false)
  })

  it('bands energy at 25, 50 and 75', () => {
    expect([0, 24.9, 25, 49.9, 50, 74.9, 75, 100].map(energyBand)).toEqual([0, 0, 1, 1, 2, 2, 3, 3])
  })
})

describe('the census', () => {
  it('sizes its grid to the world, 128 cells along the longer side', () => {
    expect(censusGridSize(world)).toEqual({ cols: CENSUS_GRID_MAX, rows: 64 })
    expect(censusGridSize({ width: 100, height: 400 })).toEqual({ cols: 32, rows: 128 })
  })

  it('counts each agent once per group, in its cell, and the failing and matching ones', () => {
    const buf = buffersOf([
      { x: 5, y: 5, type: AGENT_TYPE.analyzer, status: STATUS.processing, mode: MODE.explore },
      { x: 6, y: 7, type: AGENT_TYPE.analyzer, status: STATUS.idle, failing: true, energy: 10 },
      { x: 1279, y: 639, type: AGENT_TYPE.processor, energy: 90 },
      // outside the world: the nearest cell
      { x: -50, y: 9000, type: AGENT_TYPE.other },
    ])
    const f = { ...noFilter(), types: 1 << AGENT_TYPE.analyzer }
    const c = takeCensus(buf, world, f)
    expect(c.count).toBe(4)
    expect(c.matching).toBe(2)
    expect(c.failing).toBe(1)
    expect([...c.types]).toEqual([0, 2, 0, 1, 1])
    expect([...c.statuses]).toEqual([2, 1, 1, 0])
    expect([...c.energy]).toEqual([1, 0, 2, 1])
    const { cols, rows, all, failing, matching } = c.grid
    expect(all[0]).toBe(2)
    expect(failing[0]).toBe(1)
    expect(matching[0]).toBe(2)
    expect(all[cols * rows - 1]).toBe(1)
    expect(all[(rows - 1) * cols]).toBe(1)
  })

  it('agrees with agentMatches and the groups for any swarm and filter (property)', () => {
    const spec = fc.record({
      x: fc.integer({ min: -100, max: 1400 }),
      y: fc.integer({ min: -100, max: 800 }),
      type: fc.integer({ min: 0, max: 4 }),
      status: fc.integer({ min: 0, max: 3 }),
      mode: fc.integer({ min: 0, max: 3 }),
      energy: fc.integer({ min: 0, max: 100 }),
      failing: fc.boolean(),
    })
    const filter = fc.record({
      types: fc.integer({ min: 0, max: 31 }),
      statuses: fc.integer({ min: 0, max: 15 }),
      modes: fc.integer({ min: 0, max: 15 }),
      energy: fc.integer({ min: 0, max: 15 }),
      failing: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.array(spec, { maxLength: 60 }), filter, (specs, f) => {
        const buf = buffersOf(specs)
        const c = takeCensus(buf, world, f)
        const want = specs.filter((s) =>
          agentMatches(f, s.type, s.status, s.mode, s.energy, s.failing ? 2 : 0),
        ).length
        expect(c.matching).toBe(want)
        expect(c.grid.matching.reduce((a, b) => a + b, 0)).toBe(want)
        expect(c.grid.all.reduce((a, b) => a + b, 0)).toBe(specs.length)
        for (const group of [c.types, c.statuses, c.modes, c.energy])
          expect(group.reduce((a, b) => a + b, 0)).toBe(specs.length)
      }),
      { seed: 32, numRuns: 200 },
    )
  })

  it('reuses the arrays it is given for the same world, and makes new ones for another', () => {
    const buf = buffersOf([{ x: 1, y: 1 }])
    const a = takeCensus(buf, world, noFilter())
    expect(takeCensus(buf, world, noFilter(), a)).toBe(a)
    expect(takeCensus(buf, { width: 50, height: 50 }, noFilter(), a)).not.toBe(a)
  })
})
