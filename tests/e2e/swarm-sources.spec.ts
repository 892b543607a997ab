/**
 * The defects issue 12 found in the live view, and issue 30's status words and WebGL errors after
 * source switches, each checked on BOTH sources (project chromium: the local sim; project
 * live-feed: the real server's feed — swarmFixtures.onSource).
 */
import { expect, test, type Page } from '@playwright/test'
import { PAUSED, SEED, feedSource, frozen, open, useControls } from './swarmFixtures'

const health = (page: Page, name: string) =>
  page.getByRole('region', { name: 'System Health' }).locator('dd', {
    has: page.locator(`xpath=preceding-sibling::dt[text()="${name}"]`),
  })

test.describe('one seam: what was wrong in the live view, on both sources', () => {
  test('ERROR RATE is failing / total × 100 (2 decimals), trend up above 3 failing', async ({
    page,
  }) => {
    await frozen(page)
    await expect(page.getByTestId('failing-count')).toHaveText('0')
    await expect(health(page, 'Error Rate')).toContainText('0.00%')
    for (const i of [3, 9, 17, 25, 40]) {
      await page.evaluate((i) => window.__vposSwarm!.markFailing(i), i)
    }
    await page.clock.runFor(300)
    await expect(page.getByTestId('failing-count')).toHaveText('5')
    // 5 / 146 × 100 = 3.42 %
    await expect(health(page, 'Error Rate')).toContainText('3.42%')
    await expect(health(page, 'Error Rate').getByLabel('trend rising')).toBeVisible()
  })

  test('a replayed snapshot draws only links shorter than 120 units while the swarm moves on', async ({
    page,
  }) => {
    await open(page, `/?boot=0&seed=${SEED}&feed=sim&e2e=1`)
    const panel = page.getByRole('region', { name: 'Snapshots' })
    await panel.getByRole('button', { name: 'Take snapshot' }).click()
    await panel.getByRole('button', { name: 'Replay from Snapshot 1' }).click()
    await expect(panel.getByRole('group', { name: 'Replay controls' })).toContainText(
      'REPLAY 1 / 1',
    )
    // frames of the moving source go on meanwhile (a live feed's interpolation used to write
    // into the replay's copy)
    await page.waitForTimeout(1500)
    const { longest, links } = await page.evaluate(() => {
      const { links, buffers: b } = window.__vposSwarm!.display
      let longest = 0
      for (let k = 0; k < links.count; k++) {
        const i = links.a[k]!
        const j = links.b[k]!
        longest = Math.max(longest, Math.hypot(b.x[i]! - b.x[j]!, b.y[i]! - b.y[j]!))
      }
      return { longest, links: links.count }
    })
    expect(links).toBeGreaterThan(0)
    expect(longest).toBeLessThan(120)
  })

  test('Swarm Speed stays where the visitor put it (live: read-only until forked)', async ({
    page,
  }) => {
    await open(page, PAUSED.replace('&paused=1', ''))
    const speed = page.getByRole('slider', { name: 'Swarm Speed' })
    await expect(speed).toHaveValue('5')
    await useControls(page)
    await speed.fill('8')
    await page.waitForTimeout(2000)
    await expect(speed).toHaveValue('8')
    expect(await page.evaluate(() => window.__vposSwarm!.swarm.speed)).toBe(8)
  })

  test('§8: the feed closing shows "Connection to data feed lost"; the normal banner returns with it', async ({
    page,
  }) => {
    const live = feedSource() === 'live'
    let socket: { close(o: { code: number; reason?: string }): void } | null = null
    let refuse = !live
    // What the feed did, printed when the test fails (a CI run once saw no retry within 15 s).
    const timeline: string[] = []
    const t0 = Date.now()
    const mark = (what: string) => timeline.push(`${Date.now() - t0} ms ${what}`)
    page.on('console', (m) => mark(`console ${m.type()}: ${m.text()}`))
    page.on('pageerror', (e) => mark(`pageerror: ${e.message}`))
    await page.exposeFunction('__feedMark', mark)
    await page.addInitScript(() => {
      const watch = () => {
        const d = document.documentElement
        new MutationObserver(() =>
          (window as unknown as { __feedMark(s: string): void }).__feedMark(
            `page: ${d.dataset.feed} attempts ${d.dataset.feedAttempts} source ${d.dataset.feedSource}`,
          ),
        ).observe(d, { attributes: true, attributeFilter: ['data-feed', 'data-feed-attempts'] })
      }
      if (document.documentElement) watch()
      else document.addEventListener('DOMContentLoaded', watch)
    })
    await page.routeWebSocket(/\/ws/, (ws) => {
      mark(`route: ${refuse ? 'refused' : 'to the server'}`)
      if (refuse) {
        ws.close({ code: 1011, reason: 'test: feed down' })
        return
      }
      ws.connectToServer()
      socket = ws
    })
    // the local sim: auto mode, whose feed never comes up; live: the feed, closed once open
    await open(page, live ? `/?boot=0&seed=${SEED}&feed=live&e2e=1` : `/?boot=0&seed=${SEED}&e2e=1`)
    const banner = page.getByTestId('action-text')
    if (live) {
      await expect(banner).toHaveText('SWARM ANALYZING NETWORK PATTERNS')
      refuse = true
      socket!.close({ code: 1011, reason: 'test: feed down' })
    }
    await expect(banner).toHaveText('Connection to data feed lost', { timeout: 6000 })
    // still shown a few panel syncs later (the panels' sync used to overwrite it)
    await page.waitForTimeout(1500)
    await expect(banner).toHaveText('Connection to data feed lost')
    refuse = false
    mark('test: feed back up')
    await expect(page.locator('html'))
      .toHaveAttribute('data-feed', 'open', { timeout: 20_000 })
      .catch((err: unknown) => {
        console.log(`feed timeline:\n${timeline.join('\n')}`)
        throw err
      })
    await expect(banner).toHaveText('SWARM ANALYZING NETWORK PATTERNS')
  })
})

