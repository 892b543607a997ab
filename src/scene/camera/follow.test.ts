import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  FOLLOW_SETTLED,
  centreOn,
  doubleTapZoom,
  followStep,
  screenToWorld,
  worldToScreen,
  type CameraView,
  type ViewFrame,
} from './camera'
import { isDoubleTap } from './gestures'

const frame: ViewFrame = { width: 1000, height: 600, originX: 800, originY: 500 }
const home: CameraView = { x: 0, y: 0, zoom: 1 }

describe('centreOn', () => {
  it.each([
    [800, 500, 0, 0],
    [900, 450, 100, -50],
    [0, 0, -800, -500],
  ])('world (%d, %d) → pan (%d, %d)', (wx, wy, x, y) => {
    expect(centreOn(frame, wx, wy)).toEqual({ x, y })
  })
})

describe('followStep', () => {
  it.each([
    // dt, rate → fraction of the gap closed: 1 − e^(−rate·dt)
    [1 / 60, 6, 1 - Math.exp(-0.1)],
    [0.2, 6, 1 - Math.exp(-1.2)],
    [0, 6, 0],
  ])('dt %d s at rate %d closes %d of the gap', (dt, rate, k) => {
    const next = followStep(home, frame, 900, 500, NaN, NaN, null, dt, rate)
    expect(next.x).toBeCloseTo(100 * k, 9)
    expect(next.y).toBe(0)
    expect(next.zoom).toBe(1)
  })

  it('eases the zoom toward the requested one', () => {
    const next = followStep(home, frame, 800, 500, NaN, NaN, 3, 0.1, 6)
    expect(next.zoom).toBeCloseTo(1 + 2 * (1 - Math.exp(-0.6)), 9)
  })

  it('a long frame is capped (no jump across the screen after a stall)', () => {
    const stalled = followStep(home, frame, 900, 500, NaN, NaN, null, 5, 6)
    expect(stalled.x).toBeCloseTo(100 * (1 - Math.exp(-1.5)), 9)
  })

  it('settles exactly on the agent and then returns the same view', () => {
    let v = home
    for (let i = 0; i < 600; i++) v = followStep(v, frame, 950, 420, 950, 420, 2.5, 1 / 60)
    expect(v).toEqual({ x: 150, y: -80, zoom: 2.5 })
    expect(followStep(v, frame, 950, 420, 950, 420, 2.5, 1 / 60)).toBe(v)
  })

  it('keeps a moving agent exactly centred once it is (no trailing)', () => {
    let v: CameraView = { x: 100, y: 0, zoom: 1 } // agent at world (900, 500): centred
    let ax = 900
    let ay = 500
    for (let i = 0; i < 120; i++) {
      const nx = ax + 2.5
      const ny = ay - 1.25
      v = followStep(v, frame, nx, ny, ax, ay, null, 1 / 60)
      ax = nx
      ay = ny
      const c = worldToScreen(v, frame, ax, ay)
      expect(c.x).toBeCloseTo(500, 9)
      expect(c.y).toBeCloseTo(300, 9)
    }
  })

  it('never overshoots and always gets closer (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -2000, max: 2000, noNaN: true }),
        fc.double({ min: -2000, max: 2000, noNaN: true }),
        fc.double({ min: 0.001, max: 0.25, noNaN: true }),
        (wx, wy, dt) => {
          const goal = centreOn(frame, wx, wy)
          const next = followStep(home, frame, wx, wy, NaN, NaN, null, dt)
          const before = Math.hypot(goal.x - home.x, goal.y - home.y)
          const after = Math.hypot(goal.x - next.x, goal.y - next.y)
          return after <= before + 1e-9 && (before <= FOLLOW_SETTLED || after < before)
        },
      ),
      { seed: 17 },
    )
  })
})

describe('doubleTapZoom', () => {
  it.each([
    [500, 300, 1, 2],
    [120, 80, 1.5, 3],
    [900, 500, 4, 5],
  ])(
    'tap at (%d, %d) from zoom %d → zoom %d, the tapped world point stays put',
    (sx, sy, z0, z1) => {
      const view = { x: 40, y: -30, zoom: z0 }
      const before = screenToWorld(view, frame, sx, sy)
      const next = doubleTapZoom(view, frame, sx, sy)
      expect(next.zoom).toBe(z1)
      const at = worldToScreen(next, frame, before.x, before.y)
      expect(at.x).toBeCloseTo(sx, 6)
      expect(at.y).toBeCloseTo(sy, 6)
    },
  )
})

describe('isDoubleTap', () => {
  const first = { x: 100, y: 100, at: 1000 }
  it.each([
    ['no previous tap', null, { x: 100, y: 100, at: 1100 }, false],
    ['close in time and place', first, { x: 110, y: 95, at: 1250 }, true],
    ['at the 300 ms limit', first, { x: 100, y: 100, at: 1300 }, true],
    ['too late', first, { x: 100, y: 100, at: 1301 }, false],
    ['too far', first, { x: 140, y: 100, at: 1100 }, false],
    ['clock went backwards', first, { x: 100, y: 100, at: 900 }, false],
  ])('%s → %s', (_n, prev, tap, expected) => {
    expect(isDoubleTap(prev, tap)).toBe(expected)
  })
})
