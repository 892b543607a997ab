import { describe, expect, it } from 'vitest'
import {
  checkErrorText,
  cooldownLeftS,
  cooldownRefusal,
  lastCheckKey,
  needsWaitHint,
  readLastCheck,
  secondsToWait,
  WAIT_HINT,
  writeLastCheck,
} from './cooldown'

describe('whitelist cooldown', () => {
  it.each([
    [null, 0, 0],
    [1_000, 1_000, 30],
    [1_000, 1_001, 30],
    [1_000, 2_000, 29],
    [1_000, 30_999, 1],
    [1_000, 31_000, 0],
    [1_000, 99_000, 0],
  ])('lastCheck %s at %s leaves %s s', (last, now, left) => {
    expect(cooldownLeftS(last, now)).toBe(left)
  })

  it.each([
    [null, 0, null],
    [0 + 1, 1 + 10_000, 'Please wait 20 seconds before checking again'],
    [1, 1 + 29_500, 'Please wait 1 seconds before checking again'],
    [1, 1 + 30_000, null],
  ])('refusal for lastCheck %s at %s: %s', (last, now, text) => {
    expect(cooldownRefusal(last, now)).toBe(text)
  })

  it('keeps the last check per wallet in storage', () => {
    const m = new Map<string, string>()
    const s = {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
    }
    expect(readLastCheck(s, 'A')).toBeNull()
    writeLastCheck(s, 'A', 1234)
    expect(readLastCheck(s, 'A')).toBe(1234)
    expect(readLastCheck(s, 'B')).toBeNull()
    expect(m.has(lastCheckKey('A'))).toBe(true)
    m.set(lastCheckKey('B'), 'garbage')
    expect(readLastCheck(s, 'B')).toBeNull()
  })

  it.each([
    [
      429,
      'Please wait 12 seconds before checking again',
      'Please wait 12 seconds before checking again',
    ],
    [429, 'Too many requests', 'Server returned 429'],
    [503, 'Solana RPC unavailable', 'Server returned 503'],
    [500, null, 'Server returned 500'],
  ])('error for %s %j reads %j', (status, server, text) => {
    expect(checkErrorText(status, server)).toBe(text)
  })

  it.each([
    ['Please wait 12 seconds before checking again', null, 12],
    [null, '7', 7],
    ['nonsense', null, 30],
  ])('secondsToWait(%j, %j) = %s', (text, header, s) => {
    expect(secondsToWait(text, header)).toBe(s)
  })

  it('adds the hint only to wait messages, with the §8 wording', () => {
    expect(needsWaitHint('Please wait 3 seconds before checking again')).toBe(true)
    expect(needsWaitHint('Server returned 500')).toBe(false)
    expect(WAIT_HINT).toBe(
      'Whitelist checks are limited to once every 30 seconds to prevent excessive blockchain queries.',
    )
  })
})