/**
 * Issue 30, item 7 (ARCHITECTURE.md §7, "Status words"): the badge reports the feed connection and
 * nothing else, DATA SOURCE what the scene shows; the two never contradict each other. Every pair
 * the page shows is recorded as it is drawn (a MutationObserver), so a contradiction of a single
 * frame fails.
 */
test.describe('status words: the badge and DATA SOURCE never contradict each other', () => {
  /** Records each [badge, status panel's DATA SOURCE, parameter panel's] the page shows. */
  function recordWords() {
    const seen: string[][] = []
    ;(window as unknown as { __words: string[][] }).__words = seen
    const read = () => {
      const text = (sel: string) => document.querySelector(sel)?.textContent ?? ''
      const words = [
        text('[role="status"][aria-label="Data feed"]'),
        text('[data-testid="data-source"]'),
        text('[data-testid="parameter-data-source"]'),
      ]
      if (words.join('|') !== seen.at(-1)?.join('|')) seen.push(words)
    }
    const start = () =>
      new MutationObserver(read).observe(document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
      })
    if (document.documentElement) start()
    else document.addEventListener('DOMContentLoaded', start)
  }

  /** The pairs shown that contradict each other (LIVE… beside OFFLINE, reconnecting beside LIVE DATA). */
  async function contradictions(page: Page) {
    const seen = await page.evaluate(() => (window as unknown as { __words: string[][] }).__words)
    return seen.filter(([badge, ...sources]) =>
      sources.some(
        (s) =>
          (badge === 'OFFLINE' && /^LIVE/.test(s) && !s.endsWith('(reconnecting)')) ||
          (badge === 'LIVE DATA' && s.includes('reconnecting')),
      ),
    )
  }

  test('feed lost: OFFLINE and LIVE (reconnecting) within 2 s; a replay reads REPLAY beside the connection', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const live = feedSource() === 'live'
    let socket: { close(o: { code: number; reason?: string }): void } | null = null
    // the local sim (auto mode) starts with the feed down; live: the feed is up from the start
    let refuse = !live
    await page.routeWebSocket(/\/ws/, (ws) => {
      if (refuse) {
        ws.close({ code: 1011, reason: 'test: feed down' })
        return
      }
      ws.connectToServer()
      socket = ws
    })
    await page.addInitScript(recordWords)
    // the page's timers (the badge's 1 s poll, the reconnect backoff) on Playwright's clock, paused
    await frozen(page, `/?boot=0&seed=${SEED}&e2e=1${live ? '&feed=live' : ''}`)
    const html = page.locator('html')
    const badge = page.getByRole('status', { name: 'Data feed' })
    const source = page.getByTestId('data-source')
    const parameterSource = page.getByTestId('parameter-data-source')
    const words = async (b: string, s: string) => {
      await expect(badge).toHaveText(b)
      await expect(source).toHaveText(s)
      await expect(parameterSource).toHaveText(s)
    }
    /** Lets the feed reconnect (stepping the backoff timers), then one badge poll. */
    const reconnect = async () => {
      refuse = false
      for (let i = 0; i < 60 && (await html.getAttribute('data-feed')) !== 'open'; i++) {
        await page.clock.runFor(1000)
      }
      await expect(html).toHaveAttribute('data-feed', 'open')
      await page.clock.runFor(1000)
    }
    if (!live) {
      // the local sim while the feed retries
      await page.clock.runFor(2500)
      await words('OFFLINE', 'SIMULATED')
      await reconnect()
    }
    await words('LIVE DATA', 'LIVE')

    // the feed is lost: within 2 s the badge says OFFLINE and DATA SOURCE that the live swarm is
    // reconnecting (it said LIVE for as long as the reconnects took)
    refuse = true
    socket!.close({ code: 1011, reason: 'test: feed down' })
    await expect(html).not.toHaveAttribute('data-feed', 'open')
    await page.clock.runFor(2000)
    await words('OFFLINE', 'LIVE (reconnecting)')
    await page.clock.runFor(2500) // a reconnect or two fail meanwhile
    await words('OFFLINE', 'LIVE (reconnecting)')

    // a replay while the feed is down: REPLAY beside OFFLINE; leaving it: the live swarm, reconnecting
    const snapshots = page.getByRole('region', { name: 'Snapshots' })
    await snapshots.getByRole('button', { name: 'Take snapshot' }).click()
    await snapshots.getByRole('button', { name: 'Replay from Snapshot 1' }).click()
    await words('OFFLINE', 'REPLAY')
    await snapshots.getByRole('button', { name: 'Exit replay' }).click()
    await words('OFFLINE', 'LIVE (reconnecting)')

    // the feed is back: LIVE DATA and LIVE
    await reconnect()
    await words('LIVE DATA', 'LIVE')

    // a replay while connected: REPLAY beside LIVE DATA (the badge is the connection, and it is up)
    await snapshots.getByRole('button', { name: 'Replay from Snapshot 1' }).click()
    await words('LIVE DATA', 'REPLAY')
    await snapshots.getByRole('button', { name: 'Exit replay' }).click()
    await words('LIVE DATA', 'LIVE')

    expect(await contradictions(page)).toEqual([])
  })
})

