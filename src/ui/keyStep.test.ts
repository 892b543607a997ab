import { describe, expect, it } from 'vitest'
import { keyStep } from './keyStep'

describe('keyStep', () => {
  it.each([
    ['ArrowRight', null, 5, 0],
    ['ArrowRight', 2, 5, 3],
    ['ArrowRight', 4, 5, 4],
    ['ArrowLeft', null, 5, 4],
    ['ArrowLeft', 0, 5, 0],
    ['Home', 3, 5, 0],
    ['End', 0, 5, 4],
    ['a', 1, 5, null],
    ['ArrowUp', 1, 5, null],
    ['ArrowRight', null, 0, null],
  ] as const)('%s from %s of %d -> %s (stops at the ends)', (key, cur, count, want) => {
    expect(keyStep(key, cur, count)).toBe(want)
  })

  it('vertical: ArrowUp steps forward and ArrowDown back', () => {
    expect(keyStep('ArrowUp', 1, 5, { vertical: true })).toBe(2)
    expect(keyStep('ArrowDown', 1, 5, { vertical: true })).toBe(0)
    expect(keyStep('ArrowDown', null, 5, { vertical: true })).toBe(4)
  })

  it('wrap: the arrows go round at both ends (tabs)', () => {
    expect(keyStep('ArrowRight', 5, 6, { wrap: true })).toBe(0)
    expect(keyStep('ArrowLeft', 0, 6, { wrap: true })).toBe(5)
    expect(keyStep('ArrowRight', 2, 6, { wrap: true })).toBe(3)
    expect(keyStep('End', 1, 6, { wrap: true })).toBe(5)
  })
})
