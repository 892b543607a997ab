import { describe, expect, it } from 'vitest'
import type { ViewFrame } from '../camera/camera'
import { nearestAgentAt, type PickableAgents } from './nearest'

const frame: ViewFrame = { width: 800, height: 600, originX: 400, originY: 300 }
const agents: PickableAgents = {
  count: 4,
  x: [400, 420, 100, 700],
  y: [300, 300, 100, 500],
  size: [2, 5, 3, 2],
}

describe('nearestAgentAt', () => {
  it.each([
    // [view, point, kind, want]
    [{ x: 0, y: 0, zoom: 1 }, 400, 300, 'mouse', 0], // on agent 0
    [{ x: 0, y: 0, zoom: 1 }, 412, 300, 'mouse', 1], // nearer agent 1 (8 px) than agent 0 (12 px)
    [{ x: 0, y: 0, zoom: 1 }, 410, 300, 'mouse', 0], // equidistant: lower index
    [{ x: 0, y: 0, zoom: 1 }, 100, 116, 'mouse', -1], // 16 px from agent 2: beyond max(15, 15)
    [{ x: 0, y: 0, zoom: 1 }, 100, 116, 'touch', 2], // within max(24, 25)
    [{ x: 0, y: 0, zoom: 1 }, 250, 250, 'mouse', -1], // beside everything
    [{ x: 0, y: 0, zoom: 2 }, 400, 300, 'mouse', 0],
    [{ x: 0, y: 0, zoom: 2 }, 440, 300, 'mouse', 1], // zoom doubles screen distances
    [{ x: 300, y: 200, zoom: 1 }, 400, 300, 'mouse', 3], // panned so agent 3 is centred
  ] as const)('view %o at (%d, %d) by %s → %d', (view, sx, sy, kind, want) => {
    expect(nearestAgentAt(agents, view, frame, sx, sy, kind)).toBe(want)
  })
})
