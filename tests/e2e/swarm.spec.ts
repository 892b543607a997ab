/**
 * Swarm Core overlays (issue 4, DOM half): panels, console, error popup, zoom, snapshots/replay, the
 * agent hover card and the agent detail modal, on desktop, tablet and phone. Timers run on
 * Playwright's clock. `?e2e=1` installs window.__vposSwarm (src/pages/swarm/testHook.ts), used only
 * to set up a state (a failing agent, console lines, a hover point) or to read where agents are drawn.
 */
import { type Page, expect, test } from '@playwright/test'

const SEED = 11
const PAUSED = `/?boot=0&seed=${SEED}&paused=1&feed=sim&e2e=1`
const T0 = new Date('2026-11-22T10:00:00Z')
const PENDING = 'Module initialization in progress. Available in next update.'
const MODE_TEXT: Record<string, [string, string]> = {
  explore: ['Scanning area for anomalies', 'Area exploration'],
  target: ['Moving toward objective', 'Coordinate acquisition'],
  analyze: ['Processing collected data', 'Pattern analysis'],
  idle: ['Waiting for instructions', 'System maintenance'],
}
const MODES = ['explore', 'idle', 'target', 'analyze']

async function open(page: Page, path = PAUSED) {
  await page.goto(path)
  await expect(page.getByRole('region', { name: 'Activity Console' })).toBeVisible()
  await page.waitForFunction(() => window.__vposSwarm !== undefined)
}

/** Installs the clock paused at T0 (timestamps and timers under the test's control). */
async function frozen(page: Page, path = PAUSED) {
  await page.clock.install({ time: new Date(T0.getTime() - 1000) })
  await page.clock.pauseAt(T0)
  await page.goto(path)
  // React reveals the lazy page after a Suspense throttle timer: let the paused clock run a little.
  const console = page.getByRole('region', { name: 'Activity Console' })
  for (let i = 0; i < 50 && !(await console.isVisible()); i++) await page.clock.runFor(100)
  await expect(console).toBeVisible()
  await page.waitForFunction(() => window.__vposSwarm !== undefined)
}

/** Visible rectangles (clipped by scrolling ancestors) of the overlay's panels and controls. */
async function overlayBoxes(page: Page) {
  return page.evaluate(() => {
    const sel = [
      '[data-layout] section[aria-label]',
      '[data-layout] [role="group"][aria-label="Zoom"]',
      '[data-testid="action-text"]',
      '[role="switch"][aria-label="Swarm active"]',
      '[role="status"][aria-label="Data feed"]',
    ]
    const nested = (el: Element) => el.parentElement?.closest('[data-layout] section[aria-label]')
    return [...document.querySelectorAll(sel.join(','))]
      .filter((el) => !nested(el) || el.matches('[role="group"][aria-label="Zoom"]'))
      .map((el) => {
        let r = el.getBoundingClientRect()
        let { left, top, right, bottom } = r
        for (let a = el.parentElement; a; a = a.parentElement) {
          const o = getComputedStyle(a).overflowY
          if (o === 'auto' || o === 'hidden' || o === 'scroll') {
            r = a.getBoundingClientRect()
            left = Math.max(left, r.left)
            top = Math.max(top, r.top)
            right = Math.min(right, r.right)
            bottom = Math.min(bottom, r.bottom)
          }
        }
        return {
          name: el.getAttribute('aria-label') ?? el.textContent ?? '',
          left,
          top,
          right,
          bottom,
        }
      })
      .filter((b) => b.right > b.left && b.bottom > b.top)
  })
}

async function expectNoOverlap(page: Page, minimum: number) {
  const boxes = await overlayBoxes(page)
  expect(boxes.length).toBeGreaterThanOrEqual(minimum)
  const size = page.viewportSize()!
  for (const [i, a] of boxes.entries()) {
    expect(a.left, a.name).toBeGreaterThanOrEqual(0)
    expect(a.right, a.name).toBeLessThanOrEqual(size.width + 0.5)
    expect(a.bottom, a.name).toBeLessThanOrEqual(size.height + 0.5)
    for (const b of boxes.slice(i + 1)) {
      const overlap =
        a.left < b.right - 0.5 &&
        b.left < a.right - 0.5 &&
        a.top < b.bottom - 0.5 &&
        b.top < a.bottom - 0.5
      expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false)
    }
  }
  return boxes
}

