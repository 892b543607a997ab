import { describe, expect, it } from 'vitest'
import {
  HOVER_PICK_INTERVAL_MS,
  HOVER_REFRESH_MS,
  cancelHover,
  createPickRequests,
  hoverDue,
  requestClick,
  requestHover,
} from './pickRequests'

describe('pick requests', () => {
  it('no hover pick before the pointer is over the canvas', () => {
    expect(hoverDue(createPickRequests(), 1e9)).toBe(false)
  })

  it.each([
    // [ms since the last hover pick, pointer moved?, due?]
    [0, true, false],
    [HOVER_PICK_INTERVAL_MS - 1, true, false],
    [HOVER_PICK_INTERVAL_MS, true, true],
    [HOVER_PICK_INTERVAL_MS, false, false],
    [HOVER_REFRESH_MS - 1, false, false],
    [HOVER_REFRESH_MS, false, true],
  ])('%d ms after the last pick, moved=%s → due=%s', (since, moved, due) => {
    const r = createPickRequests()
    requestHover(r, 10, 20, 110, 120)
    r.lastHoverPickAt = 1000
    r.hoverDirty = moved
    expect(hoverDue(r, 1000 + since)).toBe(due)
  })

  it('cancelling the hover stops hover picks; a click is kept with its pointer kind', () => {
    const r = createPickRequests()
    requestHover(r, 1, 2, 3, 4)
    cancelHover(r)
    expect(hoverDue(r, 1e9)).toBe(false)
    requestClick(r, 5, 6, 7, 8, 'touch')
    expect(r.clickPending).toBe(true)
    expect(r.click).toEqual({ x: 5, y: 6, clientX: 7, clientY: 8, kind: 'touch' })
  })
})
