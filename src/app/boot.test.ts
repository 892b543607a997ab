import { describe, expect, it } from 'vitest'
import { bootStage } from './boot'

describe('boot overlay timeline (§2, §9: 500 ms steps, gone 800 ms after ACCESS GRANTED)', () => {
  it.each([
    [0, 1, false, false],
    [499, 1, false, false],
    [500, 2, false, false],
    [2500, 6, false, false],
    [2999, 6, false, false],
    [3000, 6, true, false],
    [3799, 6, true, false],
    [3800, 6, true, true],
  ])('at %i ms: %i lines, granted %s, done %s', (t, lines, granted, done) => {
    expect(bootStage(t)).toEqual({ lines, granted, done })
  })
})
