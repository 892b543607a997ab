import { describe, expect, it } from 'vitest'
import type { CameraView, ViewFrame } from '../camera/camera'
import { cursorAnnouncement, stepCursor, type AgentPositions } from './agentCursor'

/** A 200 × 100 canvas over a world whose origin is (0, 0): screen = world + (100, 50) at zoom 1. */
const FRAME: ViewFrame = { width: 200, height: 100, originX: 0, originY: 0 }
const HOME: CameraView = { x: 0, y: 0, zoom: 1 }

function agents(points: [number, number][]): AgentPositions {
  return {
    count: points.length,
    x: Float32Array.from(points.map((p) => p[0])),
    y: Float32Array.from(points.map((p) => p[1])),
  }
}

// distances from the centre: #0 30, #1 10, #2 off the canvas (x 150 > 100), #3 20, #4 10 (ties #1)
const SWARM = agents([
  [30, 0],
  [0, 10],
  [150, 0],
  [-20, 0],
  [10, 0],
])

describe('stepCursor: the agents in view, nearest the centre first', () => {
  it.each([
    // [from, dir, to, rank]: the order is #1, #4 (tie: lower index first), #3, #0; #2 is out of view
    [-1, 1, 1, 1],
    [1, 1, 4, 2],
    [4, 1, 3, 3],
    [3, 1, 0, 4],
    [0, 1, 1, 1], // wraps to the nearest
    [-1, -1, 0, 4], // from none, back: the farthest
    [0, -1, 3, 3],
    [4, -1, 1, 1],
    [1, -1, 0, 4], // wraps to the farthest
    [2, 1, 1, 1], // from an agent out of view: start again
    [2, -1, 0, 4],
    [99, 1, 1, 1], // an index past the swarm (it was rebuilt)
  ] as const)('from #%i, dir %i → #%i, %i of 4', (from, dir, to, rank) => {
    expect(stepCursor(SWARM, HOME, FRAME, from, dir)).toEqual({ index: to, rank, total: 4 })
  })

  it.each([
    // [view, in view nearest-first]: panning and zooming change what is in view and its order
    [{ x: 50, y: 0, zoom: 1 }, [0, 4, 1, 3, 2]], // centred on world x 50: #2 comes into view, at the edge
    [{ x: 0, y: 0, zoom: 4 }, [1, 4, 3]], // ×4: the canvas shows world x ±25, y ±12.5
    [{ x: 0, y: 0, zoom: 0.5 }, [1, 4, 3, 0, 2]],
  ] as const)('view %j: %j', (view, order) => {
    const seen: number[] = []
    let at = -1
    for (let k = 0; k < order.length; k++) {
      const s = stepCursor(SWARM, view, FRAME, at, 1)!
      expect(s.total).toBe(order.length)
      expect(s.rank).toBe(k + 1)
      seen.push((at = s.index))
    }
    expect(seen).toEqual(order)
  })

  it.each([
    // a panel over the canvas's lower part (below y 55: #1 is drawn at y 60) hides #1
    [1, 4, 1],
    [4, 3, 2],
    [0, 4, 1],
  ] as const)('under a panel: from #%i → #%i, %i of 3', (from, to, rank) => {
    const dock = (_x: number, y: number) => y <= 55
    expect(stepCursor(SWARM, HOME, FRAME, from, 1, dock)).toEqual({ index: to, rank, total: 3 })
  })

  it.each([
    ['no agents', agents([])],
    ['none in view', agents([[500, 500]])],
  ])('%s: null', (_, b) => {
    expect(stepCursor(b, HOME, FRAME, -1, 1)).toBeNull()
  })

  it('one agent in view: every step stays on it', () => {
    const b = agents([[5, 5]])
    expect(stepCursor(b, HOME, FRAME, 0, 1)).toEqual({ index: 0, rank: 1, total: 1 })
    expect(stepCursor(b, HOME, FRAME, 0, -1)).toEqual({ index: 0, rank: 1, total: 1 })
  })

  it('stepping on from where an agent is now: the order is taken at each step', () => {
    const b = agents([
      [10, 0],
      [20, 0],
      [30, 0],
    ])
    expect(stepCursor(b, HOME, FRAME, 0, 1)!.index).toBe(1)
    // #0 has moved out past #2: from #0, the next is none farther, so it wraps to the nearest (#1)
    ;(b.x as Float32Array)[0] = 40
    expect(stepCursor(b, HOME, FRAME, 0, 1)).toEqual({ index: 1, rank: 1, total: 3 })
  })
})

describe('cursorAnnouncement', () => {
  it.each([
    [
      { id: '7f3a1xyz', type: 'analyzer', status: 'active' },
      3,
      41,
      'Agent 7F3A1, analyzer, active, 3 of 41 in view',
    ],
    [
      { id: 'abcdefgh', type: 'collector', status: 'idle', failing: true },
      1,
      1,
      'Agent ABCDE, collector, failing, 1 of 1 in view',
    ],
  ])('%j, %i of %i', (agent, rank, total, text) => {
    expect(cursorAnnouncement(agent, rank, total)).toBe(text)
  })
})
