import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CLICK_WINDOW_MS, isClick, isDrag, pickThreshold, pointerKind } from './gestures'

describe('pointerKind', () => {
  it.each([
    ['mouse', 'mouse'],
    ['touch', 'touch'],
    ['pen', 'touch'],
    ['', 'mouse'],
  ])('%s → %s', (type, want) => {
    expect(pointerKind(type)).toBe(want)
  })
})

describe('isClick', () => {
  it.each([
    ['mouse', 0, 0, true],
    ['mouse', 120, 2, true],
    ['mouse', 200, 0, true],
    ['mouse', 201, 0, false], // PRODUCT.md §9: only within 200 ms
    ['mouse', 50, 5, false], // moved: a drag
    ['mouse', 50, 4, true],
    ['touch', 150, 8, true], // fingers jitter
    ['touch', 150, 11, false],
    ['touch', 250, 0, false],
    ['mouse', -1, 0, false],
  ] as const)('%s press of %d ms moving %d px → %s', (kind, ms, moved, want) => {
    expect(isClick(kind, ms, moved)).toBe(want)
  })

  it('a drag is never a click', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('mouse' as const, 'touch' as const),
        fc.nat(CLICK_WINDOW_MS),
        fc.double({ min: 0, max: 500, noNaN: true }),
        (kind, ms, moved) =>
          isDrag(kind, moved) ? !isClick(kind, ms, moved) : isClick(kind, ms, moved),
      ),
      { seed: 7, numRuns: 300 },
    )
  })
})

describe('pickThreshold (§2)', () => {
  it.each([
    [2, 'mouse', 15],
    [3, 'mouse', 15],
    [4, 'mouse', 20],
    [5, 'mouse', 25],
    [2, 'touch', 25],
    [3, 'touch', 25],
    [3.5, 'touch', 28],
    [5, 'touch', 40],
  ] as const)('size %d, %s → %d px', (size, kind, want) => {
    expect(pickThreshold(size, kind)).toBe(want)
  })
})
