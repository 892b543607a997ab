import { describe, expect, it } from 'vitest'
import {
  behindWords,
  fractionAt,
  keyTarget,
  timeAtFraction,
  timelineSpan,
  type KeyContext,
} from './timeline'

const NOW = 1_800_000_000_000

describe('timeline', () => {
  it.each<[Parameters<typeof timelineSpan>, { start: number; end: number }]>([
    [['10m', NOW, NOW - 86_400_000], { start: NOW - 600_000, end: NOW }],
    [['24h', NOW, NOW - 86_400_000], { start: NOW - 86_400_000, end: NOW }],
    [['24h', NOW, NOW - 70_000], { start: NOW - 70_000, end: NOW }],
    [['10m', NOW, null], { start: NOW - 1_000, end: NOW }],
  ])('span %j → %j', (args, span) => {
    expect(timelineSpan(...args)).toEqual(span)
  })

  it('maps moments to the track and back', () => {
    const span = { start: NOW - 600_000, end: NOW }
    expect(fractionAt(NOW - 300_000, span)).toBe(0.5)
    expect(fractionAt(NOW - 900_000, span)).toBe(0)
    expect(fractionAt(NOW + 5, span)).toBe(1)
    expect(timeAtFraction(0.25, span)).toBe(NOW - 450_000)
    expect(timeAtFraction(-1, span)).toBe(span.start)
  })

  it.each([
    [0, '0 s behind live'],
    [133_000, '2 min 13 s behind live'],
    [3_600_000 + 5_000, '1 h 5 s behind live'],
  ])('%d ms → %s', (ms, words) => {
    expect(behindWords(ms)).toBe(words)
  })

  const ctx: KeyContext = {
    at: NOW - 60_000,
    span: { start: NOW - 600_000, end: NOW },
    zoom: '10m',
    tickMs: 100,
    keyframeMs: 1000,
    frameExactSince: NOW - 600_000,
  }
  it.each<[string, Partial<KeyContext>, number | 'live' | null]>([
    ['ArrowLeft', {}, NOW - 60_100],
    ['ArrowRight', {}, NOW - 59_900],
    ['ArrowDown', {}, NOW - 60_100],
    ['PageDown', {}, NOW - 70_000],
    ['PageUp', { zoom: '24h' }, NOW + 540_000],
    ['Home', {}, NOW - 600_000],
    ['End', {}, 'live'],
    ['a', {}, null],
    // before the frame-exact part: one keyframe a step
    ['ArrowLeft', { at: NOW - 3_600_000, span: { start: 0, end: NOW } }, NOW - 3_601_000],
  ])('%s (%j) → %s', (key, patch, target) => {
    expect(keyTarget(key, { ...ctx, ...patch })).toBe(target)
  })
})
