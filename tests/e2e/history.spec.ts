/**
 * The shared swarm remembers (issue 33), on the server's live feed (playwright.config.ts live-feed
 * project only): scrub the timeline back and see that moment's agents and readings, share the
 * moment and open the link in a second browser context (the same agents at the same positions,
 * paused, with Go live), and Go live returns to the feed. Desktop and phone sizes.
 *
 * What a viewer saw live is recorded by a second viewer beside the browser: a feed socket opened
 * from the test itself, noting each positions frame as it arrives. (The page's own drawing, read
 * through the test hook, is not a fair record on this machine: software WebGL on two shared cores
 * draws a frame a second or slower, so what it drew lags the feed by a varying second or two.)
 * The moment is found on the timeline with real input (a mouse drag on the desktop, a tap on the
 * phone). The scrub goes BACK_S (60 s, the figure) back: the test's own feed socket watches
 * that long first. The two sizes share that viewer, so only the first test waits the minute (each
 * waited its own: two minutes and a half of the browser suite).
 */
import { type Browser, type Page, expect, test } from '@playwright/test'
import WebSocket from 'ws'
import { DESKTOP, PHONE } from './swarmFixtures'

const LIVE = '/?boot=0&feed=live&e2e=1'
const BACK_S = 60
/** Agents compared (the first of the state's order). */
const N = 12
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] }

test.skip(
  () => test.info().project.metadata?.feed !== 'live',
  'the live history is the server feed’s',
)

interface Sample {
  t: number
  ids: string[]
  x: number[]
  y: number[]
}

/**
 * A viewer of the live feed beside the browser: every positions frame (type 1 or packed type 8)
 * with its arrival time and the first N agents of the last state's order.
 */
