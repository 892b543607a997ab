import { describe, expect, it } from 'vitest'
import { FAILING_COLOR } from '../../sim'
import type { CensusGrid } from '../../sim/census'
import {
  DIM_FACTOR,
  VIEW_RECT_MIN_PX,
  heat,
  mapSize,
  mapToWorld,
  paintHeat,
  panForKey,
  panForMapPoint,
  rampColor,
  viewRect,
  worldToMap,
} from './minimap'

const WORLD = { width: 1200, height: 800 }
const MAP = { width: 180, height: 120 }

describe('mapSize: the world’s aspect ratio within the box', () => {
  it.each([
    [
      'wide world, width-bound',
      { width: 1200, height: 800 },
      180,
      200,
      { width: 180, height: 120 },
    ],
    [
      'tall world, height-bound',
      { width: 800, height: 1600 },
      180,
      120,
      { width: 60, height: 120 },
    ],
    ['square', { width: 10, height: 10 }, 100, 50, { width: 50, height: 50 }],
  ])('%s', (_, world, w, h, want) => {
    expect(mapSize(world, w, h)).toEqual(want)
  })
})

describe('map ↔ world', () => {
  it.each([
    [0, 0, 0, 0],
    [90, 60, 600, 400],
    [180, 120, 1200, 800],
    [-20, 500, 0, 800], // clamped to the world
  ])('map (%d, %d) → world (%d, %d)', (px, py, wx, wy) => {
    expect(mapToWorld(MAP, WORLD, px, py)).toEqual({ x: wx, y: wy })
  })

  it('worldToMap inverts mapToWorld inside the map', () => {
    for (const [px, py] of [
      [1, 2],
      [45.5, 99],
      [179, 0],
    ] as const) {
      const w = mapToWorld(MAP, WORLD, px, py)
      const m = worldToMap(MAP, WORLD, w.x, w.y)
      expect(m.x).toBeCloseTo(px, 9)
      expect(m.y).toBeCloseTo(py, 9)
    }
  })

  it.each([
    [90, 60, 0, 0],
    [0, 0, -600, -400],
    [180, 30, 600, -200],
  ])(
    'a press at (%d, %d) pans to (%d, %d): the camera is relative to the world centre',
    (px, py, x, y) => {
      expect(panForMapPoint(MAP, WORLD, px, py)).toEqual({ x, y })
    },
  )
})

describe('viewRect: the camera’s view on the map', () => {
  const canvas = { width: 1200, height: 800 }
  it.each([
    ['zoom 2, centred: the middle half', { x: 0, y: 0, zoom: 2 }, [45, 30, 90, 60]],
    ['zoom 4, panned to the top-left quarter', { x: -300, y: -200, zoom: 4 }, [22.5, 15, 45, 30]],
    ['zoom 1 shows the whole world', { x: 0, y: 0, zoom: 1 }, [0, 0, 180, 120]],
    [
      'zoom 0.5 is larger than the world: clipped to the map',
      { x: 0, y: 0, zoom: 0.5 },
      [0, 0, 180, 120],
    ],
    ['off the right edge: clipped', { x: 600, y: 0, zoom: 2 }, [135, 30, 45, 60]],
  ])('%s', (_, view, [left, top, width, height]) => {
    const r = viewRect(view, canvas, WORLD, MAP)
    expect(r.left).toBeCloseTo(left!, 6)
    expect(r.top).toBeCloseTo(top!, 6)
    expect(r.width).toBeCloseTo(width!, 6)
    expect(r.height).toBeCloseTo(height!, 6)
  })

  it('a tiny view (a phone at zoom 5 in a huge world) is still drawn, centred where it is', () => {
    const huge = { width: 100_000, height: 66_667 }
    const r = viewRect({ x: 1000, y: 0, zoom: 5 }, { width: 390, height: 844 }, huge, MAP)
    expect(r.width).toBe(VIEW_RECT_MIN_PX)
    expect(r.height).toBe(VIEW_RECT_MIN_PX)
    expect(r.left + r.width / 2).toBeCloseTo(((50_000 + 1000) / 100_000) * 180, 6)
  })

  it('a view wholly off the world stays on the map’s edge', () => {
    const r = viewRect({ x: 5000, y: 0, zoom: 5 }, canvas, WORLD, MAP)
    expect(r.left + r.width).toBeLessThanOrEqual(MAP.width)
    expect(r.width).toBe(VIEW_RECT_MIN_PX)
  })
})

describe('panForKey', () => {
  const view = { x: 0, y: 0, zoom: 2 }
  const step = 1200 / 32
  it.each([
    ['ArrowLeft', false, { x: -step, y: 0 }],
    ['ArrowRight', false, { x: step, y: 0 }],
    ['ArrowUp', false, { x: 0, y: -step }],
    ['ArrowDown', true, { x: 0, y: 4 * step }],
  ])('%s (shift %s)', (key, shift, want) => {
    expect(panForKey(key, shift, view, WORLD)).toEqual(want)
  })
  it('Home recentres; other keys do nothing', () => {
    expect(panForKey('Home', false, { x: 50, y: -20, zoom: 3 }, WORLD)).toEqual({ x: 0, y: 0 })
    expect(panForKey('a', false, view, WORLD)).toBeNull()
  })
  it('stops at the world’s edge', () => {
    expect(panForKey('ArrowRight', true, { x: 590, y: 0, zoom: 1 }, WORLD)).toEqual({
      x: 600,
      y: 0,
    })
  })
})

