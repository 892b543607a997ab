import { describe, expect, it } from 'vitest'
import { overflowOf } from './overflow'

const box = { scrollTop: 0, scrollLeft: 0, clientHeight: 100, clientWidth: 100 }

describe('overflowOf', () => {
  it.each([
    ['fits', { ...box, scrollHeight: 100, scrollWidth: 100 }, [false, false, false, false]],
    [
      'taller, at top',
      { ...box, scrollHeight: 300, scrollWidth: 100 },
      [false, true, false, false],
    ],
    [
      'taller, in the middle',
      { ...box, scrollTop: 100, scrollHeight: 300, scrollWidth: 100 },
      [true, true, false, false],
    ],
    [
      'taller, at the bottom',
      { ...box, scrollTop: 200, scrollHeight: 300, scrollWidth: 100 },
      [true, false, false, false],
    ],
    [
      'a sub-pixel remainder is the edge',
      { ...box, scrollTop: 199.4, scrollHeight: 300, scrollWidth: 100 },
      [true, false, false, false],
    ],
    [
      'wider, at left',
      { ...box, scrollHeight: 100, scrollWidth: 250 },
      [false, false, false, true],
    ],
    [
      'wider, at right',
      { ...box, scrollLeft: 150, scrollHeight: 100, scrollWidth: 250 },
      [false, false, true, false],
    ],
  ])('%s', (_name, figures, [up, down, left, right]) => {
    expect(overflowOf(figures)).toEqual({ up, down, left, right })
  })
})
