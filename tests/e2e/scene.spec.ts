import { expect, test } from '@playwright/test'
import { screenToWorld, worldToScreen } from '../../src/scene/camera/camera'
import { nearestAgentAt } from '../../src/scene/picking/nearest'
import {
  HOME,
  SEED,
  agents,
  cameraOf,
  clicksResolved,
  distanceTo,
  findPoints,
  openScene,
  viewFrame,
  within,
} from './sceneFixtures'
import { openCanvasPoint } from './swarmFixtures'

/**
 * The swarm scene (issue 4; ARCHITECTURE.md "Scene and the frame loop"): WebGL2 canvas, camera rig
 * (drag, wheel, trackpad pinch, keys; touch pan and pinch are in scene-touch.spec.ts), GPU picking
 * of the nearest agent within the PRODUCT.md §2 threshold (ARCHITECTURE.md "Picking"), and visual
 * snapshots. Shared set-up: sceneFixtures.ts.
 */

/** Hides everything but the canvas for the visual snapshots (the overlays have their own specs). */
const ONLY_CANVAS = 'tests/e2e/scene-only.css'

test.describe('swarm scene (desktop)', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('left-drag pans: the world follows the pointer', async ({ page }) => {
    await openScene(page)
    const [from] = await findPoints(
      page,
      (x, y, f) => within(x, y, f, 'mouse').length === 0 && Math.abs(x - f.width / 2) < 200,
    )
    expect(from, 'a free spot of canvas').toBeTruthy()
    const to = { x: from!.x + 120, y: from!.y - 70 }
    const frame = await viewFrame(page)
    const grabbed = screenToWorld(HOME, frame, from!.x, from!.y)
    await page.mouse.move(from!.x, from!.y)
    await page.mouse.down()
    await page.mouse.move(to.x, to.y, { steps: 8 })
    await page.mouse.up()
    await expect.poll(() => cameraOf(page)).toEqual({ x: -120, y: 70, zoom: 1 })
    const under = screenToWorld(await cameraOf(page), frame, to.x, to.y)
    expect(under.x).toBeCloseTo(grabbed.x, 6)
    expect(under.y).toBeCloseTo(grabbed.y, 6)
    await expect(page.locator('html')).toHaveAttribute('data-selected-agent', '')
  })

  test('wheel zooms 0.1 per notch toward the cursor and clamps at 0.5 and 5', async ({ page }) => {
    await openScene(page)
    const surface = page.getByTestId('swarm-canvas')
    const [p] = await findPoints(
      page,
      (x, y, f) => Math.abs(x - f.width / 2) > 150 && Math.abs(x - f.width / 2) < 300,
    )
    const frame = await viewFrame(page)
    const anchor = screenToWorld(HOME, frame, p!.x, p!.y)
    await page.mouse.move(p!.x, p!.y)
    await page.mouse.wheel(0, -100)
    await expect(surface).toHaveAttribute('data-zoom', '1.1')
    await page.mouse.wheel(0, -100)
    await expect(surface).toHaveAttribute('data-zoom', '1.2')
    // toward the cursor: the world point under it stays there
    const kept = screenToWorld(await cameraOf(page), frame, p!.x, p!.y)
    expect(kept.x).toBeCloseTo(anchor.x, 2)
    expect(kept.y).toBeCloseTo(anchor.y, 2)
    await page.mouse.wheel(0, 100)
    await expect(surface).toHaveAttribute('data-zoom', '1.1')
    // a fast spin of 45 notches (Chrome may coalesce it into fewer events) stops at 5
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -1500)
    await expect(surface).toHaveAttribute('data-zoom', '5')
    await page.mouse.wheel(0, -100)
    await expect(surface).toHaveAttribute('data-zoom', '5')
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 1500)
    await expect(surface).toHaveAttribute('data-zoom', '0.5')
    await page.mouse.wheel(0, -100)
    await expect(surface).toHaveAttribute('data-zoom', '0.6')
  })

  test('ctrl+wheel (trackpad pinch) zooms smoothly toward the cursor', async ({ page }) => {
    await openScene(page)
    const surface = page.getByTestId('swarm-canvas')
    const [p] = await findPoints(page, (x, _y, f) => Math.abs(x - f.width / 2) < 100)
    await page.mouse.move(p!.x, p!.y)
    await page.keyboard.down('Control')
    await page.mouse.wheel(0, -20)
    await page.keyboard.up('Control')
    await expect
      .poll(async () => Number(await surface.getAttribute('data-zoom')))
      .toBeCloseTo(Math.exp(0.2), 5)
  })

  test('arrow keys pan, + and − zoom, 0 resets', async ({ page }) => {
    await openScene(page)
    const canvas = page.getByTestId('swarm-canvas').locator('canvas')
    await canvas.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => cameraOf(page)).toEqual({ x: 50, y: 50, zoom: 1 })
    await page.keyboard.press('+')
    await expect.poll(() => cameraOf(page)).toEqual({ x: 50, y: 50, zoom: 1.25 })
    await page.keyboard.press('-')
    await page.keyboard.press('-')
    await expect.poll(() => cameraOf(page)).toEqual({ x: 50, y: 50, zoom: 0.75 })
    await page.keyboard.press('0')
    await expect.poll(() => cameraOf(page)).toEqual(HOME)
  })

  test('keyboard focus on the canvas shows a ring and the keys, reached with Tab', async ({
    page,
  }) => {
    await openScene(page)
    const canvas = page.getByTestId('swarm-canvas').locator('canvas')
    const ring = () =>
      page.evaluate(() => {
        const after = getComputedStyle(document.querySelector('main')!, '::after')
        const before = getComputedStyle(document.querySelector('main')!, '::before')
        return { border: after.borderTopWidth, hint: before.content }
      })
    expect((await ring()).border).not.toBe('2px')
    await page.keyboard.press('Tab') // the skip link
    await page.keyboard.press('Tab') // the canvas
    await expect(canvas).toBeFocused()
    expect(await ring()).toEqual({
      border: '2px',
      hint: '"Arrows pan · + − zoom · 0 resets · N P agents"',
    })
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => cameraOf(page)).toEqual({ x: -50, y: 0, zoom: 1 })
  })

  test('follow an agent from the detail modal: zoom to it, keep it centred, stop on a pan', async ({
    page,
  }) => {
    await openScene(page, '&e2e=1')
    const frame = await viewFrame(page)
    const i = 17
    await page.evaluate((id) => window.__vposSwarm!.selectAgent(id), agents.ids[i]!)
    const modal = page.getByRole('dialog')
    await modal.getByRole('button', { name: 'Zoom to agent' }).click()
    await expect(modal).toHaveCount(0)
    await expect(page.getByTestId('follow-chip')).toContainText(
      `FOLLOWING AGENT ${agents.ids[i]!.slice(0, 4).toUpperCase()}`,
    )
    // it eases there: zoom 3, the agent at the centre of the canvas
    await expect.poll(async () => (await cameraOf(page)).zoom, { timeout: 15_000 }).toBe(3)
    const centred = worldToScreen(await cameraOf(page), frame, agents.x[i]!, agents.y[i]!)
    expect(centred.x).toBeCloseTo(frame.width / 2, 1)
    expect(centred.y).toBeCloseTo(frame.height / 2, 1)
    // a drag is the user taking the camera back: following stops and the view stays where put
    await page.mouse.move(720, 380) // free canvas between the side columns
    await page.mouse.down()
    await page.mouse.move(780, 380, { steps: 4 })
    await page.mouse.up()
    await expect(page.getByTestId('follow-chip')).toHaveCount(0)
    const after = await cameraOf(page)
    await page.waitForTimeout(300)
    expect(await cameraOf(page)).toEqual(after)
  })

  test('F on the hover card follows the hovered agent while the swarm moves', async ({ page }) => {
    await page.goto(`/?boot=0&seed=${SEED}&feed=sim&e2e=1`)
    await expect(page.locator('html')).toHaveAttribute('data-scene-ready', '1', { timeout: 30_000 })
    const id = await page.evaluate(() => {
      const h = window.__vposSwarm!
      const id = h.display.buffers.ids[5]!
      h.setHoverInfo({ agentId: id, position: { x: 700, y: 400 } })
      return id
    })
    await expect(page.getByTestId('agent-hover-card')).toContainText('follow')
    await page.keyboard.press('f')
    await expect(page.getByTestId('follow-chip')).toBeVisible()
    // once it has caught up, the moving agent stays at the centre
    await expect
      .poll(
        () =>
          page.evaluate((id) => {
            const h = window.__vposSwarm!
            const b = h.display.buffers
            const k = b.ids.indexOf(id)
            const c = document.querySelector('[data-testid="swarm-canvas"] canvas')!
            const x = (b.x[k]! - h.swarm.world.width / 2 - h.camera.x) * h.camera.zoom
            const y = (b.y[k]! - h.swarm.world.height / 2 - h.camera.y) * h.camera.zoom
            return c !== null && Math.hypot(x, y) < 1.5
          }, id),
        { timeout: 15_000 },
      )
      .toBe(true)
    // a wheel on the canvas itself (the error popup and the panels float over parts of it; the
    // popup can open over the chosen point between the choice and the wheel: then choose again)
    await expect(async () => {
      const at = await openCanvasPoint(page)
      await page.mouse.move(at.x, at.y)
      await page.mouse.wheel(0, -100)
      await expect(page.getByTestId('follow-chip')).toHaveCount(0, { timeout: 1_500 })
    }).toPass({ timeout: 10_000 })
  })

  test('a drag never selects, even one that ends where it started', async ({ page }) => {
    await openScene(page)
    const [p] = await findPoints(page, (x, y, f) => within(x, y, f, 'mouse').length === 1)
    const frame = await viewFrame(page)
    const want = nearestAgentAt(agents, HOME, frame, p!.x, p!.y, 'mouse')
    const before = await clicksResolved(page)
    await page.mouse.move(p!.x, p!.y)
    await page.mouse.down()
    await page.mouse.move(p!.x + 40, p!.y + 10, { steps: 3 })
    await page.mouse.move(p!.x, p!.y, { steps: 3 })
    await page.mouse.up()
    await expect.poll(() => cameraOf(page)).toEqual(HOME)
    expect(await clicksResolved(page)).toBe(before)
    await expect(page.locator('html')).toHaveAttribute('data-selected-agent', '')
    // the same spot, clicked, does select: the drag was the only reason nothing was selected
    await page.mouse.click(p!.x, p!.y)
    await expect(page.locator('html')).toHaveAttribute('data-selected-agent', agents.ids[want]!)
  })
})

