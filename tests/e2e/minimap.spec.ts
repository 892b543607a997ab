/**
 * The overview minimap on Swarm Core (issue 32): a press, a tap or a drag on the map moves the
 * camera's centre to that point of the world; the view rectangle sits where the camera looks and is
 * as large as the view; the arrow keys move the camera and Home recentres it; the map collapses and
 * comes back (desktop: the panel's button; phones and portrait tablets: the dock's MAP button, with
 * the dock open or folded). Desktop, portrait tablet and phone, on both feeds (playwright.config.ts
 * live-feed project). The camera and the world are read from the test hook (window.__vposSwarm);
 * every move is real mouse, touch or keyboard input.
 */
import AxeBuilder from '@axe-core/playwright'
import { type Locator, type Page, expect, test } from '@playwright/test'
import { DESKTOP, PHONE, feedSource, open } from './swarmFixtures'

const TABLET = {
  viewport: { width: 820, height: 1180 },
  isMobile: true,
  hasTouch: true,
  timezoneId: 'UTC',
}

const minimap = (page: Page) => page.getByRole('application', { name: 'Overview map' })

/** The camera and the displayed world (camera x, y: the view's centre minus the world's centre). */
const viewOf = (page: Page) =>
  page.evaluate(() => {
    const h = window.__vposSwarm!
    return {
      x: h.camera.x,
      y: h.camera.y,
      zoom: h.camera.zoom,
      width: h.swarm.world.width,
      height: h.swarm.world.height,
    }
  })

/** The scene drew with WebGL, and the map shows a census (its heat image has been drawn). */
async function openMap(page: Page, touch: boolean) {
  await open(page)
  await expect(page.getByTestId('swarm-canvas')).toHaveAttribute('data-webgl', /^webgl2?$/)
  if (touch) {
    const show = page.getByRole('button', { name: 'Show map' })
    await expect(show).toHaveAttribute('aria-expanded', 'false')
    await show.tap()
    await expect(page.getByRole('button', { name: 'Hide map' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  }
  await expect(minimap(page)).toBeVisible()
  await expect
    .poll(async () => Number(await page.getByTestId('minimap-heat').getAttribute('data-census')))
    .toBeGreaterThan(0)
}

/** The world point at fraction (fx, fy) of the map, as a camera pan, and the page point there. */
async function mapPoint(map: Locator, page: Page, fx: number, fy: number) {
  const box = (await map.boundingBox())!
  const v = await viewOf(page)
  const clamp = (f: number) => Math.max(0, Math.min(1, f))
  return {
    page: { x: box.x + fx * box.width, y: box.y + fy * box.height },
    pan: { x: (clamp(fx) - 0.5) * v.width, y: (clamp(fy) - 0.5) * v.height },
    /** two census cells (128 along the world's longer side), in world units */
    tolerance: (2 * Math.max(v.width, v.height)) / 128,
  }
}

async function expectCameraNear(page: Page, pan: { x: number; y: number }, tolerance: number) {
  await expect
    .poll(async () => {
      const c = await viewOf(page)
      return Math.max(Math.abs(c.x - pan.x), Math.abs(c.y - pan.y))
    })
    .toBeLessThan(tolerance)
}

/**
 * The rectangle is the part of the world the view shows (canvas = viewport, size / zoom world
 * units around the camera's centre), clipped to the map.
 */
async function expectRectMatchesCamera(page: Page) {
  const box = (await minimap(page).boundingBox())!
  const rect = (await page.getByTestId('minimap-view').boundingBox())!
  const v = await viewOf(page)
  const vp = page.viewportSize()!
  const span = (centre: number, half: number, world: number, at: number, size: number) => {
    const k = size / world
    const lo = at + Math.max(0, Math.min(world, centre - half)) * k
    const hi = at + Math.max(0, Math.min(world, centre + half)) * k
    return [lo, hi]
  }
  const [left, right] = span(v.width / 2 + v.x, vp.width / 2 / v.zoom, v.width, box.x, box.width)
  const [top, bottom] = span(
    v.height / 2 + v.y,
    vp.height / 2 / v.zoom,
    v.height,
    box.y,
    box.height,
  )
  const got = [rect.x, rect.x + rect.width, rect.y, rect.y + rect.height]
  const want = [left!, right!, top!, bottom!]
  for (const [i, w] of want.entries()) expect(Math.abs(got[i]! - w)).toBeLessThan(1.5)
}

/** A one-finger drag through `points` (CDP touch events, 16 ms apart). */
async function touchDrag(page: Page, points: { x: number; y: number }[]) {
  const cdp = await page.context().newCDPSession(page)
  let t = Date.now() / 1000
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', p: { x: number; y: number }[]) => {
    t += 0.016
    return cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: p.map((q) => ({ id: 0, x: q.x, y: q.y })),
      timestamp: t,
    })
  }
  await send('touchStart', [points[0]!])
  for (const p of points.slice(1)) await send('touchMove', [p])
  return { end: () => send('touchEnd', []), detach: () => cdp.detach() }
}

