import { describe, expect, it } from 'vitest'
import { emptyGridLayout, layoutGrid } from './gridLayout'

describe('layoutGrid', () => {
  it.each([
    // centre, zoom, canvas → first lines, counts
    [
      [800, 500],
      1,
      [1000, 600],
      { minX: 300, minY: 200, firstX: 300, firstY: 200, countX: 101, countY: 61 },
    ],
    [
      [805, 503],
      1,
      [1000, 600],
      { minX: 305, minY: 203, firstX: 310, firstY: 210, countX: 100, countY: 60 },
    ],
    [
      [0, 0],
      2,
      [1000, 600],
      { minX: -250, minY: -150, firstX: -250, firstY: -150, countX: 51, countY: 31 },
    ],
    [
      [0, 0],
      0.5,
      [1000, 600],
      { minX: -1000, minY: -600, firstX: -1000, firstY: -600, countX: 201, countY: 121 },
    ],
    [
      [12.5, 7.5],
      5,
      [100, 100],
      { minX: 2.5, minY: -2.5, firstX: 10, firstY: 0, countX: 2, countY: 2 },
    ],
  ] as const)('centre %o, zoom %d, canvas %o', ([cx, cy], zoom, [w, h], want) => {
    const g = layoutGrid(emptyGridLayout(), cx, cy, zoom, w, h)
    expect(g).toMatchObject(want)
    // every counted line is inside the visible rectangle
    expect(g.firstX + (g.countX - 1) * 10).toBeLessThanOrEqual(g.maxX)
    expect(g.firstY + (g.countY - 1) * 10).toBeLessThanOrEqual(g.maxY)
    expect(g.firstX - 10).toBeLessThan(g.minX)
  })

  it.each([
    [5, 1],
    [1, 1],
    [0.5, 0.375],
  ])('fine lines at zoom %d fade to %d', (zoom, fade) => {
    expect(layoutGrid(emptyGridLayout(), 0, 0, zoom, 100, 100).fineFade).toBeCloseTo(fade, 9)
  })

  it('reuses the object it is given', () => {
    const out = emptyGridLayout()
    expect(layoutGrid(out, 0, 0, 1, 10, 10)).toBe(out)
  })
})
