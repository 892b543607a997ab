import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { easeOutCubic, easedValue, placeHoverCard } from './hoverCard'

const vp = { width: 1440, height: 900 }
const card = { width: 260, height: 180 }

describe('hover card placement', () => {
  it.each([
    ['below-right of the pointer', { x: 100, y: 100 }, { left: 114, top: 114 }],
    ['flipped left near the right edge', { x: 1400, y: 100 }, { left: 1400 - 14 - 260, top: 114 }],
    ['flipped up near the bottom edge', { x: 100, y: 880 }, { left: 114, top: 880 - 14 - 180 }],
    ['flipped both ways in the corner', { x: 1430, y: 890 }, { left: 1430 - 274, top: 890 - 194 }],
  ])('%s', (_, at, expected) => expect(placeHoverCard(at, card, vp)).toEqual(expected))

  it('stays inside a phone viewport', () => {
    expect(placeHoverCard({ x: 195, y: 20 }, card, { width: 390, height: 844 })).toEqual({
      left: 8,
      top: 34,
    })
  })

  it('is always inside the viewport when the card fits', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -200, max: 2000, noNaN: true }),
        fc.double({ min: -200, max: 2000, noNaN: true }),
        fc.integer({ min: 300, max: 2000 }),
        fc.integer({ min: 220, max: 2000 }),
        (x, y, w, h) => {
          const p = placeHoverCard({ x, y }, card, { width: w, height: h })
          expect(p.left).toBeGreaterThanOrEqual(8)
          expect(p.top).toBeGreaterThanOrEqual(8)
          expect(p.left + card.width).toBeLessThanOrEqual(w - 8)
          expect(p.top + card.height).toBeLessThanOrEqual(h - 8)
        },
      ),
    )
  })
})

describe('energy animation (800 ms ease-out)', () => {
  it.each([
    [0, 40],
    [800, 80],
    [1000, 80],
    [400, 40 + 40 * (1 - 0.5 ** 3)],
  ])('at %s ms the value is %s', (t, v) => expect(easedValue(40, 80, t)).toBeCloseTo(v, 6))

  it('eases out: more than half-way at half time', () => {
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5)
    expect(easeOutCubic(0)).toBe(0)
    expect(easeOutCubic(1)).toBe(1)
    expect(easeOutCubic(2)).toBe(1)
  })
})
