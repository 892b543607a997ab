import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodePickPixel, encodePickPixel } from './pickPixel'

describe('picking pixel', () => {
  it.each([
    [[0, 0, 0, 0], -1],
    [[7, 9, 3, 0], -1], // cleared (alpha 0) whatever the colour
    [[1, 0, 0, 255], 0],
    [[0, 1, 0, 255], 255],
    [[160, 134, 1, 255], 99_999],
    [[64, 13, 3, 255], 199_999],
  ])('%o → %d', (px, want) => {
    expect(decodePickPixel(px)).toBe(want)
  })

  it('round-trips every index up to 2^24 − 2', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 24 - 2 }),
        (i) => decodePickPixel(encodePickPixel(i)) === i,
      ),
      { seed: 11, numRuns: 1000 },
    )
  })
})