function recordFeed(baseURL: string) {
  const samples: Sample[] = []
  let ids: string[] = []
  const ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/ws?positions=f32`)
  ws.on('message', (data: Buffer) => {
    const t = Date.now()
    if (data[0] === 0) {
      const st = JSON.parse(data.subarray(1).toString('utf8')) as { agents: { id: string }[] }
      ids = st.agents.slice(0, N).map((a) => a.id)
    } else if (data[0] === 8 && ids.length > 0) {
      const count = data.readUInt32LE(4)
      const x: number[] = []
      const y: number[] = []
      for (let i = 0; i < ids.length; i++) {
        x.push(data.readFloatLE(8 + 4 * i))
        y.push(data.readFloatLE(8 + 4 * (count + i)))
      }
      samples.push({ t, ids, x, y })
    }
  })
  return { samples, since: Date.now(), close: () => ws.close() }
}

/** The viewer beside the browser, shared by the tests of this file (one per worker). */
let viewer: ReturnType<typeof recordFeed> | undefined
test.afterAll(() => {
  viewer?.close()
  viewer = undefined
})

/** Opens the live swarm. */
async function watchLive(page: Page) {
  await page.goto(LIVE)
  await page.waitForFunction(() => window.__vposSwarm?.swarm.source === 'live')
}

/** The moment shown and its first N agents, once the history has it on screen. */
async function shownMoment(page: Page) {
  await page.waitForFunction(() => {
    const hook = window.__vposSwarm
    const h = hook?.swarm.history
    return h !== undefined && h.active && !h.loading && hook!.display.buffers.count > 0
  })
  return page.evaluate((n) => {
    const b = window.__vposSwarm!.display.buffers
    return {
      at: window.__vposSwarm!.swarm.history.at,
      ids: Array.from(b.ids.slice(0, n)),
      x: Array.from(b.x.slice(0, n)),
      y: Array.from(b.y.slice(0, n)),
      count: b.count,
    }
  }, N)
}

/** The slider's x for the moment `at` (its aria range is the track's span). */
async function trackPoint(page: Page, at: number) {
  const slider = page.getByRole('slider', { name: 'Moment of the live swarm' })
  const box = (await slider.boundingBox())!
  const min = Number(await slider.getAttribute('aria-valuemin'))
  const max = Number(await slider.getAttribute('aria-valuemax'))
  return { x: box.x + ((at - min) / (max - min)) * box.width, y: box.y + box.height / 2, box }
}

/**
 * The moment's agents are where the live feed had them then: a paused moment shows them eased
 * from one frame toward the next, so each agent lies within a few world units of a frame that
 * arrived within NEAR_MS of it (agents move about 30 units a second; a wrong moment or wrong agents
 * are hundreds of units off).
 */
const NEAR_MS = 400
const NEAR = 8
function expectSeenLive(samples: Sample[], m: Awaited<ReturnType<typeof shownMoment>>) {
  const near = samples.filter((s) => Math.abs(s.t - m.at) <= NEAR_MS)
  expect(near.length, `${samples.length} frames recorded`).toBeGreaterThan(3)
  expect(near[0]!.ids).toEqual(m.ids)
  let close = 0
  for (let i = 0; i < m.ids.length; i++) {
    const d = Math.min(...near.map((s) => Math.hypot(s.x[i]! - m.x[i]!, s.y[i]! - m.y[i]!)))
    if (d <= NEAR) close++
  }
  const dbg = near.map((s) => [s.t - m.at, Math.round(s.x[0]!)])
  expect(
    close,
    `agents where the live feed had them (at ${m.at}, x0 ${m.x[0]}; frames ${JSON.stringify(dbg)})`,
  ).toBeGreaterThanOrEqual(Math.ceil(m.ids.length * 0.9))
}

async function openShared(browser: Browser, href: string, options: object) {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await page.goto(href)
  return { context, page }
}

for (const [size, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`live history (${size})`, () => {
    test.use({ ...options, ...CLIPBOARD })

    test('scrub back, share the moment, Go live', async ({ page, browser, baseURL }) => {
      test.setTimeout(150_000)
      const feed = (viewer ??= recordFeed(baseURL!))
      await watchLive(page)
      const timeline = page.getByRole('region', { name: 'Timeline' })
      await expect(timeline).toBeVisible()
      await expect(page.getByText('LIVE', { exact: true }).first()).toBeVisible()
      // the viewer has watched BACK_S seconds and a little more (the first test waits for it)
      await page.waitForTimeout(Math.max(0, feed.since + (BACK_S + 2) * 1000 - Date.now()))

      // drag the thumb from live back to BACK_S seconds ago
      const target = Date.now() - BACK_S * 1000
      const to = await trackPoint(page, target)
      const from = { x: to.box.x + to.box.width - 2, y: to.y }
      if (size === 'phone') {
        // a tap on the track seeks there. Once in a full suite (2 Dec, its live swarm 20 minutes
        // old) no moment opened and the test waited out its timeout; alone it passed 3 of 3. Tap
        // again, at most three times, each at the target's point on the track as laid out now.
        for (let tap = 0; tap < 3; tap++) {
          const at = tap === 0 ? to : await trackPoint(page, target)
          await page.touchscreen.tap(at.x, at.y)
          const seeking = await page
            .waitForFunction(() => window.__vposSwarm?.swarm.history.active === true, null, {
              timeout: 5_000,
            })
            .then(() => true)
            .catch(() => false)
          if (seeking) break
        }
      } else {
        await page.mouse.move(from.x, from.y)
        await page.mouse.down()
        await page.mouse.move(to.x, to.y, { steps: 8 })
        await page.mouse.up()
      }
      await page.waitForTimeout(400) // a drag's last seek lands DRAG_SEEK_MS after the last move
      const moment = await shownMoment(page)
      expect(Math.abs(moment.at - target)).toBeLessThan(4_000)
      expectSeenLive(feed.samples, moment)

      // DATA SOURCE (desktop status panel) and the timeline read the offset
      await expect(timeline.getByText(/ · −0[01]:\d\d/)).toBeVisible()
      if (size === 'desktop') {
        await expect(
          page.getByRole('region', { name: 'System Status' }).getByText(/^LIVE −0[01]:\d\d$/),
        ).toBeVisible()
      }
      const slider = page.getByRole('slider', { name: 'Moment of the live swarm' })
      await expect(slider).toHaveAttribute('aria-valuetext', /behind live$/)
      // the keyboard steps one tick
      await slider.focus()
      await page.keyboard.press('ArrowLeft')
      await expect
        .poll(() => page.evaluate(() => window.__vposSwarm!.swarm.history.at))
        .toBe(moment.at - 100)
      await page.keyboard.press('ArrowRight')
      await expect
        .poll(() => page.evaluate(() => window.__vposSwarm!.swarm.history.at))
        .toBe(moment.at)
      const still = await shownMoment(page)

      // Share moment → the link opened in a second browser shows the same agents, same places
      await page.getByRole('button', { name: 'Share moment' }).click()
      await expect(page.getByRole('button', { name: 'Share moment' })).toHaveText('COPIED')
      const href = await page.evaluate(() => navigator.clipboard.readText())
      expect(new URL(href).searchParams.get('at')).toBe(String(moment.at))
      const other = await openShared(browser, href, options)
      const shared = await shownMoment(other.page)
      expect(shared.at).toBe(moment.at)
      expect(shared.ids).toEqual(still.ids)
      // (a window fetched at another point eases from its own keyframe: a fraction of a unit)
      for (let i = 0; i < shared.ids.length; i++) {
        expect(Math.abs(shared.x[i]! - still.x[i]!)).toBeLessThan(1)
        expect(Math.abs(shared.y[i]! - still.y[i]!)).toBeLessThan(1)
      }
      await expect(other.page.getByRole('button', { name: 'Go live' })).toBeEnabled()
      await expect(other.page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
      await other.context.close()

      // Go live: the feed again, DATA SOURCE and the timeline say LIVE
      await page.getByRole('button', { name: 'Go live' }).click()
      await expect(page.getByRole('button', { name: 'Go live' })).toBeDisabled()
      await expect(timeline.getByText('LIVE', { exact: true })).toBeVisible()
      expect(await page.evaluate(() => window.__vposSwarm!.swarm.history.active)).toBe(false)
      await expect.poll(() => page.url()).not.toContain('at=')
    })
  })
}

test.describe('a moment link that cannot be shown', () => {
  test.use(DESKTOP)
  test('a too-old moment is ignored with a console note and one visible line', async ({ page }) => {
    const notes: string[] = []
    page.on('console', (m) => notes.push(m.text()))
    await page.goto(`${LIVE}&at=1000`)
    await expect(page.getByRole('status').filter({ hasText: 'is no longer kept' })).toBeVisible()
    expect(notes.some((n) => n.includes('[history] ?at=1000'))).toBe(true)
    await page.waitForFunction(() => window.__vposSwarm?.swarm.source === 'live')
    expect(await page.evaluate(() => window.__vposSwarm!.swarm.history.active)).toBe(false)
    await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible()
  })
})
