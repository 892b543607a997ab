import { describe, expect, it } from 'vitest'
import { frameRateBounds, pixelRatioFor } from './pixelRatio'

describe('adaptive pixel ratio', () => {
  it.each([
    // factor, device ratio, pixel ratio
    [1, 2, 2],
    [0, 2, 1],
    [0.5, 2, 1.5],
    [0.6, 2, 1.5],
    [0.9, 2, 2],
    [0.2, 2, 1.25],
    [1, 3, 2], // capped at 2
    [0.5, 3, 1.5],
    [1, 1, 1], // nothing to trade on a DPR-1 screen
    [0, 1, 1],
    [1, 1.5, 1.5],
    [0.5, 1.5, 1.25],
    [Number.NaN, 2, 2],
    [-1, 2, 1],
    [5, 2, 2],
    [1, 0, 1],
  ])('factor %s at device ratio %s → %s', (factor, device, expected) => {
    expect(pixelRatioFor(factor, device)).toBe(expected)
  })

  it.each([
    [60, [45, 57]],
    [120, [90, 114]],
    [144, [108, 137]],
  ])('frame-rate band at %s Hz', (hz, band) => {
    expect(frameRateBounds(hz)).toEqual(band)
  })
})
