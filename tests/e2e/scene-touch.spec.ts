import { expect, test, type CDPSession } from '@playwright/test'
import { screenToWorld, worldToScreen } from '../../src/scene/camera/camera'
import { nearestAgentAt } from '../../src/scene/picking/nearest'
import {
  HOME,
  agents,
  cameraOf,
  findPoints,
  onCanvas,
  openScene,
  viewFrame,
  within,
} from './sceneFixtures'

/**
 * The swarm scene on a touch tablet (issue 4; ARCHITECTURE.md "Picking"): one-finger pan,
 * two-finger pinch, double-tap zoom and tap picking with the touch threshold, through real touch
 * events. The desktop camera, picking and visual snapshots are in scene.spec.ts; shared set-up:
 * sceneFixtures.ts.
 */

test.describe('swarm scene (tablet, touch)', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true })

  let cdp: CDPSession
  let clock = 0
  /**
   * A real touch event through the browser's input pipeline. Events carry their own timestamps,
   * 16 ms apart, as a person's fingers would: on a loaded machine the CDP round trips alone can
   * take longer than the 200 ms tap window.
   */
  const touch = (
    type: 'touchStart' | 'touchMove' | 'touchEnd',
    points: { x: number; y: number }[],
  ) => {
    clock = type === 'touchStart' ? Math.max(clock + 0.016, Date.now() / 1000) : clock + 0.016
    return cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
      timestamp: clock,
    })
  }

  test.beforeEach(async ({ page }) => {
    cdp = await page.context().newCDPSession(page)
  })

  test('one finger pans', async ({ page }) => {
    await openScene(page)
    const [p] = await findPoints(
      page,
      (x, y, f) => within(x, y, f, 'touch').length === 0 && Math.abs(x - f.width / 2) < 150,
    )
    await touch('touchStart', [p!])
    for (let k = 1; k <= 6; k++) await touch('touchMove', [{ x: p!.x - 15 * k, y: p!.y + 10 * k }])
    await touch('touchEnd', [])
    await expect.poll(() => cameraOf(page)).toEqual({ x: 90, y: -60, zoom: 1 })
    await expect(page.locator('html')).toHaveAttribute('data-selected-agent', '')
  })

  test('two fingers pinch-zoom around their midpoint and pan with it', async ({ page }) => {
    await openScene(page)
    const frame = await viewFrame(page)
    const mid = { x: frame.width / 2, y: frame.height / 2 + 40 }
    const anchor = screenToWorld(HOME, frame, mid.x, mid.y)
    const [a, b] = [
      { x: mid.x - 50, y: mid.y },
      { x: mid.x + 50, y: mid.y },
    ]
    expect(await onCanvas(page, [a, b])).toEqual([true, true])
    await touch('touchStart', [a, b])
    // spread to 250 px apart (×2.5) while the midpoint moves 30 px right and 20 px up
    for (let k = 1; k <= 10; k++) {
      const half = 50 + 7.5 * k
      const m = { x: mid.x + 3 * k, y: mid.y - 2 * k }
      await touch('touchMove', [
        { x: m.x - half, y: m.y },
        { x: m.x + half, y: m.y },
      ])
    }
    await touch('touchEnd', [])
    await expect.poll(async () => (await cameraOf(page)).zoom).toBeCloseTo(2.5, 5)
    const under = screenToWorld(await cameraOf(page), frame, mid.x + 30, mid.y - 20)
    expect(under.x).toBeCloseTo(anchor.x, 2)
    expect(under.y).toBeCloseTo(anchor.y, 2)
    await expect(page.locator('html')).toHaveAttribute('data-selected-agent', '')
  })

  test('double-tap zooms in ×2 at the tap point', async ({ page }) => {
    await openScene(page)
    const [p] = await findPoints(
      page,
      (x, y, f) => within(x, y, f, 'touch').length === 0 && Math.abs(x - f.width / 2) > 100,
    )
    const frame = await viewFrame(page)
    const second = { x: p!.x + 4, y: p!.y - 3 }
    const anchor = screenToWorld(HOME, frame, second.x, second.y)
    // GOTCHA: the taps carry their own timestamps 120 ms apart; CDP round trips on a loaded
    // machine can take longer than the 300 ms double-tap window.
    const at = (type: 'touchStart' | 'touchEnd', q: { x: number; y: number } | null, t: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: q ? [{ id: 0, x: q.x, y: q.y }] : [],
        timestamp: t,
      })
    const t0 = Math.max(clock + 0.016, Date.now() / 1000)
    await at('touchStart', p!, t0)
    await at('touchEnd', null, t0 + 0.05)
    await at('touchStart', second, t0 + 0.12)
    await at('touchEnd', null, t0 + 0.17)
    clock = t0 + 0.17
    await expect.poll(async () => (await cameraOf(page)).zoom).toBe(2)
    // the world point under the second tap stays under it
    const now = worldToScreen(await cameraOf(page), frame, anchor.x, anchor.y)
    expect(now.x).toBeCloseTo(second.x, 0)
    expect(now.y).toBeCloseTo(second.y, 0)
    await expect(page.locator('html')).toHaveAttribute('data-selected-agent', '')
  })

  test('a two-finger pinch never selects, whichever finger lifts first', async ({ page }) => {
    await openScene(page)
    // both fingers right on agents (a tap there would select)
    const spots = await findPoints(page, (x, y, f) => within(x, y, f, 'touch').length === 1, 7)
    const a = spots[0]!
    const b = spots.find((q) => Math.hypot(q.x - a.x, q.y - a.y) > 120)!
    // Fingers with fixed ids (CDP releases a finger missing from the next event's list).
    const fingers = (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      pts: [number, { x: number; y: number }][],
    ) => {
      clock += 0.016
      return cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: pts.map(([id, p]) => ({ id, x: p.x, y: p.y })),
        timestamp: clock,
      })
    }
    clock = Math.max(clock, Date.now() / 1000)
    for (const lift of [0, 1]) {
      const stay = 1 - lift
      const at = [a, b]
      await fingers('touchStart', [[0, a]])
      await fingers('touchStart', [
        [0, a],
        [1, b],
      ])
      await fingers('touchMove', [
        [0, a],
        [1, { x: b.x + 2, y: b.y + 1 }],
      ])
      at[1] = { x: b.x + 2, y: b.y + 1 }
      await fingers('touchMove', [[stay, at[stay]!]]) // one finger lifts…
      await fingers('touchEnd', []) // …then the other, quickly, where it went down
      await page.waitForTimeout(500)
      await expect(page.locator('html')).toHaveAttribute('data-selected-agent', '')
    }
  })

  test('a tap selects with the touch threshold, max(size × 8, 25) px', async ({ page }) => {
    await openScene(page)
    // beyond every mouse threshold but within a touch one
    const spots = await findPoints(
      page,
      (x, y, f) => within(x, y, f, 'mouse').length === 0 && within(x, y, f, 'touch').length === 1,
      5,
    )
    expect(spots.length).toBeGreaterThan(0)
    const p = spots[Math.floor(spots.length / 2)]!
    const frame = await viewFrame(page)
    const want = nearestAgentAt(agents, HOME, frame, p.x, p.y, 'touch')
    expect(want).toBeGreaterThanOrEqual(0)
    await touch('touchStart', [p])
    await touch('touchEnd', [])
    await expect(page.locator('html')).toHaveAttribute('data-selected-agent', agents.ids[want]!)
  })
})
