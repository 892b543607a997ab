/**
 * Shared set-up of the Swarm Core browser tests (swarm.spec.ts, swarm-agent.spec.ts). `?e2e=1`
 * installs window.__vposSwarm (src/pages/swarm/testHook.ts), used only to set up a state (a failing
 * agent, console lines, a hover point) or to read where agents are drawn; everything else is driven
 * like a person would. Timers run on Playwright's clock.
 */
import { type Page, expect, test } from '@playwright/test'

export const SEED = 11
export const PAUSED = `/?boot=0&seed=${SEED}&paused=1&feed=sim&e2e=1`
export const T0 = new Date('2026-11-22T10:00:00Z')
export const PENDING = 'Module initialization in progress. Available in next update.'
export const MODE_TEXT: Record<string, [string, string]> = {
  explore: ['Scanning area for anomalies', 'Area exploration'],
  target: ['Moving toward objective', 'Coordinate acquisition'],
  analyze: ['Processing collected data', 'Pattern analysis'],
  idle: ['Waiting for instructions', 'System maintenance'],
}
export const MODES = ['explore', 'idle', 'target', 'analyze']

/**
 * The swarm source this run tests (playwright.config.ts): the local simulation ('sim', project
 * chromium) or the server's live feed ('live', project live-feed). Every main-view spec runs in both.
 */
export function feedSource(): 'sim' | 'live' {
  return test.info().project.metadata?.feed === 'live' ? 'live' : 'sim'
}

/** `path` on this run's source (`feed=sim` becomes `feed=live` in the live-feed project). */
function onSource(path: string): string {
  return feedSource() === 'live' ? path.replace('feed=sim', 'feed=live') : path
}

/** Live runs: wait until the server's swarm is the displayed one. */
async function awaitSource(page: Page) {
  await page.waitForFunction(() => window.__vposSwarm !== undefined)
  if (feedSource() === 'live') {
    await page.waitForFunction(() => window.__vposSwarm!.swarm.source === 'live')
    // paused: the live swarm holds still; start, like the seeded sim, with no failing agent
    if (await page.evaluate(() => window.__vposSwarm!.swarm.paused)) {
      await page.evaluate(() => window.__vposSwarm!.clearFailures())
    }
  }
}

/** The DATA SOURCE this run shows outside replay. */
export function sourceLabel(): string {
  return feedSource() === 'live' ? 'LIVE' : 'SIMULATED'
}

/**
 * The controls on this run's source. Live (issue 12): the sliders and the active switch show the
 * server's values read-only; "Simulate locally" forks the live swarm into a local simulation where
 * they work, which is what the control tests then drive.
 */
export async function useControls(page: Page) {
  if (feedSource() !== 'live') return
  const panel = page.getByRole('region', { name: 'Swarm Parameters' })
  await expect(page.getByRole('switch', { name: 'Swarm active' })).toBeDisabled()
  await expect(panel.getByRole('slider', { name: 'Swarm Speed' })).toBeDisabled()
  await expect(panel.getByTestId('parameter-data-source')).toHaveText('LIVE')
  await panel.getByRole('button', { name: 'Simulate locally' }).click()
  await expect(panel.getByTestId('parameter-data-source')).toHaveText('SIMULATED (LOCAL FORK)')
  await expect(page.getByRole('switch', { name: 'Swarm active' })).toBeEnabled()
}

export async function open(page: Page, path = PAUSED) {
  await page.goto(onSource(path))
  await expect(page.getByRole('region', { name: 'Activity Console' })).toBeVisible()
  await awaitSource(page)
}