describe('heat: log-scaled density around the mean of the occupied cells', () => {
  it.each([
    ['empty', 0, 5, 10, 0],
    ['a lone agent in a sparse swarm: the mean', 1, 1, 1, 0.55],
    ['one agent where the mean is 100', 1, 100, 1000, 0.3],
    ['the mean', 100, 100, 1000, 0.55],
    ['halfway (log) from the mean to the max', 1000, 100, 10_000, 0.775],
    ['the fullest cell', 10_000, 100, 10_000, 1],
    ['a uniform dense swarm (max = mean) stays mid-ramp', 110, 110, 110, 0.55],
  ])('%s', (_, n, mean, max, want) => {
    expect(heat(n, mean, max)).toBeCloseTo(want, 6)
  })
  it('rises with the count and a lone agent is always visible', () => {
    let prev = 0
    for (const n of [1, 2, 10, 100, 1000, 5000]) {
      const h = heat(n, 100, 5000)
      expect(h).toBeGreaterThan(prev)
      expect(h).toBeGreaterThanOrEqual(0.3)
      prev = h
    }
  })
  it('the ramp runs dark to bright', () => {
    const lum = (t: number) => rampColor(t).reduce((a, b) => a + b, 0)
    expect(lum(0)).toBeLessThan(lum(0.5))
    expect(lum(0.5)).toBeLessThan(lum(1))
  })
})

function grid(all: number[], failing: number[], matching = all): CensusGrid {
  return {
    cols: all.length,
    rows: 1,
    all: Uint32Array.from(all),
    failing: Uint32Array.from(failing),
    matching: Uint32Array.from(matching),
  }
}

function paint(g: CensusGrid, filterOn: boolean): number[][] {
  const out = new Uint8ClampedArray(g.cols * g.rows * 4)
  paintHeat(g, filterOn, out)
  return Array.from({ length: g.cols }, (_, i) => Array.from(out.subarray(i * 4, i * 4 + 4)))
}

describe('paintHeat', () => {
  const red = [(FAILING_COLOR >> 16) & 255, (FAILING_COLOR >> 8) & 255, FAILING_COLOR & 255]
  it('empty cells are transparent, or a faint edge beside an occupied one; occupied cells opaque on the ramp', () => {
    const [edge, one, many, , , empty] = paint(
      grid([0, 1, 1_000_000, 1000, 0, 0], [0, 0, 0, 0, 0, 0]),
      false,
    )
    expect(empty).toEqual([0, 0, 0, 0])
    expect(edge).toEqual([...one!.slice(0, 3), 110])
    expect(one![3]).toBe(255)
    expect(many).toEqual([...rampColor(1), 255])
    expect(one!.slice(0, 3).reduce((a, b) => a + b)).toBeLessThan(
      many!.slice(0, 3).reduce((a, b) => a + b),
    )
  })
  it('cells with a failing agent are the failing red, with a fainter red halo around them', () => {
    const [ok, halo, bad, halo2, , empty] = paint(
      grid([5, 5, 5, 0, 0, 0], [0, 0, 1, 0, 0, 0]),
      false,
    )
    expect(ok!.slice(0, 3)).not.toEqual(red)
    expect(bad).toEqual([...red, 255])
    for (const h of [halo, halo2]) expect(h).toEqual([...red, 170])
    expect(empty).toEqual([0, 0, 0, 0])
  })
  it('the halo reaches the diagonal neighbours in a 2-D grid', () => {
    const g: CensusGrid = {
      cols: 3,
      rows: 3,
      all: Uint32Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]),
      failing: Uint32Array.from([0, 0, 0, 0, 1, 0, 0, 0, 0]),
      matching: Uint32Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]),
    }
    const out = new Uint8ClampedArray(36)
    paintHeat(g, false, out)
    for (let i = 0; i < 9; i++) expect(out[i * 4 + 3]).toBe(i === 4 ? 255 : 170)
  })
  it('with a filter on: matching density bright, the rest dim', () => {
    const [match, none, , , failingNone] = paint(
      grid([10, 10, 0, 0, 10], [0, 0, 0, 0, 1], [4, 0, 0, 0, 0]),
      true,
    )
    expect(match).toEqual([...rampColor(0.55), 255]) // the only (so the mean) matching cell
    const uniform = rampColor(0.55)
    expect(none!.slice(0, 3)).toEqual(uniform.map((c) => Math.round(c * DIM_FACTOR)))
    expect(none![3]).toBeLessThan(255)
    expect(failingNone!.slice(0, 3)).toEqual(red.map((c) => Math.round(c * DIM_FACTOR)))
  })
  it('without a filter the matching counts are ignored', () => {
    expect(paint(grid([10, 10], [0, 0], [0, 10]), false)).toEqual(
      paint(grid([10, 10], [0, 0]), false),
    )
  })
})