for (const [size, options, touch] of [
  ['desktop', DESKTOP, false],
  ['tablet', TABLET, true],
  ['phone', PHONE, true],
] as const) {
  test.describe(`Swarm Core minimap (${size})`, () => {
    test.use(options)

    test(`a ${touch ? 'tap' : 'click'} moves the camera there; the rectangle is the view (${size})`, async ({
      page,
    }) => {
      await openMap(page, touch)
      // zoom 2 (the zoom-in button, four steps of 0.25) keeps the view inside the world below
      for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom in' }).click()
      await expect.poll(async () => (await viewOf(page)).zoom).toBe(2)
      const to = await mapPoint(minimap(page), page, 0.4, 0.6)
      if (touch) await page.touchscreen.tap(to.page.x, to.page.y)
      else await page.mouse.click(to.page.x, to.page.y)
      await expectCameraNear(page, to.pan, to.tolerance)
      expect((await viewOf(page)).zoom).toBe(2)
      await expectRectMatchesCamera(page)
      // the map and its button are labelled, described and readable (axe)
      const scan = await new AxeBuilder({ page }).include('[data-testid="minimap-panel"]').analyze()
      expect(scan.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
      await page.screenshot({ path: `/tmp/minimap-${size}-${feedSource()}.png` })
    })

    test(`dragging on the map moves the camera along (${size})`, async ({ page }) => {
      await openMap(page, touch)
      const map = minimap(page)
      // up and to the right; on desktop the last point is beyond the map's top-right corner
      const steps = [0.2, 0.3, 0.45, 0.6, 0.75, ...(touch ? [] : [1.1])]
      const points = await Promise.all(steps.map((f) => mapPoint(map, page, f, 1 - f)))
      const last = points[points.length - 1]!
      if (touch) {
        const drag = await touchDrag(
          page,
          points.slice(0, 3).map((p) => p.page),
        )
        // mid-drag, the finger still down: the camera is under it
        await expectCameraNear(page, points[2]!.pan, points[2]!.tolerance)
        await drag.end()
        await drag.detach()
        const rest = await touchDrag(page, [points[3]!.page, points[4]!.page])
        await rest.end()
        await rest.detach()
      } else {
        await page.mouse.move(points[0]!.page.x, points[0]!.page.y)
        await page.mouse.down()
        for (const p of points.slice(1, 3)) await page.mouse.move(p.page.x, p.page.y, { steps: 3 })
        await expectCameraNear(page, points[2]!.pan, points[2]!.tolerance)
        // the pointer is captured: past the map's edge the view still follows, to the world's corner
        for (const p of points.slice(3)) await page.mouse.move(p.page.x, p.page.y, { steps: 3 })
        await page.mouse.up()
      }
      await expectCameraNear(page, last.pan, last.tolerance)
      if (touch) await expectRectMatchesCamera(page)
    })

    test(`the arrow keys move the camera, Home recentres (${size})`, async ({ page }) => {
      await openMap(page, touch)
      await minimap(page).focus()
      await expect(minimap(page)).toBeFocused()
      const start = await viewOf(page)
      const step = Math.max(start.width, start.height) / 32
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowDown')
      await expectCameraNear(page, { x: start.x + step, y: start.y + step }, 0.01)
      await page.keyboard.press('Shift+ArrowLeft')
      await expectCameraNear(page, { x: start.x - 3 * step, y: start.y + step }, 0.01)
      await expectRectMatchesCamera(page)
      await page.keyboard.press('Home')
      await expectCameraNear(page, { x: 0, y: 0 }, 0.01)
    })

    test(`the map collapses and comes back (${size})`, async ({ page }) => {
      await openMap(page, touch)
      if (touch) {
        await page.getByRole('button', { name: 'Hide map' }).tap()
        await expect(minimap(page)).toHaveCount(0)
        // with the dock folded the MAP button still shows it, above the folded dock
        await page.getByRole('button', { name: 'Hide panels' }).tap()
        await page.getByRole('button', { name: 'Show map' }).tap()
        await expect(minimap(page)).toBeVisible()
        const map = (await minimap(page).boundingBox())!
        const dock = (await page.getByRole('region', { name: 'Swarm panels' }).boundingBox())!
        expect(map.y + map.height).toBeLessThanOrEqual(dock.y)
        const to = await mapPoint(minimap(page), page, 0.7, 0.3)
        await page.touchscreen.tap(to.page.x, to.page.y)
        await expectCameraNear(page, to.pan, to.tolerance)
      } else {
        const collapse = page.getByRole('button', { name: 'Collapse overview' })
        await expect(collapse).toHaveAttribute('aria-expanded', 'true')
        await collapse.click()
        await expect(minimap(page)).toHaveCount(0)
        const expand = page.getByRole('button', { name: 'Expand overview' })
        await expect(expand).toHaveAttribute('aria-expanded', 'false')
        // remembered for the session
        await page.reload()
        await expect(page.getByRole('button', { name: 'Expand overview' })).toBeVisible()
        await page.getByRole('button', { name: 'Expand overview' }).click()
        await expect(minimap(page)).toBeVisible()
      }
    })
  })
}

test.describe('Swarm Core minimap at 100,000 agents', () => {
  test.use(DESKTOP)

  test('the census comes from the worker and a click still moves the camera there', async ({
    page,
  }) => {
    test.skip(feedSource() === 'live', 'the server sets the live swarm’s size')
    await open(page, '/?boot=0&seed=11&paused=1&feed=sim&e2e=1&agents=100000')
    await expect(page.getByTestId('minimap-caption')).toContainText('100,000 agents', {
      timeout: 30_000,
    })
    const to = await mapPoint(minimap(page), page, 0.15, 0.85)
    await page.mouse.click(to.page.x, to.page.y)
    await expectCameraNear(page, to.pan, to.tolerance)
    await expectRectMatchesCamera(page)
  })
})
