import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ZOOM_MAX,
  ZOOM_MIN,
  clampZoom,
  panBy,
  pinch,
  screenToWorld,
  wheelZoom,
  worldToScreen,
  zoomAt,
  type CameraView,
  type ViewFrame,
} from './camera'

const frame: ViewFrame = { width: 1000, height: 600, originX: 800, originY: 500 }
const home: CameraView = { x: 0, y: 0, zoom: 1 }

const close = (a: number, b: number, eps = 1e-6) =>
  Math.abs(a - b) <= eps * Math.max(1, Math.abs(a), Math.abs(b))

describe('clampZoom', () => {
  it.each([
    [1, 1],
    [0.5, 0.5],
    [0.49, 0.5],
    [-3, 0.5],
    [5, 5],
    [5.0001, 5],
    [100, 5],
    [1.25, 1.25],
    [0.75 + 0.25 * 3, 1.5],
    [1.1000000000000003, 1.1],
    [Infinity, 5],
    [-Infinity, 0.5],
    [Number.NaN, 1],
  ])('clampZoom(%s) = %s', (z, want) => {
    expect(clampZoom(z)).toBe(want)
  })
})

describe('screenToWorld / worldToScreen', () => {
  it.each([
    // view, screen point, world point
    [home, [500, 300], [800, 500]],
    [home, [0, 0], [300, 200]],
    [{ x: 0, y: 0, zoom: 2 }, [0, 0], [550, 350]],
    [{ x: 100, y: -50, zoom: 1 }, [500, 300], [900, 450]],
    [{ x: 10, y: 20, zoom: 0.5 }, [1000, 600], [1810, 1120]],
    [{ x: 0, y: 0, zoom: 5 }, [600, 300], [820, 500]],
  ] as const)('view %o: screen %o ↔ world %o', (view, [sx, sy], [wx, wy]) => {
    const w = screenToWorld(view, frame, sx, sy)
    expect(w.x).toBeCloseTo(wx, 9)
    expect(w.y).toBeCloseTo(wy, 9)
    const s = worldToScreen(view, frame, wx, wy)
    expect(s.x).toBeCloseTo(sx, 9)
    expect(s.y).toBeCloseTo(sy, 9)
  })
})

describe('panBy', () => {
  it.each([
    [home, 10, 0, { x: -10, y: 0, zoom: 1 }],
    [home, -30, 40, { x: 30, y: -40, zoom: 1 }],
    [{ x: 5, y: 5, zoom: 2 }, 10, 10, { x: 0, y: 0, zoom: 2 }],
    [{ x: 0, y: 0, zoom: 0.5 }, 10, -10, { x: -20, y: 20, zoom: 0.5 }],
  ])('pan %o by (%d, %d)', (view, dx, dy, want) => {
    expect(panBy(view, dx, dy)).toEqual(want)
  })
})

describe('zoomAt', () => {
  it.each([
    // zooming at the canvas centre keeps the pan
    [home, 500, 300, 2, { x: 0, y: 0, zoom: 2 }],
    // zooming toward the top-left corner: the world point there (300, 200) stays put
    [home, 0, 0, 2, { x: -250, y: -150, zoom: 2 }],
    [home, 1000, 600, 0.5, { x: -500, y: -300, zoom: 0.5 }],
    // clamped
    [home, 500, 300, 9, { x: 0, y: 0, zoom: 5 }],
    [home, 0, 0, 0.1, { x: 500, y: 300, zoom: 0.5 }],
  ])('view %o at (%d, %d) to %d', (view, sx, sy, z, want) => {
    const v = zoomAt(view, frame, sx, sy, z)
    expect(v.zoom).toBe(want.zoom)
    expect(v.x).toBeCloseTo(want.x, 9)
    expect(v.y).toBeCloseTo(want.y, 9)
  })
})

describe('wheelZoom', () => {
  it.each([
    // [zoom, deltaY, deltaMode, ctrl, want]
    [1, 100, 0, false, 0.9],
    [1, -100, 0, false, 1.1],
    [1, 120, 0, false, 0.9], // one notch on platforms with 120 px notches
    [1, 53, 0, false, 0.9], // … and with 53 px notches
    [1, -300, 0, false, 1.3], // three notches coalesced into one event
    [1, 20, 0, false, 0.98], // trackpad scroll: proportional
    [1, 3, 1, false, 0.9], // line mode: 3 lines a notch
    [1, 1, 1, false, 0.9],
    [1, -6, 1, false, 1.2],
    [1, -1, 2, false, 1.1], // page mode
    [1, 0, 0, false, 1],
    [2, 10, 0, true, 2 * Math.exp(-0.1)],
    [2, -10, 0, true, 2 * Math.exp(0.1)],
  ])('zoom %d, deltaY %d, mode %d, ctrl %s → %d', (z, dy, mode, ctrl, want) => {
    expect(wheelZoom(z, dy, mode, ctrl)).toBeCloseTo(want, 12)
  })
})

