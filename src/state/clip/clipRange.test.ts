import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MAX_CLIP_LONG_SIDE,
  MAX_CLIP_MS,
  MAX_CLIP_SHORT_SIDE,
  MIN_CLIP_MS,
  clampClipRange,
  clipFrameCount,
  clipFrameTimeMs,
  clipFrameTimestampUs,
  clipOutputSize,
  defaultClipRange,
  formatClipSeconds,
} from './clipRange'

describe('clampClipRange', () => {
  it.each([
    ['inside: unchanged', { startMs: 500, endMs: 2500 }, 3000, { startMs: 500, endMs: 2500 }],
    ['end past the timeline', { startMs: 0, endMs: 9000 }, 3000, { startMs: 0, endMs: 3000 }],
    ['start before 0', { startMs: -400, endMs: 1000 }, 3000, { startMs: 0, endMs: 1000 }],
    [
      'longer than 60 s',
      { startMs: 1000, endMs: 90_000 },
      120_000,
      { startMs: 1000, endMs: 61_000 },
    ],
    ['end before start', { startMs: 2000, endMs: 1000 }, 3000, { startMs: 2000, endMs: 2100 }],
    ['start at the end', { startMs: 3000, endMs: 3000 }, 3000, { startMs: 2900, endMs: 3000 }],
    ['timeline shorter than MIN', { startMs: 0, endMs: 50 }, 40, { startMs: 0, endMs: 40 }],
    [
      'NaN start, Infinity end',
      { startMs: NaN, endMs: Infinity },
      3000,
      { startMs: 0, endMs: 3000 },
    ],
    ['empty timeline', { startMs: 10, endMs: 20 }, 0, { startMs: 0, endMs: 0 }],
  ])('%s', (_, range, duration, want) => {
    expect(clampClipRange(range, duration)).toEqual(want)
  })

  it('always lands inside the timeline, in order, at most 60 s and at least MIN long', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        (startMs, endMs, duration) => {
          const r = clampClipRange({ startMs, endMs }, duration)
          expect(r.startMs).toBeGreaterThanOrEqual(0)
          expect(r.endMs).toBeLessThanOrEqual(duration)
          expect(r.endMs - r.startMs).toBeLessThanOrEqual(MAX_CLIP_MS)
          expect(r.endMs - r.startMs).toBeGreaterThanOrEqual(Math.min(MIN_CLIP_MS, duration) - 1e-9)
          expect(clampClipRange(r, duration)).toEqual(r)
        },
      ),
    )
  })
})

describe('defaultClipRange', () => {
  it.each([
    [3000, 0, { startMs: 0, endMs: 3000 }],
    [3000, 1000, { startMs: 1000, endMs: 3000 }],
    [86_400_000, 0, { startMs: 0, endMs: 60_000 }],
    [86_400_000, 86_390_000, { startMs: 86_390_000, endMs: 86_400_000 }],
  ])('timeline %i from %i', (duration, start, want) => {
    expect(defaultClipRange(duration, start)).toEqual(want)
  })
})

describe('frames', () => {
  it.each([
    [{ startMs: 0, endMs: 2000 }, 30, 60],
    [{ startMs: 500, endMs: 2500 }, 24, 48],
    [{ startMs: 0, endMs: 60_000 }, 30, 1800],
    [{ startMs: 0, endMs: 100 }, 30, 3],
    [{ startMs: 0, endMs: 10 }, 30, 1],
    [{ startMs: 0, endMs: 1010 }, 24, 24],
  ])('%o at %i fps has %i frames', (range, fps, frames) => {
    expect(clipFrameCount(range, fps)).toBe(frames)
  })

  it('frame i shows the range start plus i/fps', () => {
    const range = { startMs: 500, endMs: 2500 }
    expect([0, 1, 30, 59].map((i) => clipFrameTimeMs(range, 30, i))).toEqual([
      500,
      500 + 1000 / 30,
      1500,
      500 + (59 * 1000) / 30,
    ])
  })

  it('frame timestamps are whole µs, back to back, and sum to the clip length', () => {
    for (const fps of [24, 30]) {
      let at = 0
      for (let i = 0; i < fps * 2; i++) {
        const { timestamp, duration } = clipFrameTimestampUs(fps, i)
        expect(Number.isInteger(timestamp) && Number.isInteger(duration)).toBe(true)
        expect(timestamp).toBe(at)
        at += duration
      }
      expect(at).toBe(2_000_000)
    }
  })
})

describe('clipOutputSize', () => {
  it.each([
    [1280, 720, 1280, 720],
    [960, 540, 960, 540],
    [2560, 1440, 1280, 720],
    [2880, 1800, 1152, 720],
    [1170, 2532, 590, 1280],
    [1440, 900, 1152, 720],
    [801, 601, 800, 600],
    [1, 1, 2, 2],
    [NaN, 500, 2, 500],
  ])('%i×%i → %i×%i', (w, h, ow, oh) => {
    expect(clipOutputSize(w, h)).toEqual({ width: ow, height: oh })
  })

  it('is even, fits the box in its orientation, never grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8000 }), fc.integer({ min: 2, max: 8000 }), (w, h) => {
        const o = clipOutputSize(w, h)
        expect((o.width % 2) + (o.height % 2)).toBe(0)
        expect(Math.max(o.width, o.height)).toBeLessThanOrEqual(MAX_CLIP_LONG_SIDE)
        expect(Math.min(o.width, o.height)).toBeLessThanOrEqual(MAX_CLIP_SHORT_SIDE)
        expect(o.width).toBeLessThanOrEqual(Math.max(2, w))
        expect(o.height).toBeLessThanOrEqual(Math.max(2, h))
      }),
    )
  })
})

it.each([
  [0, '0:00.0'],
  [2000, '0:02.0'],
  [65_300, '1:05.3'],
  [59_960, '1:00.0'],
  [-5, '0:00.0'],
])('formatClipSeconds(%i) = %s', (ms, text) => {
  expect(formatClipSeconds(ms)).toBe(text)
})
