import { describe, expect, it } from 'vitest'
import { createRng } from '../../sim/random'
import {
  HOUR_MS,
  RESOURCE_STEP_MS,
  TRAFFIC_STEP_MS,
  countAgentTypes,
  formatHM,
  nearestIndex,
  performanceSeries,
  randomWalk,
  resourceSeries,
  tasksInSeries,
  tickIndices,
  timeAxis,
  trafficSeries,
} from './analyticsData'

const NOW = Date.UTC(2026, 10, 22, 10, 7, 30)

describe('series (§2 point counts and spacing)', () => {
  it.each([
    ['performance', () => performanceSeries(createRng(1), NOW), 24, HOUR_MS],
    ['resources', () => resourceSeries(createRng(1), NOW), 12, RESOURCE_STEP_MS],
    ['traffic', () => trafficSeries(createRng(1), NOW), 15, TRAFFIC_STEP_MS],
  ] as const)('%s: %d points, %d ms apart, ending at the current step', (_name, make, n, step) => {
    const s = make()
    expect(s).toHaveLength(n)
    for (let i = 1; i < s.length; i++) expect(s[i]!.time - s[i - 1]!.time).toBe(step)
    expect(s[s.length - 1]!.time).toBe(Math.floor(NOW / step) * step)
    expect(s[s.length - 1]!.time).toBeLessThanOrEqual(NOW)
  })

  it('is deterministic for a seed and stays in range', () => {
    expect(performanceSeries(createRng(9), NOW)).toEqual(performanceSeries(createRng(9), NOW))
    for (const p of performanceSeries(createRng(9), NOW)) {
      expect(p.efficiency).toBeGreaterThanOrEqual(80)
      expect(p.efficiency).toBeLessThanOrEqual(99.5)
      expect(p.load).toBeGreaterThanOrEqual(20)
      expect(p.load).toBeLessThanOrEqual(98)
      expect(p.tasks).toBeGreaterThanOrEqual(20)
      expect(p.tasks).toBeLessThan(80)
    }
    for (const p of resourceSeries(createRng(9), NOW)) {
      for (const v of [p.cpu, p.memory, p.network]) {
        expect(v).toBeGreaterThanOrEqual(5)
        expect(v).toBeLessThanOrEqual(95)
      }
    }
    for (const p of trafficSeries(createRng(9), NOW)) {
      expect(p.inbound).toBeGreaterThanOrEqual(20)
      expect(p.outbound).toBeLessThanOrEqual(90)
    }
  })

  it('a random walk never leaves its bounds', () => {
    const w = randomWalk(createRng(2), 5000, [50, 50.0001], 30, 0, 100)
    expect(Math.min(...w)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...w)).toBeLessThanOrEqual(100)
  })

  it('sums the tasks of the series', () => {
    expect(
      tasksInSeries([
        { time: 0, efficiency: 0, load: 0, tasks: 3 },
        { time: 1, efficiency: 0, load: 0, tasks: 4 },
      ]),
    ).toBe(7)
  })
})

describe('time axis', () => {
  it.each([
    [Date.UTC(2026, 0, 1, 10, 0, 0), 3, HOUR_MS, [8, 9, 10]],
    [Date.UTC(2026, 0, 1, 10, 59, 59), 2, HOUR_MS, [9, 10]],
  ])('%d, %d points -> hours %j', (now, n, step, hours) => {
    expect(timeAxis(now, n, step).map((t) => new Date(t).getUTCHours())).toEqual(hours)
  })
})

describe('agent type distribution', () => {
  it.each([
    [[0, 1, 2, 3, 0, 0], 6, { standard: 3, analyzer: 1, collector: 1, processor: 1 }],
    [[0, 1, 2, 3, 0, 0], 2, { standard: 1, analyzer: 1, collector: 0, processor: 0 }],
    [[], 0, { standard: 0, analyzer: 0, collector: 0, processor: 0 }],
    [[4, 4, 1], 3, { standard: 0, analyzer: 1, collector: 0, processor: 0, other: 2 }],
    [[9, 3], 2, { standard: 0, analyzer: 0, collector: 0, processor: 1, other: 1 }],
  ])('%j (count %d) -> %j', (types, count, want) => {
    const got = Object.fromEntries(
      countAgentTypes(Uint8Array.from(types), count).map((c) => [c.type, c.count]),
    )
    expect(got).toEqual(want)
  })
})

describe('chart helpers', () => {
  it.each([
    [[10, 20, 30], 0, 0],
    [[10, 20, 30], 14.9, 0],
    [[10, 20, 30], 15.1, 1],
    [[10, 20, 30], 99, 2],
    [[], 5, -1],
  ])('nearest of %j to %f is %d', (centers, x, i) => {
    expect(nearestIndex(centers, x)).toBe(i)
  })

  it.each([
    [24, 6, [3, 7, 11, 15, 19, 23]],
    [12, 12, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    [15, 5, [2, 5, 8, 11, 14]],
    [3, 10, [0, 1, 2]],
    [0, 4, []],
  ])('%d points, %d ticks -> %j', (count, max, want) => {
    expect(tickIndices(count, max)).toEqual(want)
  })

  it('formats local times as HH:MM', () => {
    const d = new Date(2026, 0, 1, 7, 5)
    expect(formatHM(d.getTime())).toBe('07:05')
  })
})
