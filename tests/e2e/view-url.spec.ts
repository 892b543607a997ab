/**
 * The view in the URL (issue 32): Swarm Core opens at the URL's camera and agent, the URL follows
 * pans, zooms and the selection (replaceState, after the view settles), and Copy link puts that
 * same URL on the clipboard. Runs on both feeds (playwright.config.ts live-feed project): the agent
 * in the link is one the displayed swarm of this run has. The camera is read from the test hook
 * (window.__vposSwarm, `?e2e=1`); pans, zooms and the copy are real input.
 */
import { type Page, expect, test } from '@playwright/test'
import { DESKTOP, PHONE, SEED, dialog, feedSource, open, openCanvasPoint } from './swarmFixtures'

const BASE = `/?boot=0&seed=${SEED}&paused=1&feed=sim&e2e=1`
const TABLET = { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true }
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] }

const cameraOf = (page: Page) =>
  page.evaluate(() => {
    const { x, y, zoom } = window.__vposSwarm!.camera
    return { x, y, zoom }
  })

/** The URL's view parameters, and whether the others (seed, pause, feed) are still there. */
function viewOf(url: string) {
  const q = new URL(url).searchParams
  return {
    x: q.get('x'),
    y: q.get('y'),
    zoom: q.get('zoom'),
    agent: q.get('agent'),
    kept:
      q.get('seed') === String(SEED) && q.get('paused') === '1' && q.get('feed') === feedSource(),
  }
}

/** The URL as the camera is now, rounded the way the page writes it. */
async function expectUrlFollowsCamera(page: Page) {
  await expect
    .poll(async () => {
      const c = await cameraOf(page)
      const v = viewOf(page.url())
      return (
        Number(v.x ?? 0) === Math.round(c.x * 10) / 10 &&
        Number(v.y ?? 0) === Math.round(c.y * 10) / 10 &&
        Number(v.zoom ?? 1) === Math.round(c.zoom * 100) / 100 &&
        v.kept
      )
    })
    .toBe(true)
}

/**
 * Opens a Swarm Core link on this run's feed. Not swarmFixtures' open: with an agent in the link
 * its detail dialog opens and hides the panels that open() waits for.
 */
async function openLink(page: Page, path: string) {
  await page.goto(feedSource() === 'live' ? path.replace('feed=sim', 'feed=live') : path)
  await page.waitForFunction(() => window.__vposSwarm !== undefined)
}

/** An agent of the swarm this run displays (the server's on the live feed). */
async function someAgent(page: Page): Promise<string> {
  await open(page, BASE)
  return page.evaluate(() => window.__vposSwarm!.display.buffers.ids[3]!)
}