/** Screen points of the agents (store + camera), keeping those in free canvas with no close neighbour. */
async function clickableAgents(page: Page) {
  return page.evaluate(() => {
    const h = window.__vposSwarm!
    const b = h.swarm.buffers
    const w = h.swarm.world
    const canvas = document
      .querySelector('[data-testid="scene-slot"] canvas')!
      .getBoundingClientRect()
    const pts: { id: string; x: number; y: number }[] = []
    for (let i = 0; i < b.count; i++) {
      const x =
        canvas.left + (b.x[i]! - w.width / 2 - h.camera.x) * h.camera.zoom + canvas.width / 2
      const y =
        canvas.top + (b.y[i]! - w.height / 2 - h.camera.y) * h.camera.zoom + canvas.height / 2
      pts.push({ id: b.ids[i]!, x, y })
    }
    return pts.filter((p) => {
      if (p.x < 20 || p.y < 20 || p.x > innerWidth - 20 || p.y > innerHeight - 20) return false
      if (!document.elementFromPoint(p.x, p.y)?.closest('[data-testid="scene-slot"]')) return false
      return pts.every((q) => q === p || Math.hypot(q.x - p.x, q.y - p.y) > 40)
    })
  })
}

async function agent(page: Page, id: string) {
  return page.evaluate((id) => {
    const b = window.__vposSwarm!.swarm.buffers
    const i = b.ids.indexOf(id)
    return {
      id,
      mode: b.mode[i]!,
      status: b.status[i]!,
      efficiency: b.efficiency[i]!,
      energy: b.energy[i]!,
      connections: b.connections[i]!,
    }
  }, id)
}

/** First agent id matching a predicate over (status, mode, energy). */
async function findAgent(
  page: Page,
  want: { status?: number; mode?: number; minEnergyGap?: number },
) {
  return page.evaluate((want) => {
    const b = window.__vposSwarm!.swarm.buffers
    for (let i = 0; i < b.count; i++) {
      if (want.status !== undefined && b.status[i] !== want.status) continue
      if (want.mode !== undefined && b.mode[i] !== want.mode) continue
      return b.ids[i]!
    }
    return null
  }, want)
}

const dialog = (page: Page) => page.getByRole('dialog')

/**
 * GOTCHA: toHaveScreenshot's stylePath arrives as a <style> tag, which the app's CSP (style-src with a
 * nonce) blocks; hide what moves on its own (scene, scan line, clock) through CSSOM instead.
 */
/** Finishes running CSS animations (the dialog's fade/rise) so a screenshot never catches a frame. */
async function settle(page: Page) {
  await page.evaluate(() => {
    for (const a of document.getAnimations())
      if (a.effect?.getTiming().iterations !== Infinity) a.finish()
  })
}

async function hideMoving(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>(
      '[data-testid="scene-slot"], [data-testid="scan-line"], [data-testid="clock"]',
    )) {
      el.style.setProperty('visibility', 'hidden', 'important')
    }
  })
}