/** Installs the clock paused at T0 (timestamps and timers under the test's control). */
export async function frozen(page: Page, path = PAUSED) {
  await page.clock.install({ time: new Date(T0.getTime() - 1000) })
  await page.clock.pauseAt(T0)
  await page.goto(onSource(path))
  // React reveals the lazy page after a Suspense throttle timer: let the paused clock run a little.
  const console = page.getByRole('region', { name: 'Activity Console' })
  for (let i = 0; i < 50 && !(await console.isVisible()); i++) await page.clock.runFor(100)
  await expect(console).toBeVisible()
  if (feedSource() === 'live') {
    // the feed's first state arrives over a real socket; let the paused clock run meanwhile
    for (let i = 0; i < 100; i++) {
      const live = await page.evaluate(() => window.__vposSwarm?.swarm.source === 'live')
      if (live) break
      await page.clock.runFor(50)
    }
  }
  await awaitSource(page)
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

export async function expectNoOverlap(page: Page, minimum: number) {
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
export async function clickableAgents(page: Page) {
  return page.evaluate(() => {
    const h = window.__vposSwarm!
    const b = h.display.buffers
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

export async function agent(page: Page, id: string) {
  return page.evaluate((id) => {
    const b = window.__vposSwarm!.display.buffers
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
export async function findAgent(
  page: Page,
  want: { status?: number; mode?: number; minEnergyGap?: number },
) {
  return page.evaluate((want) => {
    const b = window.__vposSwarm!.display.buffers
    for (let i = 0; i < b.count; i++) {
      if (want.status !== undefined && b.status[i] !== want.status) continue
      if (want.mode !== undefined && b.mode[i] !== want.mode) continue
      return b.ids[i]!
    }
    return null
  }, want)
}

export const dialog = (page: Page) => page.getByRole('dialog')

/**
 * GOTCHA: toHaveScreenshot's stylePath arrives as a <style> tag, which the app's CSP (style-src with a
 * nonce) blocks; hide what moves on its own (scene, scan line, clock) through CSSOM instead.
 */
/** Finishes running CSS animations (the dialog's fade/rise) so a screenshot never catches a frame. */
export async function settle(page: Page) {
  await page.evaluate(() => {
    for (const a of document.getAnimations())
      if (a.effect?.getTiming().iterations !== Infinity) a.finish()
  })
}

export async function hideMoving(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>(
      '[data-testid="scene-slot"], [data-testid="scan-line"], [data-testid="clock"]',
    )) {
      el.style.setProperty('visibility', 'hidden', 'important')
    }
  })
}

/**
 * A visual snapshot's name and options on this run's source. The seeded sim holds still under the
 * paused clock; the server's live swarm goes on in real time (its readings, its tasks, its mode's
 * banner and new console lines arrive while the test runs), so a live run masks those parts and
 * has baselines of its own (`<name>-live.png`): compared with the sim's, how many console lines
 * had arrived decided whether the difference crossed the 2 % threshold.
 */
export function visualSnapshot(page: Page, name: string) {
  const live = feedSource() === 'live'
  const mask = live
    ? [
        page.getByRole('region', { name: 'System Status' }),
        page.getByRole('region', { name: 'Current Tasks' }),
        page.getByRole('log', { name: 'Activity log' }),
        page.getByTestId('action-text'),
        page.getByRole('region', { name: 'Overview' }),
      ]
    : []
  return {
    name: live ? `${name}-live.png` : `${name}.png`,
    options: { stylePath: 'tests/e2e/screenshot.css', mask },
  }
}

export const DESKTOP = { viewport: { width: 1440, height: 900 }, timezoneId: 'UTC' }
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  timezoneId: 'UTC',
}

/**
 * A point off the canvas centre where the canvas itself is under the pointer (the error popup and
 * the panels float over the canvas, and how tall the popup is depends on the swarm's errors).
 */
export async function openCanvasPoint(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('swarm-canvas').boundingBox())!
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  const candidates = [
    [180, -60],
    [180, 60],
    [-180, 60],
    [120, 120],
    [-120, 140],
    [200, 160],
  ].map(([dx, dy]) => ({ x: cx + dx!, y: cy + dy! }))
  const free = await page.evaluate((points) => {
    const canvas = document.querySelector('[data-testid="swarm-canvas"]')
    return points.findIndex((p) => canvas?.contains(document.elementFromPoint(p.x, p.y)) ?? false)
  }, candidates)
  expect(free, 'a point where the canvas is not covered').toBeGreaterThanOrEqual(0)
  return candidates[free]!
}
