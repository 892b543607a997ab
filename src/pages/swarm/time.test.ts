import { describe, expect, it } from 'vitest'
import { clockText, lastActiveText } from './time'

describe('last active text', () => {
  it.each([
    [0, 'just now'],
    [999, 'just now'],
    [-50, 'just now'],
    [1000, '1 second ago'],
    [1999, '1 second ago'],
    [2000, '2 seconds ago'],
    [59_999, '59 seconds ago'],
    [60_000, '1 minute ago'],
    [150_000, '2 minutes ago'],
    [3_599_999, '59 minutes ago'],
    [3_600_000, '1 hour ago'],
    [7_300_000, '2 hours ago'],
    [Number.NaN, 'just now'],
  ])('%s ms → %s', (ms, text) => expect(lastActiveText(ms)).toBe(text))
})

describe('console clock text', () => {
  it('formats a local time with two digits each', () => {
    const d = new Date(2026, 0, 2, 3, 4, 5)
    expect(clockText(d.toISOString())).toBe('03:04:05')
  })
  it('survives a bad timestamp', () => expect(clockText('nope')).toBe('--:--:--'))
})
