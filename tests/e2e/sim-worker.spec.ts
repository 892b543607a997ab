/**
 * Where the local simulation runs (issue 13): in its Web Worker by default, sharing its frames with
 * the page through SharedArrayBuffers (the page is cross-origin isolated), or on the main thread
 * with ?sim=main. Both start from the same seeded swarm, and both move it. Picking, the hover card,
 * the detail modal, snapshots and replay are driven on the default (worker) source by
 * swarm.spec.ts and swarm-agent.spec.ts.
 */
import { type Page, expect, test } from '@playwright/test'
import { open } from './swarmFixtures'

const SEED = 23

async function displayed(page: Page) {
  return page.evaluate(() => {
    const b = window.__vposSwarm!.display.buffers
    return {
      isolated: crossOriginIsolated,
      shared: b.x.buffer instanceof SharedArrayBuffer,
      count: b.count,
      x: Array.from(b.x.subarray(0, 20)),
      links: window.__vposSwarm!.display.links.count,
    }
  })
}

for (const [label, extra, shared] of [
  ['in its Web Worker (default), frames shared with the page', '', true],
  ['on the main thread with ?sim=main', '&sim=main', false],
] as const) {
  test(`the local simulation runs ${label}`, async ({ page }) => {
    await open(page, `/?boot=0&seed=${SEED}&feed=sim&e2e=1&agents=2000${extra}`)
    await expect.poll(async () => (await displayed(page)).count).toBe(2000)
    // until the worker's first frame the page shows the swarm it seeded itself (not shared)
    await expect.poll(async () => (await displayed(page)).shared).toBe(shared)
    const a = await displayed(page)
    expect(a.isolated).toBe(true)
    await expect.poll(async () => (await displayed(page)).links).toBeGreaterThan(0)
    // the agents move: positions change from frame to frame
    await expect.poll(async () => (await displayed(page)).x).not.toEqual(a.x)
  })
}

test('worker and main thread start from the same seeded swarm', async ({ page }) => {
  const first = async (extra: string) => {
    await open(page, `/?boot=0&seed=${SEED}&feed=sim&paused=1&e2e=1&agents=500${extra}`)
    await expect.poll(async () => (await displayed(page)).count).toBe(500)
    return (await displayed(page)).x
  }
  const worker = await first('')
  const main = await first('&sim=main')
  expect(worker).toEqual(main)
})
