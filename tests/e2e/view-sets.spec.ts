/**
 * A big swarm (issue 13): the sim worker builds, with every frame, the view set of the rectangle
 * the page asked for (src/sim/viewSet.ts), so the page gathers, uploads and draws only the agents
 * and links near the view. Drawing and GPU picking must be exactly as with the whole buffers: a
 * click selects the agent under the pointer, before and after a pan (a new rectangle asked for).
 */
import { type Page, expect, test } from '@playwright/test'

const AGENTS = 200_000

/** Screen points (CSS px) of agents alone within 30 px that the canvas itself receives. */
async function lonelyAgents(page: Page) {
  return page.evaluate(() => {
    const hook = window.__vposSwarm!
    const b = hook.display.buffers
    const world = hook.swarm.world
    const el = document.querySelector<HTMLElement>('[data-testid="swarm-canvas"]')!
    const zoom = Number(el.dataset.zoom)
    const cx = Number(el.dataset.panX) + world.width / 2
    const cy = Number(el.dataset.panY) + world.height / 2
    const w = window.innerWidth
    const h = window.innerHeight
    const on: { i: number; x: number; y: number }[] = []
    for (let i = 0; i < b.count; i++) {
      const x = (b.x[i]! - cx) * zoom + w / 2
      const y = (b.y[i]! - cy) * zoom + h / 2
      if (x > -40 && x < w + 40 && y > -40 && y < h + 40) on.push({ i, x, y })
    }
    return on
      .filter(
        (p) =>
          p.x > 20 &&
          p.x < w - 20 &&
          p.y > 20 &&
          p.y < h - 20 &&
          document.elementFromPoint(p.x, p.y)?.closest('[data-testid="swarm-canvas"]') != null &&
          on.every((q) => q === p || Math.hypot(q.x - p.x, q.y - p.y) > 30),
      )
      .map((p) => ({ id: b.ids[p.i]!, x: p.x, y: p.y }))
  })
}

async function clickSelects(page: Page) {
  const spots = await lonelyAgents(page)
  expect(spots.length).toBeGreaterThan(2)
  const spot = spots[Math.floor(spots.length / 2)]!
  await page.mouse.click(spot.x, spot.y)
  await expect(page.locator('html')).toHaveAttribute('data-selected-agent', spot.id)
  await page.keyboard.press('Escape')
}

for (const [picker, extra] of [
  ['in its worker', ''],
  ['on the main thread (?picker=main)', '&picker=main'],
] as const) {
  test(`${AGENTS.toLocaleString('en-US')} agents: drawn from the worker's view set; a click picks the agent under it (picking ${picker}), before and after a pan`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.goto(`/?boot=0&seed=5&feed=sim&paused=1&e2e=1&agents=${AGENTS}${extra}`)
    await expect(page.locator('html')).toHaveAttribute('data-scene-ready', '1', { timeout: 60_000 })
    const canvas = page.locator('canvas[data-agent-draw]')
    await expect(canvas).toHaveAttribute('data-view-set', 'worker')
    await clickSelects(page)
    // pan well past the asked rectangle's margin: the page asks again, the worker's set follows
    const box = (await canvas.boundingBox())!
    const from = { x: box.x + box.width * 0.5, y: box.y + box.height * 0.55 }
    const surface = page.getByTestId('swarm-canvas')
    const panX = Number(await surface.getAttribute('data-pan-x'))
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    for (let k = 1; k <= 12; k++) {
      await page.mouse.move(from.x - 50 * k, from.y - 25 * k)
    }
    await page.mouse.up()
    expect(Number(await surface.getAttribute('data-pan-x'))).toBeGreaterThan(panX + 500)
    await expect(canvas).toHaveAttribute('data-view-set', 'worker')
    await clickSelects(page)
  })
}