/**
 * Issue 30, item 10: once, a burst of "WebGL: INVALID_OPERATION: drawElements: no buffer is bound
 * to enabled attribute" after replay → fork → back to live. Its cause: on software WebGL (the
 * agents drawn as points, as here) the links' geometry shares the agents' x/y attributes, and when
 * the links replaced their geometry (a view set ↔ the whole swarm as the view zooms, a link array
 * that grew) three's dispose() deleted the agents' buffers under their bound vertex array. Each
 * source is zoomed in and out, so the scene switches between the whole swarm and a view set.
 */
test.describe('source switches draw without WebGL errors', () => {
  /**
   * Zoom in as far as it goes (5×), out as far as it goes (0.5×), then back to 1×, a zoom button's
   * step (0.25) at a time, each step drawn (two animation frames) before the next: the scene
   * switches between the whole swarm and a view set on the way. The camera is set through the
   * test hook: clicking the buttons 34 times a pass took ~10 s of each pass on a busy 2-core
   * machine (the zoom buttons have their own tests in swarm.spec.ts).
   */
  async function zoomInAndOut(page: Page) {
    await page.evaluate(async () => {
      const { camera } = window.__vposSwarm!
      const frames = () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      const steps: number[] = []
      for (let z = 1; z <= 5; z += 0.25) steps.push(z)
      for (let z = 5; z >= 0.5; z -= 0.25) steps.push(z)
      for (let z = 0.5; z <= 1; z += 0.25) steps.push(z)
      for (const zoom of steps) {
        camera.zoom = zoom
        await frames()
      }
    })
  }

  // 146: the live swarm's size (no view set at desktop size: this path never failed here);
  // 2000: the local swarm and its replay differ from the live one, and zoomed in it is a view set
  for (const agents of [146, 2000]) {
    test(`replay → fork → back to live, zooming at each, local swarm of ${agents}: no INVALID_OPERATION`, async ({
      page,
    }) => {
      test.setTimeout(240_000)
      const live = feedSource() === 'live'
      const errors: string[] = []
      page.on('console', (m) => {
        if (m.text().includes('INVALID_OPERATION')) errors.push(m.text())
      })
      // the feed is held (a socket that says nothing) until the local swarm has been replayed
      let held: { close(o: { code: number; reason?: string }): void } | null = null
      let hold = true
      await page.routeWebSocket(/\/ws/, (ws) => {
        if (hold) held = ws
        else ws.connectToServer()
      })
      const feed = live ? '&feed=live' : '' // the sim project: auto mode, the local sim first
      await page.goto(`/?boot=0&seed=${SEED}&e2e=1&agents=${agents}${feed}`)
      await expect(page.locator('html')).toHaveAttribute('data-scene-ready', '1', {
        timeout: 30_000,
      })
      const snapshots = page.getByRole('region', { name: 'Snapshots' })
      const parameters = page.getByRole('region', { name: 'Swarm Parameters' })
      const replayAndZoom = async (name: string) => {
        await snapshots.getByRole('button', { name: 'Take snapshot' }).click()
        await snapshots.getByRole('button', { name: `Replay from ${name}` }).click()
        await expect(parameters.getByTestId('parameter-data-source')).toHaveText('REPLAY')
        await zoomInAndOut(page)
        await snapshots.getByRole('button', { name: 'Exit replay' }).click()
      }

      await replayAndZoom('Snapshot 1') // the local swarm of `agents`
      hold = false
      held!.close({ code: 1011, reason: 'test: feed released' })
      await page.waitForFunction(() => window.__vposSwarm!.swarm.source === 'live', null, {
        timeout: 30_000,
      })
      await zoomInAndOut(page)
      await replayAndZoom('Snapshot 2') // the live swarm
      await parameters.getByRole('button', { name: 'Simulate locally' }).click()
      await expect(parameters.getByTestId('parameter-data-source')).toHaveText(
        'SIMULATED (LOCAL FORK)',
      )
      await zoomInAndOut(page)
      await parameters.getByRole('button', { name: 'Back to live' }).click()
      await expect(parameters.getByTestId('parameter-data-source')).toHaveText('LIVE')
      await zoomInAndOut(page)
      await page.waitForTimeout(500)
      expect(errors).toEqual([])
    })
  }
})
