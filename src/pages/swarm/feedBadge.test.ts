import { describe, expect, it } from 'vitest'
import { badgeText, connectionLost } from './feedBadge'

describe('feed badge', () => {
  it.each([
    ['open', 'LIVE DATA'],
    ['idle', 'OFFLINE'],
    ['connecting', 'OFFLINE'],
    ['closed', 'OFFLINE'],
  ])('%s → %s', (state, text) => expect(badgeText(state)).toBe(text))

  it.each([
    [null, 'open', false],
    ['open', 'open', false],
    ['open', 'closed', true],
    ['open', 'connecting', true],
    ['closed', 'connecting', false],
    ['idle', 'closed', false],
  ])('%s → %s logs: %s', (a, b, lost) => expect(connectionLost(a, b)).toBe(lost))
})
