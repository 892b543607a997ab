import { describe, expect, it } from 'vitest'
import {
  computeLoadPercent,
  diskBarTone,
  efficiencyFraction,
  efficiencyTier,
  energyTone,
  hoverEnergyTone,
  latencyText,
  loadBarTone,
  modalEnergyTone,
  PANEL_THREAT,
  processingPowerText,
  systemHealthPercent,
  threatLevel,
} from './ratings'

describe('efficiency tier (0..1 fraction)', () => {
  it.each([
    [1, 'S-TIER'],
    [0.81, 'S-TIER'],
    [0.8, 'A-TIER'],
    [0.61, 'A-TIER'],
    [0.6, 'B-TIER'],
    [0.41, 'B-TIER'],
    [0.4, 'C-TIER'],
    [0, 'C-TIER'],
  ])('%s → %s', (f, tier) => expect(efficiencyTier(f)).toBe(tier))

  it.each([
    [0.92, 0.92],
    [92, 0.92],
    [85, 0.85],
    [100, 1],
    [150, 1],
    [-3, 0],
    [Number.NaN, 0],
  ])('reads %s as the fraction %s', (v, f) => expect(efficiencyFraction(v)).toBeCloseTo(f, 10))
})

describe('energy colour scales', () => {
  it.each([
    [100, 'green'],
    [81, 'green'],
    [80, 'blue'],
    [51, 'blue'],
    [50, 'amber'],
    [31, 'amber'],
    [30, 'red'],
    [0, 'red'],
  ])('modal: %s → %s', (e, tone) => expect(modalEnergyTone(e)).toBe(tone))

  it.each([
    [0, 'red'],
    [19.9, 'red'],
    [20, 'yellow'],
    [49, 'yellow'],
    [50, 'blue'],
    [79.9, 'blue'],
    [80, 'green'],
    [100, 'green'],
  ])('hover card: %s → %s', (e, tone) => expect(hoverEnergyTone(e)).toBe(tone))

  it.each([
    [0, 'red'],
    [19, 'red'],
    [20, 'orange'],
    [49, 'orange'],
    [50, 'green'],
    [79, 'green'],
    [80, 'brightGreen'],
    [100, 'brightGreen'],
  ])('elsewhere: %s → %s', (e, tone) => expect(energyTone(e)).toBe(tone))

  it.each([
    [91, 'red'],
    [90, 'yellow'],
    [76, 'yellow'],
    [75, 'accent'],
  ])('load/memory bar: %s → %s', (v, tone) => expect(loadBarTone(v)).toBe(tone))

  it.each([
    [86, 'red'],
    [85, 'yellow'],
    [71, 'yellow'],
    [70, 'accent'],
  ])('disk bar: %s → %s', (v, tone) => expect(diskBarTone(v)).toBe(tone))
})

describe('threat level', () => {
  it.each([
    [100, 'CRITICAL'],
    [91, 'CRITICAL'],
    [90, 'HIGH'],
    [71, 'HIGH'],
    [70, 'MODERATE'],
    [41, 'MODERATE'],
    [40, 'LOW'],
    [10, 'LOW'],
  ])('%s/100 → %s', (v, level) => expect(threatLevel(v)).toBe(level))

  it('scales by max', () => expect(threatLevel(19, 20)).toBe('CRITICAL'))
  it('the panel always reads LOW', () =>
    expect(threatLevel(PANEL_THREAT.value, PANEL_THREAT.max)).toBe('LOW'))
})

describe('latency, processing power, load, health', () => {
  it.each([
    [0, 'Optimal'],
    [9.9, 'Optimal'],
    [10, 'Good'],
    [49, 'Good'],
    [50, 'Degraded'],
  ])('latency %s ms → %s', (ms, text) => expect(latencyText(ms)).toBe(text))

  it.each([
    [9000, 'High'],
    [8001, 'High'],
    [8000, 'Medium'],
    [5001, 'Medium'],
    [5000, 'Low'],
    [0, 'Low'],
  ])('processing power %s → %s', (p, text) => expect(processingPowerText(p)).toBe(text))

  it.each([
    [8000, 80],
    [0, 0],
    [12000, 100],
    [-5, 0],
  ])('compute load %s → %s%%', (p, pct) => expect(computeLoadPercent(p)).toBe(pct))

  it.each([
    [146, 0, 100],
    [100, 25, 75],
    [4, 1, 75],
    [0, 0, 100],
  ])('health of %s agents with %s failing → %s%%', (n, f, pct) =>
    expect(systemHealthPercent(n, f)).toBe(pct),
  )
})
