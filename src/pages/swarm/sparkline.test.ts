import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { agentSparkline, efficiencySparkline, sparklinePoints } from './sparkline'

describe('efficiency sparkline', () => {
  it.each([
    // rand value → offset: 0 ⇒ −7.5, 0.5 ⇒ 0, ~1 ⇒ +7.5
    [92, 0, 84.5],
    [92, 0.5, 92],
    [92, 0.9999999, 99.5],
    [97, 0.9999999, 100], // clamped at 100
    [3, 0, 0], // clamped at 0
  ])('%s%% with rand %s → %s', (pct, r, v) => {
    const line = efficiencySparkline(pct, () => r)
    expect(line).toHaveLength(30)
    for (const p of line) expect(p).toBeCloseTo(v, 4)
  })

  it('stays within ±7.5 and 0..100 for any reading', () => {
    fc.assert(
      fc.property(fc.double({ min: -20, max: 120, noNaN: true }), fc.integer(), (pct, seed) => {
        let s = seed
        const rand = () => ((s = (s * 1103515245 + 12345) >>> 0) % 10000) / 10000
        for (const v of efficiencySparkline(pct, rand)) {
          expect(v).toBeGreaterThanOrEqual(0)
          expect(v).toBeLessThanOrEqual(100)
          expect(Math.abs(v - Math.min(100, Math.max(0, pct)))).toBeLessThanOrEqual(
            7.5 + 1e-9 + Math.max(0, -pct, pct - 100),
          )
        }
      }),
    )
  })

  it('is stable for the same agent and reading', () => {
    expect(agentSparkline('abcdefgh', 92.4)).toEqual(agentSparkline('abcdefgh', 92.4))
    expect(agentSparkline('abcdefgh', 92.4)).not.toEqual(agentSparkline('zzzzzzzz', 92.4))
  })

  it('maps values to polyline points, y down', () => {
    expect(sparklinePoints([0, 50, 100], 100, 40)).toBe('0,40 50,20 100,0')
    expect(sparklinePoints([], 100, 40)).toBe('')
    expect(sparklinePoints([50], 100, 40)).toBe('0,20')
  })
})
