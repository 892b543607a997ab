import { describe, expect, it } from 'vitest'
import { DIMMED_FRAME_MS, shouldDraw } from './redraw'

describe('shouldDraw', () => {
  it.each([
    // needed, animating, dimmed, ms since the last drawn frame → draw?
    [false, false, false, 1000, false], // paused, nothing changed: the last frame stays on screen
    [true, false, false, 0, true],
    [false, true, false, 0, true], // the pulse animates every frame
    [true, true, true, 10, false], // behind a dashboard: at most 15 frames a second
    [true, true, true, DIMMED_FRAME_MS, true],
    [false, false, true, 1e6, false],
  ])('needed %s, animating %s, dimmed %s, %d ms → %s', (needed, animating, dimmed, since, want) => {
    expect(shouldDraw(needed, animating, dimmed, since)).toBe(want)
  })
})