describe('pinch', () => {
  it.each([
    // fingers spread from 100 px to 200 px apart around the canvas centre: zoom ×2, pan kept
    [
      home,
      [
        { x: 450, y: 300 },
        { x: 550, y: 300 },
      ],
      [
        { x: 400, y: 300 },
        { x: 600, y: 300 },
      ],
      { x: 0, y: 0, zoom: 2 },
    ],
    // same spread, both fingers 50 px right: pan follows the midpoint
    [
      home,
      [
        { x: 450, y: 300 },
        { x: 550, y: 300 },
      ],
      [
        { x: 450, y: 300 },
        { x: 650, y: 300 },
      ],
      { x: -25, y: 0, zoom: 2 },
    ],
    // pure two-finger pan
    [
      home,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 130, y: 80 },
        { x: 230, y: 80 },
      ],
      { x: -30, y: 20, zoom: 1 },
    ],
    // pinching in past the limit clamps at 0.5
    [
      home,
      [
        { x: 0, y: 300 },
        { x: 1000, y: 300 },
      ],
      [
        { x: 499, y: 300 },
        { x: 501, y: 300 },
      ],
      { x: 0, y: 0, zoom: 0.5 },
    ],
    // fingers on top of each other: zoom unchanged
    [
      home,
      [
        { x: 10, y: 10 },
        { x: 10, y: 10 },
      ],
      [
        { x: 20, y: 20 },
        { x: 20, y: 20 },
      ],
      { x: -10, y: -10, zoom: 1 },
    ],
  ] as const)('view %o from %o to %o', (view, from, to, want) => {
    const v = pinch(view, frame, from, to)
    expect(v.zoom).toBeCloseTo(want.zoom, 9)
    expect(v.x).toBeCloseTo(want.x, 9)
    expect(v.y).toBeCloseTo(want.y, 9)
  })
})

const zoomArb = fc.double({ min: ZOOM_MIN, max: ZOOM_MAX, noNaN: true })
const panArb = fc.double({ min: -5000, max: 5000, noNaN: true })
const viewArb = fc.record({ x: panArb, y: panArb, zoom: zoomArb })
const pointArb = fc.record({
  x: fc.double({ min: 0, max: 1000, noNaN: true }),
  y: fc.double({ min: 0, max: 600, noNaN: true }),
})

describe('camera properties', () => {
  const params = { seed: 424242, numRuns: 500 }

  it('clampZoom always lands in [0.5, 5] and is idempotent', () => {
    fc.assert(
      fc.property(fc.double(), (z) => {
        const c = clampZoom(z)
        return c >= ZOOM_MIN && c <= ZOOM_MAX && clampZoom(c) === c
      }),
      params,
    )
  })

  it('screenToWorld and worldToScreen are inverse', () => {
    fc.assert(
      fc.property(viewArb, pointArb, (view, p) => {
        const w = screenToWorld(view, frame, p.x, p.y)
        const s = worldToScreen(view, frame, w.x, w.y)
        return close(s.x, p.x, 1e-9) && close(s.y, p.y, 1e-9)
      }),
      params,
    )
  })

  it('zoomAt keeps the world point under the cursor fixed and the zoom clamped', () => {
    fc.assert(
      fc.property(
        viewArb,
        pointArb,
        fc.double({ min: -10, max: 20, noNaN: true }),
        (view, p, z) => {
          const before = screenToWorld(view, frame, p.x, p.y)
          const next = zoomAt(view, frame, p.x, p.y, z)
          const after = screenToWorld(next, frame, p.x, p.y)
          return (
            next.zoom === clampZoom(z) &&
            close(before.x, after.x, 1e-9) &&
            close(before.y, after.y, 1e-9)
          )
        },
      ),
      params,
    )
  })

  it('a wheel notch in then out returns to the same zoom (inside the limits)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.6, max: 4.9, noNaN: true }), (z) => {
        return close(wheelZoom(wheelZoom(z, -100, 0, false), 100, 0, false), z, 1e-12)
      }),
      params,
    )
  })

  it('panning moves every world point by the drag, and back again', () => {
    fc.assert(
      fc.property(
        viewArb,
        pointArb,
        fc.double({ min: -500, max: 500, noNaN: true }),
        fc.double({ min: -500, max: 500, noNaN: true }),
        (view, p, dx, dy) => {
          const w = screenToWorld(view, frame, p.x, p.y)
          const moved = panBy(view, dx, dy)
          const s = worldToScreen(moved, frame, w.x, w.y)
          const back = panBy(moved, -dx, -dy)
          return (
            close(s.x, p.x + dx, 1e-9) &&
            close(s.y, p.y + dy, 1e-9) &&
            close(back.x, view.x, 1e-9) &&
            close(back.y, view.y, 1e-9)
          )
        },
      ),
      params,
    )
  })

  it('pinch: the world point under the old midpoint sits under the new midpoint', () => {
    fc.assert(
      fc.property(viewArb, pointArb, pointArb, pointArb, pointArb, (view, a, b, c, d) => {
        fc.pre(Math.hypot(a.x - b.x, a.y - b.y) > 1 && Math.hypot(c.x - d.x, c.y - d.y) > 1)
        const next = pinch(view, frame, [a, b], [c, d])
        const w = screenToWorld(view, frame, (a.x + b.x) / 2, (a.y + b.y) / 2)
        const s = worldToScreen(next, frame, w.x, w.y)
        return (
          next.zoom >= ZOOM_MIN &&
          next.zoom <= ZOOM_MAX &&
          close(s.x, (c.x + d.x) / 2, 1e-6) &&
          close(s.y, (c.y + d.y) / 2, 1e-6)
        )
      }),
      params,
    )
  })
})