// Drawing and picking in both agent draw modes (src/scene/agents/agentDraw.ts): instanced quads
// (the renderer on GPUs) and points (chosen on software WebGL such as this SwiftShader); picking in
// its worker, and on the main thread (?picker=main, the fallback).
for (const [draw, picker] of [
  ['instanced', 'worker'],
  ['instanced', 'main'],
  ['points', 'worker'],
  ['points', 'main'],
] as const) {
  const query = `&agentDraw=${draw}${picker === 'main' ? '&picker=main' : ''}`
  test.describe(`swarm scene drawing and picking (${draw}, ${picker}-thread picking)`, () => {
    test.use({ viewport: { width: 1440, height: 900 } })

    test(`draws ${draw} agents with a WebGL2 context (a blank canvas fails)`, async ({ page }) => {
      await openScene(page, query)
      const surface = page.getByTestId('swarm-canvas')
      await expect(surface).toHaveAttribute('data-webgl', 'webgl2')
      await expect(surface.locator('canvas')).toHaveAttribute('data-agent-draw', draw)
      await expect(surface.locator('canvas')).toHaveAttribute('data-picker', picker)
      const ctx = await surface.locator('canvas').evaluate((c: HTMLCanvasElement) => {
        // A canvas that already holds a WebGL context refuses a 2D one; a blank canvas would not.
        const twoD = c.getContext('2d')
        const gl = c.getContext('webgl2')
        return {
          twoD: twoD !== null,
          gl: gl !== null && !gl.isContextLost(),
          w: gl?.drawingBufferWidth ?? 0,
          // opaque (sceneRenderer.ts): the compositor need not draw the page under the canvas
          alpha: gl?.getContextAttributes()?.alpha,
        }
      })
      expect(ctx).toEqual({ twoD: false, gl: true, w: 1440, alpha: false })
    })

    test('clicking selects the agent nearest the pointer within the threshold', async ({
      page,
    }) => {
      await openScene(page, query)
      // A spot where two or more agents are within reach and one is clearly nearest: the nearest
      // wins, not the first drawn or the largest.
      const crowded = await findPoints(
        page,
        (x, y, f) => {
          const near = within(x, y, f, 'mouse')
          return (
            near.length >= 2 &&
            distanceTo(near[1]!, x, y, f) - distanceTo(near[0]!, x, y, f) > 3 &&
            near[0]! > near[1]!
          )
        },
        5,
      )
      expect(crowded.length, 'a spot with two agents in reach').toBeGreaterThan(0)
      const p = crowded[Math.floor(crowded.length / 2)]!
      const frame = await viewFrame(page)
      const want = nearestAgentAt(agents, HOME, frame, p.x, p.y, 'mouse')
      expect(want).toBe(within(p.x, p.y, frame, 'mouse')[0])
      await page.mouse.click(p.x, p.y)
      await expect(page.locator('html')).toHaveAttribute('data-selected-agent', agents.ids[want]!)
    })

    test('a click beside all agents selects nothing', async ({ page }) => {
      await openScene(page, query)
      const empty = await findPoints(page, (x, y, f) => within(x, y, f, 'touch').length === 0)
      const p = empty[Math.floor(empty.length / 2)]!
      const before = await clicksResolved(page)
      await page.mouse.click(p.x, p.y)
      await expect.poll(() => clicksResolved(page)).toBe(before + 1)
      await expect(page.locator('html')).toHaveAttribute('data-selected-agent', '')
    })

    test('hovering an agent reports it with the pointer position; leaving clears it', async ({
      page,
    }) => {
      await openScene(page, query)
      const [p] = await findPoints(page, (x, y, f) => within(x, y, f, 'mouse').length === 1)
      const frame = await viewFrame(page)
      const want = nearestAgentAt(agents, HOME, frame, p!.x, p!.y, 'mouse')
      await page.mouse.move(p!.x - 40, p!.y)
      await page.mouse.move(p!.x, p!.y, { steps: 4 })
      const html = page.locator('html')
      await expect(html).toHaveAttribute('data-hover-agent', agents.ids[want]!)
      const empty = await findPoints(
        page,
        (x, y, f) => within(x, y, f, 'mouse').length === 0 && Math.hypot(x - p!.x, y - p!.y) < 120,
      )
      await page.mouse.move(empty[0]!.x, empty[0]!.y, { steps: 3 })
      await expect(html).toHaveAttribute('data-hover-agent', '')
    })
  })
}

// GOTCHA: the screenshot stylesheet is injected as an inline <style>, which the app's CSP (style-src
// with a nonce) refuses; these contexts bypass CSP so the overlays can be hidden.
for (const [name, viewport, query] of [
  ['desktop', { width: 1440, height: 900 }, ''],
  ['desktop-instanced', { width: 1440, height: 900 }, '&agentDraw=instanced'],
  ['phone', { width: 390, height: 844 }, ''],
] as const) {
  test.describe(`swarm scene visual (${name})`, () => {
    test.use({ viewport, bypassCSP: true, hasTouch: name === 'phone' })

    test(`the scene at a fixed seed, paused (${name})`, { tag: '@visual' }, async ({ page }) => {
      await openScene(page, query)
      await expect(page).toHaveScreenshot(`scene-${name}.png`, { stylePath: ONLY_CANVAS })
    })
  })
}