test.describe('Swarm Core (desktop)', () => {
  test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC' })

  test('panels never cover each other and leave the canvas free between them', async ({ page }) => {
    await open(page)
    const boxes = await expectNoOverlap(page, 10)
    const names = boxes.map((b) => b.name)
    for (const n of [
      'System Status',
      'Swarm Parameters',
      'Current Tasks',
      'System Health',
      'Snapshots',
      'Activity Console',
      'Zoom',
    ]) {
      expect(names).toContain(n)
    }
    // The empty middle of the overlay lets the pointer through to the canvas.
    const hit = await page.evaluate(() =>
      Boolean(
        document
          .elementFromPoint(innerWidth / 2, innerHeight / 2)
          ?.closest('[data-testid="scene-slot"]'),
      ),
    )
    expect(hit).toBe(true)
    // The system status panel collapses.
    const status = page.getByRole('region', { name: 'System Status' })
    await status.getByRole('button', { name: 'Collapse system status' }).click()
    await expect(status.getByText('Efficiency')).toBeHidden()
    await status.getByRole('button', { name: 'Expand system status' }).click()
    await expect(status.getByText('Efficiency')).toBeVisible()
  })

  for (const [name, size] of [
    ['tablet landscape', { width: 1024, height: 768 }],
    ['tablet portrait', { width: 768, height: 1024 }],
  ] as const) {
    test(`${name}: panels never cover each other`, async ({ page }) => {
      await page.setViewportSize(size)
      await open(page)
      await expectNoOverlap(page, 8)
    })
  }

  test('console filters ALL, SYS, ALERT, TASK and NODE filter the lines', async ({ page }) => {
    await open(page)
    await page.evaluate(() => {
      const h = window.__vposSwarm!
      h.appendMessage('task', 'task line one')
      h.appendMessage('node', 'node line one')
      h.appendMessage('alert', '[ERROR:abcde] alert line one')
      h.appendMessage('analysis', 'analysis line one')
      h.appendMessage('system', 'system line one')
    })
    const panel = page.getByRole('region', { name: 'Activity Console' })
    const log = panel.getByRole('log')
    const filters = panel.getByRole('group', { name: 'Message filter' }).getByRole('button')
    await expect(filters).toHaveText(['ALL', 'SYS', 'ALERT', 'TASK', 'NODE'])
    const cases: [string, string[], string[]][] = [
      ['SYS', ['system line one'], ['task line one', 'alert line one']],
      ['ALERT', ['alert line one'], ['system line one', 'node line one']],
      ['TASK', ['task line one'], ['node line one', 'analysis line one']],
      ['NODE', ['node line one'], ['task line one', 'system line one']],
      [
        'ALL',
        [
          'task line one',
          'node line one',
          'alert line one',
          'analysis line one',
          'system line one',
        ],
        [],
      ],
    ]
    for (const [filter, shown, hidden] of cases) {
      await panel.getByRole('button', { name: filter, exact: true }).click()
      await expect(panel.getByRole('button', { name: filter, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
      for (const t of shown) await expect(log.getByText(t)).toBeVisible()
      for (const t of hidden) await expect(log.getByText(t)).toHaveCount(0)
    }
  })

  test('timestamps and auto-scroll toggles', async ({ page }) => {
    await frozen(page)
    const panel = page.getByRole('region', { name: 'Activity Console' })
    const log = panel.getByRole('log')
    await expect(log.locator('time').first()).toHaveText('10:00:00')
    await panel.getByRole('button', { name: 'Timestamps' }).click()
    await expect(log.locator('time')).toHaveCount(0)
    await panel.getByRole('button', { name: 'Timestamps' }).click()
    await expect(log.locator('time').first()).toBeVisible()

    const add = (from: number) =>
      page.evaluate((from) => {
        for (let i = from; i < from + 30; i++)
          window.__vposSwarm!.appendMessage('system', `filler line ${i}`)
      }, from)
    const atBottom = () =>
      log.evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) < 2)
    await add(0)
    await expect(log.getByText('filler line 29')).toBeInViewport()
    expect(await atBottom()).toBe(true)

    await panel.getByRole('button', { name: 'Auto-scroll' }).click()
    await expect(panel.getByRole('button', { name: 'Auto-scroll' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await log.evaluate((el) => (el.scrollTop = 0))
    await add(30)
    await expect(log.getByText('filler line 59')).toBeAttached()
    await expect(log.getByText('filler line 59')).not.toBeInViewport()
    expect(await log.evaluate((el) => el.scrollTop)).toBe(0)

    await panel.getByRole('button', { name: 'Auto-scroll' }).click()
    await expect(log.getByText('filler line 59')).toBeInViewport()
  })

  test('the error popup appears 1 s after a failure while active, and dismisses', async ({
    page,
  }) => {
    await frozen(page)
    const popup = page.getByRole('region', { name: 'Error detection' })
    await expect(popup).toHaveCount(0)
    const id = await page.evaluate(() => {
      const h = window.__vposSwarm!
      h.markFailing(3)
      return h.swarm.buffers.ids[3]!
    })
    await expect(page.getByTestId('failing-count')).toHaveText('1')
    await page.clock.runFor(999)
    await expect(popup).toHaveCount(0)
    await page.clock.runFor(1)
    await expect(popup).toBeVisible()
    await expect(popup.getByRole('alert')).toHaveText(
      '1 agent failing. Automatic recovery in progress.',
    )
    await popup.getByRole('button', { name: 'Dismiss' }).click()
    await expect(popup).toHaveCount(0)
    // The dismissal holds while the same failure wave lasts.
    await page.clock.runFor(5000)
    await expect(popup).toHaveCount(0)
    expect(id).toHaveLength(8)
  })

  test('standby: no popup for failures; the banner and switch follow active/standby', async ({
    page,
  }) => {
    await frozen(page)
    const banner = page.getByTestId('action-text')
    const toggle = page.getByRole('switch', { name: 'Swarm active' })
    await expect(banner).toHaveText('SWARM ANALYZING NETWORK PATTERNS')
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    await toggle.click()
    await expect(banner).toHaveText('SWARM IN STANDBY MODE')
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await expect(
      page.getByRole('region', { name: 'System Status' }).getByText('STANDBY'),
    ).toBeVisible()
    await page.evaluate(() => window.__vposSwarm!.markFailing(5))
    await page.clock.runFor(2000)
    await expect(page.getByRole('region', { name: 'Error detection' })).toHaveCount(0)
    await toggle.click()
    await expect(banner).toHaveText('SWARM ANALYZING NETWORK PATTERNS')
    await page.clock.runFor(1000)
    await expect(page.getByRole('region', { name: 'Error detection' })).toBeVisible()
  })

  test('the running swarm raises the popup by itself and it dismisses', async ({ page }) => {
    test.setTimeout(90_000)
    await open(page, `/?boot=0&seed=${SEED}&feed=sim&e2e=1`)
    const popup = page.getByRole('region', { name: 'Error detection' })
    await expect(popup).toBeVisible({ timeout: 60_000 })
    await expect(
      page
        .getByRole('log')
        .getByText(/\[ERROR:\w{5}\]/)
        .first(),
    ).toBeVisible()
    await popup.getByRole('button', { name: 'Dismiss' }).click()
    await expect(popup).toHaveCount(0)
  })

  test('a parameter slider changes the swarm parameter', async ({ page }) => {
    await open(page)
    const slider = page.getByRole('slider', { name: 'Swarm Density' })
    await expect(slider).toHaveValue('75')
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(slider).toHaveValue('77')
    await expect(
      page.getByRole('region', { name: 'Swarm Parameters' }).getByText('77%'),
    ).toBeVisible()
    const stored = await page.evaluate(
      () => window.__vposSwarm!.swarm.parameters.find((p) => p.name === 'Swarm Density')?.value,
    )
    expect(stored).toBe(77)
    await slider.fill('10')
    await expect(
      page.getByRole('region', { name: 'Swarm Parameters' }).getByText('10%'),
    ).toBeVisible()
    const speed = page.getByRole('slider', { name: 'Swarm Speed' })
    await speed.fill('8')
    expect(await page.evaluate(() => window.__vposSwarm!.swarm.speed)).toBe(8)
  })

  test('zoom buttons step by 0.25, clamp at 50% and 500%, reset to 100%', async ({ page }) => {
    await open(page)
    const zoom = page.getByRole('group', { name: 'Zoom' })
    const readout = zoom.getByTestId('zoom-readout')
    await expect(readout).toHaveText('100%')
    await zoom.getByRole('button', { name: 'Zoom in' }).click()
    await expect(readout).toHaveText('125%')
    await zoom.getByRole('button', { name: 'Zoom in' }).click()
    await expect(readout).toHaveText('150%')
    await zoom.getByRole('button', { name: 'Zoom out' }).click()
    await expect(readout).toHaveText('125%')
    await zoom.getByRole('button', { name: 'Reset zoom' }).click()
    await expect(readout).toHaveText('100%')
    await zoom.getByRole('button', { name: 'Zoom out' }).click()
    await zoom.getByRole('button', { name: 'Zoom out' }).click()
    await expect(readout).toHaveText('50%')
    await expect(zoom.getByRole('button', { name: 'Zoom out' })).toBeDisabled()
    for (let i = 0; i < 18; i++) await zoom.getByRole('button', { name: 'Zoom in' }).click()
    await expect(readout).toHaveText('500%')
    await expect(zoom.getByRole('button', { name: 'Zoom in' })).toBeDisabled()
    expect(await page.evaluate(() => window.__vposSwarm!.camera.zoom)).toBe(5)
    await zoom.getByRole('button', { name: 'Reset zoom' }).click()
    await expect(readout).toHaveText('100%')
  })

  test('snapshots: take, rename, replay, step, exit, export, import a bad and a good file', async ({
    page,
  }) => {
    await frozen(page)
    const panel = page.getByRole('region', { name: 'Snapshots' })
    await expect(panel.getByText('No snapshots yet. Take one to capture the swarm.')).toBeVisible()
    await panel.getByRole('button', { name: 'Take snapshot' }).click()
    await panel.getByRole('button', { name: 'Take snapshot' }).click()
    const list = panel.getByRole('list', { name: 'Saved snapshots' })
    await expect(list.getByRole('listitem')).toHaveCount(2)
    const first = list.getByRole('listitem', { name: 'Snapshot 1' })
    await expect(first).toContainText('10:00:00 · 146 agents · 0 failing')
    await expect(
      page.getByRole('log').getByText(/\[SNAPSHOT\] Created snapshot "Snapshot 2"/),
    ).toBeVisible()

    await first.getByRole('button', { name: 'Edit Snapshot 1' }).click()
    await panel.getByRole('textbox', { name: 'Snapshot name' }).fill('Calm swarm')
    await panel
      .getByRole('textbox', { name: 'Snapshot description' })
      .fill('Before the failure wave')
    await panel.getByRole('button', { name: 'Save' }).click()
    const calm = list.getByRole('listitem', { name: 'Calm swarm' })
    await expect(calm).toContainText('Before the failure wave')

    await calm.getByRole('button', { name: 'Replay from Calm swarm' }).click()
    const replay = panel.getByRole('group', { name: 'Replay controls' })
    await expect(replay).toContainText('REPLAY 1 / 2')
    await expect(calm).toHaveAttribute('aria-current', 'true')
    await replay.getByRole('button', { name: '2×' }).click()
    await expect(replay.getByRole('button', { name: '2×' })).toHaveAttribute('aria-pressed', 'true')
    await replay.getByRole('button', { name: 'Step forward' }).click()
    await expect(replay).toContainText('REPLAY 2 / 2 · PAUSED')
    await replay.getByRole('button', { name: 'Step back' }).click()
    await expect(replay).toContainText('REPLAY 1 / 2')
    await replay.getByRole('slider', { name: 'Replay position' }).fill('1')
    await expect(replay).toContainText('REPLAY 2 / 2')
    await expect(
      page.getByRole('region', { name: 'System Status' }).getByText('REPLAY'),
    ).toBeVisible()
    await replay.getByRole('button', { name: 'Exit replay' }).click()
    await expect(replay).toHaveCount(0)
    await expect(
      page.getByRole('region', { name: 'System Status' }).getByText('SIMULATED'),
    ).toBeVisible()

    const downloading = page.waitForEvent('download')
    await panel.getByRole('button', { name: 'Export' }).click()
    const file = await (await downloading).path()
    const fs = await import('node:fs/promises')
    const text = await fs.readFile(file, 'utf8')
    const exported = JSON.parse(text)
    expect(exported.format).toBe('vpos-swarm-snapshots')
    expect(exported.snapshots.map((s: { name: string }) => s.name)).toEqual([
      'Calm swarm',
      'Snapshot 2',
    ])

    const choose = async (name: string, body: string) => {
      const chooser = page.waitForEvent('filechooser')
      await panel.getByRole('button', { name: 'Import' }).click()
      await (
        await chooser
      ).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) })
    }
    await choose('broken.json', '{"format": "vpos-swarm-snapshots", ')
    await expect(panel.getByRole('alert')).toHaveText('Invalid snapshot file: not valid JSON')
    await expect(list.getByRole('listitem')).toHaveCount(2)
    await choose('wrong.json', '{"format": "something-else", "snapshots": []}')
    await expect(panel.getByRole('alert')).toContainText('Invalid snapshot file')
    await choose('good.json', text)
    await expect(panel.getByText('Imported 2 snapshots')).toBeVisible()
    await expect(panel.getByRole('alert')).toHaveCount(0)
    await expect(list.getByRole('listitem')).toHaveCount(4)

    await list.getByRole('button', { name: 'Delete Snapshot 2' }).first().click()
    await expect(list.getByRole('listitem')).toHaveCount(3)
  })

  test('hover card: at the pointer, ≤ 260 px, inside the viewport, energy eased over 800 ms', async ({
    page,
  }) => {
    await frozen(page)
    const [a, b] = await page.evaluate(() => {
      const buf = window.__vposSwarm!.swarm.buffers
      let lo = 0
      let hi = 0
      for (let i = 0; i < buf.count; i++) {
        if (buf.energy[i]! < buf.energy[lo]!) lo = i
        if (buf.energy[i]! > buf.energy[hi]!) hi = i
      }
      return [buf.ids[lo]!, buf.ids[hi]!]
    })
    const A = await agent(page, a)
    const B = await agent(page, b)
    expect(B.energy - A.energy).toBeGreaterThan(10)
    await page.evaluate(
      (id) => window.__vposSwarm!.setHoverInfo({ agentId: id, position: { x: 600, y: 300 } }),
      a,
    )
    const card = page.getByRole('tooltip')
    await expect(card).toBeVisible()
    await expect(card).toContainText(`AGENT ${a.slice(0, 5).toUpperCase()}`)
    await expect(card.getByText('Click for detailed analysis')).toBeVisible()
    await expect(card.getByTestId('hover-energy')).toHaveText(`${A.energy.toFixed(1)}%`)
    await expect(card.getByTestId('hover-network-bar')).toHaveAttribute(
      'style',
      new RegExp(`width: ${A.connections * 10}%`),
    )
    const box = (await card.boundingBox())!
    expect(box.width).toBeLessThanOrEqual(260)
    expect(box.x).toBeCloseTo(614, 0)
    expect(box.y).toBeCloseTo(314, 0)

    // Another agent: the energy eases from A's value to B's over 800 ms (ease-out: past half-way at 400 ms).
    await page.evaluate(
      (id) => window.__vposSwarm!.setHoverInfo({ agentId: id, position: { x: 1430, y: 890 } }),
      b,
    )
    await expect(card).toContainText(`AGENT ${b.slice(0, 5).toUpperCase()}`)
    await page.clock.runFor(400)
    const mid = parseFloat((await card.getByTestId('hover-energy').textContent()) ?? '')
    expect(mid).toBeGreaterThan(A.energy + (B.energy - A.energy) / 2)
    expect(mid).toBeLessThan(B.energy)
    await page.clock.runFor(420)
    await expect(card.getByTestId('hover-energy')).toHaveText(`${B.energy.toFixed(1)}%`)
    // Near the bottom-right corner it flips and stays inside the viewport.
    const corner = (await card.boundingBox())!
    expect(corner.x + corner.width).toBeLessThanOrEqual(1440 - 8)
    expect(corner.y + corner.height).toBeLessThanOrEqual(900 - 8)
    await page.evaluate(() => window.__vposSwarm!.setHoverInfo(null))
    await expect(card).toHaveCount(0)
  })

  test('hovering an agent on the canvas shows its card; clicking opens its modal; it closes three ways', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await open(page)
    await expect(page.locator('html')).toHaveAttribute('data-scene-ready', '1', { timeout: 30_000 })
    const [target, other] = await clickableAgents(page)
    expect(target, 'an agent in free canvas').toBeDefined()
    expect(other, 'a second agent in free canvas').toBeDefined()

    await page.mouse.move(target!.x, target!.y)
    const card = page.getByRole('tooltip')
    await expect(card).toContainText(`AGENT ${target!.id.slice(0, 5).toUpperCase()}`)
    const cardBox = (await card.boundingBox())!
    expect(cardBox.x).toBeGreaterThan(target!.x)

    await page.mouse.click(target!.x, target!.y)
    const d = dialog(page)
    await expect(d).toBeVisible()
    await expect(d.getByRole('heading', { level: 2 })).toHaveText(
      `Agent ${target!.id.slice(0, 5).toUpperCase()} · Detailed Analysis`,
    )
    await expect(card).toHaveCount(0)

    // CLOSE clears the selection.
    await d.getByRole('button', { name: 'Close' }).click()
    await expect(d).toHaveCount(0)
    expect(await page.evaluate(() => window.__vposSwarm!.swarm.selectedAgentId)).toBeNull()

    // Escape.
    await page.mouse.click(other!.x, other!.y)
    await expect(d.getByRole('heading', { level: 2 })).toContainText(
      other!.id.slice(0, 5).toUpperCase(),
    )
    await page.keyboard.press('Escape')
    await expect(d).toHaveCount(0)

    // A click outside the panel.
    await page.mouse.click(target!.x, target!.y)
    await expect(d).toBeVisible()
    await page.mouse.click(700, 22) // over the header, outside the dialog panel
    await expect(d).toHaveCount(0)
    expect(await page.evaluate(() => window.__vposSwarm!.swarm.selectedAgentId)).toBeNull()
  })

  test('modal: status tab texts, ratings and sparkline; the other tabs are pending', async ({
    page,
  }) => {
    await frozen(page)
    const id = (await findAgent(page, { mode: 2 })) ?? (await findAgent(page, {}))!
    const A = await agent(page, id)
    await page.evaluate((id) => window.__vposSwarm!.selectAgent(id), id)
    const d = dialog(page)
    await expect(d).toBeVisible()
    await expect(d.getByText('v1.04')).toBeVisible()
    const tabs = d.getByRole('tab')
    await expect(tabs).toHaveText(
      ['Status', 'tasks', 'network', 'resources'].map((t) => new RegExp(t, 'i')),
    )
    await expect(d.getByRole('tab', { name: 'Status' })).toHaveAttribute('aria-selected', 'true')
    for (const section of ['System metrics', 'Agent parameters', 'Current objectives']) {
      await expect(d.getByRole('region', { name: section })).toBeVisible()
    }
    const [text, detail] = MODE_TEXT[MODES[A.mode]!]!
    const objectives = d.getByRole('region', { name: 'Current objectives' })
    await expect(objectives).toContainText(text)
    await expect(objectives).toContainText(detail)
    if (MODES[A.mode] === 'target') await expect(objectives).toContainText(/target \(\d+, \d+\)/)
    const f = A.efficiency > 1 ? A.efficiency / 100 : A.efficiency
    const tier = f > 0.8 ? 'S-TIER' : f > 0.6 ? 'A-TIER' : f > 0.4 ? 'B-TIER' : 'C-TIER'
    const metrics = d.getByRole('region', { name: 'System metrics' })
    await expect(metrics).toContainText(`${(f * 100).toFixed(1)}% ${tier}`)
    await expect(metrics).toContainText(`${A.energy.toFixed(1)}%`)
    for (const t of [
      '+1.5/cycle',
      '100 units',
      'Data · 60%',
      'Control · 40%',
      'Core 1 · 33.3%',
      'Core 3 · 33.3%',
      'LOW',
    ]) {
      await expect(metrics).toContainText(t)
    }
    await expect(metrics.getByTestId('efficiency-sparkline')).toHaveAttribute('data-points', '30')
    const points = await metrics.locator('polyline').getAttribute('points')
    expect(points?.split(' ')).toHaveLength(30)
    await expect(d.getByTestId('last-active')).toHaveText(
      /^(just now|\d+ (second|minute|hour)s? ago)$/,
    )
    await expect(d.getByTestId('agent-status-grid')).toHaveAttribute('data-columns', '2')

    for (const tab of ['tasks', 'network', 'resources']) {
      await d.getByRole('tab', { name: tab }).click()
      await expect(d.getByRole('tabpanel')).toHaveText(PENDING)
    }
    await d.getByRole('tab', { name: 'Status' }).click()
    await expect(d.getByRole('region', { name: 'System metrics' })).toBeVisible()
  })

  test('modal: the processing spinner toggles every 750 ms', async ({ page }) => {
    await frozen(page)
    const id = await findAgent(page, { status: 2 })
    expect(id, 'a processing agent').not.toBeNull()
    await page.evaluate((id) => window.__vposSwarm!.selectAgent(id), id!)
    const spinner = dialog(page).getByTestId('processing-spinner')
    await expect(spinner).toHaveAttribute('data-phase', 'a')
    await page.clock.runFor(749)
    await expect(spinner).toHaveAttribute('data-phase', 'a')
    await page.clock.runFor(1)
    await expect(spinner).toHaveAttribute('data-phase', 'b')
    await page.clock.runFor(750)
    await expect(spinner).toHaveAttribute('data-phase', 'a')
  })

  test('visual: overlays, hover card and modal on desktop', async ({ page }) => {
    await frozen(page)
    await hideMoving(page)
    await expect(page).toHaveScreenshot('swarm-desktop.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
    const id = await page.evaluate(() => window.__vposSwarm!.swarm.buffers.ids[0]!)
    await page.evaluate(
      (id) => window.__vposSwarm!.setHoverInfo({ agentId: id, position: { x: 640, y: 360 } }),
      id,
    )
    await expect(page.getByRole('tooltip')).toBeVisible()
    await expect(page).toHaveScreenshot('swarm-desktop-hover.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
    await page.evaluate((id) => window.__vposSwarm!.selectAgent(id), id)
    await expect(dialog(page)).toBeVisible()
    await settle(page)
    await expect(page).toHaveScreenshot('swarm-desktop-modal.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
  })
})

test.describe('Swarm Core (phone)', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'UTC',
  })

  test('phone layout: nothing overlaps; no status panel or popup; only ALL, SYS, ALERT filters', async ({
    page,
  }) => {
    await frozen(page)
    await expectNoOverlap(page, 5)
    await expect(page.getByRole('region', { name: 'System Status' })).toHaveCount(0)
    const filters = page.getByRole('group', { name: 'Message filter' }).getByRole('button')
    await expect(filters).toHaveText(['ALL', 'SYS', 'ALERT'])
    await page.evaluate(() => window.__vposSwarm!.markFailing(2))
    await page.clock.runFor(1500)
    await expect(page.getByRole('region', { name: 'Error detection' })).toHaveCount(0)
    // The dock shows one panel at a time and folds away.
    await page.getByRole('tab', { name: 'Params' }).click()
    await expect(page.getByRole('slider', { name: 'Swarm Density' })).toBeVisible()
    await expectNoOverlap(page, 4)
    await page.getByRole('button', { name: 'Hide panels' }).click()
    await expect(page.getByRole('slider', { name: 'Swarm Density' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Show panels' }).click()
    await expect(page.getByRole('slider', { name: 'Swarm Density' })).toBeVisible()
  })

  test('compact modal: wider panel, single-column grid', async ({ page }) => {
    await frozen(page)
    await page.evaluate(() =>
      window.__vposSwarm!.selectAgent(window.__vposSwarm!.swarm.buffers.ids[0]!),
    )
    const d = dialog(page)
    await expect(d).toBeVisible()
    await expect(d.getByTestId('agent-status-grid')).toHaveAttribute('data-columns', '1')
    const box = (await d.boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(390 - 8 - 1)
    await d.getByRole('button', { name: 'Close' }).click()
    await expect(d).toHaveCount(0)
  })

  test('visual: overlays, hover card and modal on a phone', async ({ page }) => {
    await frozen(page)
    await hideMoving(page)
    await expect(page).toHaveScreenshot('swarm-phone.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
    const id = await page.evaluate(() => window.__vposSwarm!.swarm.buffers.ids[0]!)
    await page.evaluate(
      (id) => window.__vposSwarm!.setHoverInfo({ agentId: id, position: { x: 200, y: 300 } }),
      id,
    )
    await expect(page.getByRole('tooltip')).toBeVisible()
    await expect(page).toHaveScreenshot('swarm-phone-hover.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
    await page.evaluate((id) => window.__vposSwarm!.selectAgent(id), id)
    await expect(dialog(page)).toBeVisible()
    await settle(page)
    await expect(page).toHaveScreenshot('swarm-phone-modal.png', {
      stylePath: 'tests/e2e/screenshot.css',
    })
  })
})
