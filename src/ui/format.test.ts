import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatClock, formatNumber } from './format'

describe('formatClock', () => {
  it("reads as en-GB's 24-hour toLocaleTimeString", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const d = new Date(ms)
        expect(formatClock(ms)).toBe(d.toLocaleTimeString('en-GB', { hour12: false }))
        expect(formatClock(d)).toBe(formatClock(ms))
      }),
    )
  })

  it('pads every part to two digits', () => {
    expect(formatClock(new Date(2026, 0, 1, 0, 5, 9))).toBe('00:05:09')
  })
})

describe('formatNumber', () => {
  const intl = (n: number, max: number, min: number) =>
    n.toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })

  it("reads as en-US's toLocaleString for any double and digit counts", () => {
    const digits = fc
      .integer({ min: 0, max: 4 })
      .chain((max) => fc.tuple(fc.constant(max), fc.integer({ min: 0, max })))
    const values = fc.oneof(
      fc.double({ noNaN: false }),
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.integer({ min: -1e9, max: 1e9 }).map((k) => k / 1000),
      fc.integer({ min: -1e7, max: 1e7 }).map((k) => k / 200),
    )
    fc.assert(
      fc.property(values, digits, (n, [max, min]) => {
        expect(formatNumber(n, max, min)).toBe(intl(n, max, min))
      }),
      { numRuns: 5000 },
    )
  })

  it('groups and rounds as the pages show them', () => {
    expect(formatNumber(1240)).toBe('1,240')
    expect(formatNumber(12345.5, 2)).toBe('12,345.5')
    expect(formatNumber(52034.1, 2, 2)).toBe('52,034.10')
    expect(formatNumber(-1234567.891, 2)).toBe('-1,234,567.89')
    expect(formatNumber(0.125, 2)).toBe(intl(0.125, 2, 0))
  })
})