for (const [size, options] of [
  ['desktop', DESKTOP],
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test.describe(`the view in the URL (${size})`, () => {
    test.use({ ...options, ...CLIPBOARD })

    test(`opens at the URL's view and agent; the URL follows; Copy link copies it (${size})`, async ({
      page,
    }) => {
      test.setTimeout(120_000)
      const id = await someAgent(page)
      const historyLength = await page.evaluate(() => history.length)
      await openLink(page, `${BASE}&x=120.5&y=-40&zoom=2.25&agent=${id}`)

      // the camera starts at the URL's view; the agent's detail is open as after a click
      await expect.poll(() => cameraOf(page)).toEqual({ x: 120.5, y: -40, zoom: 2.25 })
      await expect(page.locator('html')).toHaveAttribute('data-selected-agent', id)
      await expect(dialog(page).getByRole('heading', { level: 2 })).toContainText(
        id.slice(0, 5).toUpperCase(),
      )
      expect(viewOf(page.url())).toEqual({
        x: '120.5',
        y: '-40',
        zoom: '2.25',
        agent: id,
        kept: true,
      })

      // closing the detail takes the agent out of the URL
      await page.keyboard.press('Escape')
      await expect(dialog(page)).toHaveCount(0)
      await expect.poll(() => viewOf(page.url()).agent).toBeNull()

      // zoom buttons: the URL follows
      await page.getByRole('button', { name: 'Zoom in' }).click()
      await expect.poll(() => viewOf(page.url()).zoom).toBe('2.5')
      expect(viewOf(page.url())).toMatchObject({ x: '120.5', y: '-40', kept: true })

      if (size === 'desktop') {
        // wheel toward a point off centre (pans too), then a drag
        const at = await openCanvasPoint(page)
        // (on a loaded machine a notch can land before the canvas takes wheels again after the
        // dialog: the notch is sent again until the camera moves)
        await expect(async () => {
          await page.mouse.move(at.x, at.y)
          await page.mouse.wheel(0, 100)
          await expect
            .poll(async () => (await cameraOf(page)).zoom, { timeout: 2_000 })
            .toBeLessThan(2.5)
        }).toPass({ timeout: 20_000 })
        await expectUrlFollowsCamera(page)
        await page.mouse.down()
        await page.mouse.move(at.x - 150, at.y + 90, { steps: 8 })
        await page.mouse.up()
        await expectUrlFollowsCamera(page)
        expect(viewOf(page.url()).x).not.toBe('120.5')
      }
      // replaceState only: the visit is still one history entry
      expect(await page.evaluate(() => history.length)).toBe(historyLength + 1)

      // Copy link: keyboard reachable, named, confirms, and copies the URL on screen
      const copy = page.getByRole('button', { name: 'Copy link to this view' })
      await copy.focus()
      await page.keyboard.press('Enter')
      await expect(copy).toHaveText('COPIED')
      const copied = await page.evaluate(() => navigator.clipboard.readText())
      await expectUrlFollowsCamera(page)
      expect(copied).toBe(page.url())
      expect(copied.length).toBeLessThanOrEqual(2048)
      if (size === 'desktop') {
        await page.screenshot({ path: `/tmp/viewurl-overlay-${feedSource()}.png` })
      }

      // the copied link opens the same view
      await openLink(page, copied.replace(/^https?:\/\/[^/]+/, ''))
      const c = viewOf(copied)
      await expect
        .poll(() => cameraOf(page))
        .toEqual({ x: Number(c.x ?? 0), y: Number(c.y ?? 0), zoom: Number(c.zoom ?? 1) })
    })
  })
}

test.describe('the view in the URL: bad values', () => {
  test.use({ ...DESKTOP, ...CLIPBOARD })

  test('are ignored with one note each naming the parameter, never a blank page', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    const notes: string[] = []
    page.on('console', (m) => {
      if (m.text().startsWith('[view]')) notes.push(m.text())
    })
    await openLink(page, `${BASE}&x=abc&y=12&zoom=9&agent=zzzzzzzz`)
    await expect.poll(() => cameraOf(page)).toEqual({ x: 0, y: 12, zoom: 5 })
    await expect(page.getByRole('region', { name: 'Activity Console' })).toBeVisible()
    await expect.poll(() => notes.length, { timeout: 15_000 }).toBe(2)
    expect(notes[0]).toMatch(/\?x=abc .*; \?zoom=9 .*clamped/)
    expect(notes[1]).toMatch(/\?agent=zzzzzzzz: no such agent/)
    await expect(page.locator('html')).toHaveAttribute('data-selected-agent', '')
    await expect
      .poll(() => viewOf(page.url()))
      .toEqual({
        x: '0', // written beside y
        y: '12',
        zoom: '5',
        agent: null,
        kept: true,
      })
  })

  test('a refused clipboard says so', async ({ page }) => {
    await open(page, BASE)
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied'))
      document.execCommand = () => false
    })
    const copy = page.getByRole('button', { name: 'Copy link to this view' })
    await copy.click()
    await expect(copy).toHaveText('FAILED')
    // exact: Radix also reads the toast out through a live region of its own for a moment
    await expect(page.getByText('Could not copy the link', { exact: true })).toBeVisible()
    await expect(
      page.getByText(
        'The browser refused the clipboard. Copy the address bar instead: it holds the same view.',
        { exact: true },
      ),
    ).toBeVisible()
  })
})
