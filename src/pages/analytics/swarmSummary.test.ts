import { describe, expect, it } from 'vitest'
import {
  computeLoadPercent,
  formatLatency,
  formatPercent,
  formatPower,
  latencyClass,
  powerClass,
  systemHealthPercent,
} from './swarmSummary'

describe('system health = (agents − failing) / agents', () => {
  it.each([
    [146, 0, 100],
    [146, 3, (143 / 146) * 100],
    [146, 146, 0],
    [100, 25, 75],
    [0, 0, 100],
    [10, 12, 0],
  ])('%d agents, %d failing -> %f%%', (agents, failing, pct) => {
    expect(systemHealthPercent(agents, failing)).toBeCloseTo(pct, 6)
  })
})

describe('latency class (<10 Optimal, <50 Good, else Degraded)', () => {
  it.each([
    [0, 'Optimal'],
    [9.99, 'Optimal'],
    [10, 'Good'],
    [49.9, 'Good'],
    [50, 'Degraded'],
    [300, 'Degraded'],
  ])('%f ms -> %s', (ms, cls) => {
    expect(latencyClass(ms)).toBe(cls)
  })
})

describe('processing power class (>8000 High, >5000 Medium, else Low)', () => {
  it.each([
    [8001, 'High'],
    [8000, 'Medium'],
    [5001, 'Medium'],
    [5000, 'Low'],
    [0, 'Low'],
  ])('%d -> %s', (p, cls) => {
    expect(powerClass(p)).toBe(cls)
  })
})

describe('compute load bar = processingPower / 10000', () => {
  it.each([
    [0, 0],
    [5000, 50],
    [8123, 81.23],
    [10000, 100],
    [14000, 100],
    [-5, 0],
  ])('%d -> %f%%', (p, pct) => {
    expect(computeLoadPercent(p)).toBeCloseTo(pct, 6)
  })
})

describe('formats', () => {
  it.each([
    [formatPercent(97.94), '97.9%'],
    [formatPercent(100), '100.0%'],
    [formatPower(8123.4), '8,123 TF/s'],
    [formatPower(950), '950 TF/s'],
    [formatLatency(12), '12 ms'],
    [formatLatency(12.46), '12.5 ms'],
  ])('%s === %s', (got, want) => {
    expect(got).toBe(want)
  })
})
