/**
 * Finding an agent on Swarm Core (issue 32): the find box opens with `/`, Ctrl+K or its button,
 * lists the agents whose short name or id starts with what is typed (a combobox and its listbox),
 * and Enter or a click zooms the camera to the agent and opens its detail; Escape closes. Desktop,
 * portrait tablet and phone, on both feeds (playwright.config.ts live-feed project) and in a replay. The agent to
 * look for is read from the displayed swarm through the test hook (window.__vposSwarm); the rest is
 * typed, pressed and tapped.
 */
import AxeBuilder from '@axe-core/playwright'
import { type Page, expect, test } from '@playwright/test'
import { DESKTOP, PHONE, dialog, feedSource, open } from './swarmFixtures'

const TABLET = { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true }

/**
 * The agent farthest from the centre of the world whose short name no other agent shares (so the
 * camera has a long way to go and the short name finds it alone), and a 3-character id prefix that
 * no agent has.
 */
async function target(page: Page) {
  return page.evaluate(() => {
    const b = window.__vposSwarm!.display.buffers
    const w = window.__vposSwarm!.swarm.world
    const names = new Map<string, number>()
    const prefixes = new Set<string>()
    for (let i = 0; i < b.count; i++) {
      const name = b.ids[i]!.slice(0, 5)
      names.set(name, (names.get(name) ?? 0) + 1)
      prefixes.add(b.ids[i]!.slice(0, 3))
    }
    let best = -1
    let far = -1
    for (let i = 0; i < b.count; i++) {
      if (names.get(b.ids[i]!.slice(0, 5)) !== 1) continue
      const d = Math.hypot(b.x[i]! - w.width / 2, b.y[i]! - w.height / 2)
      if (d > far) [best, far] = [i, d]
    }
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
    let missing = ''
    for (const a of alphabet)
      for (const c of alphabet) if (!missing && !prefixes.has(`${a}${c}7`)) missing = `${a}${c}7`
    return { id: b.ids[best]!, far, missing }
  })
}

/** World units between the camera's centre and agent `id`, and the zoom. */
async function cameraToAgent(page: Page, id: string) {
  return page.evaluate((id) => {
    const h = window.__vposSwarm!
    const b = h.display.buffers
    const i = b.ids.indexOf(id)
    const dx = b.x[i]! - h.swarm.world.width / 2 - h.camera.x
    const dy = b.y[i]! - h.swarm.world.height / 2 - h.camera.y
    return { distance: Math.hypot(dx, dy), zoom: h.camera.zoom }
  }, id)
}

const combobox = (page: Page) => page.getByRole('combobox', { name: 'Agent short name or id' })
const findButton = (page: Page) => page.getByRole('button', { name: /find agent/i })

/** The chosen agent's detail is open and the camera flies to it (zooming in) and stays there. */
async function expectFoundAgent(page: Page, id: string, far: number) {
  const name = id.slice(0, 5).toUpperCase()
  await expect(dialog(page).getByRole('heading', { level: 2 })).toContainText(`Agent ${name}`)
  await expect(combobox(page)).toHaveCount(0)
  await expect
    .poll(async () => (await cameraToAgent(page, id)).distance, { timeout: 20_000 })
    .toBeLessThan(Math.min(5, far / 4))
  await expect.poll(async () => (await cameraToAgent(page, id)).zoom).toBeGreaterThan(2.5)
  await expect(page.getByTestId('follow-chip')).toContainText(`FOLLOWING AGENT ${name}`)
  // the dialog closes with Escape and gives the keyboard back to the find button
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveCount(0)
  await expect(findButton(page)).toBeFocused()
}

for (const [size, options] of [
  ['desktop', DESKTOP],
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test.describe(`Swarm Core find agent (${size})`, () => {
    test.use(options)

    test(`"/" opens it; typing lists the match; Enter flies to the agent and opens it (${size})`, async ({
      page,
    }) => {
      await open(page)
      const { id, far, missing } = await target(page)
      const name = id.slice(0, 5).toUpperCase()
      expect((await cameraToAgent(page, id)).distance).toBeGreaterThan(40)

      await page.keyboard.press('/')
      await expect(combobox(page)).toBeFocused()
      await expect(findButton(page)).toHaveAttribute('aria-expanded', 'true')

      // the empty state names what was typed
      await page.keyboard.type(missing)
      await expect(page.getByTestId('find-agent-status')).toHaveText(
        `No agent matches ${missing.toUpperCase()}…`,
      )
      await expect(page.getByRole('listbox')).toBeHidden()
      await expect(combobox(page)).toHaveAttribute('aria-expanded', 'false')

      await combobox(page).fill('')
      await page.keyboard.type(name.toLowerCase())
      const option = page.getByRole('option', { name: new RegExp(`AGENT ${name}`) })
      await expect(option).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByRole('option')).toHaveCount(1)
      await expect(combobox(page)).toHaveAttribute('aria-expanded', 'true')
      await expect(combobox(page)).toHaveAttribute('aria-activedescendant', /./)
      if (size === 'desktop') {
        const scan = await new AxeBuilder({ page }).include('[role="search"]').analyze()
        expect(scan.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
      }
      await page.screenshot({ path: `/tmp/find-agent-${size}-${feedSource()}.png` })

      await page.keyboard.press('Enter')
      await expectFoundAgent(page, id, far)
    })

    test(`the button opens it; arrows move through the matches; Escape closes (${size})`, async ({
      page,
    }) => {
      await open(page)
      const { id, far } = await target(page)
      const button = findButton(page)
      if (size === 'desktop') await button.click()
      else await button.tap()
      await expect(combobox(page)).toBeFocused()

      // one character several agents' ids start with (a random swarm's chosen agent may be the
      // only one with its first character): several matches, the first highlighted; arrows wrap
      const shared = await page.evaluate(() => {
        const b = window.__vposSwarm!.display.buffers
        const seen = new Map<string, number>()
        for (let i = 0; i < b.count; i++) {
          const c = b.ids[i]!.slice(0, 1)
          seen.set(c, (seen.get(c) ?? 0) + 1)
        }
        return [...seen].sort((a, b) => b[1] - a[1])[0]!
      })
      expect(shared[1], 'a first character several agents share').toBeGreaterThan(1)
      await page.keyboard.type(shared[0])
      const options = page.getByRole('option')
      await expect(options.first()).toHaveAttribute('aria-selected', 'true')
      await expect.poll(() => options.count()).toBeGreaterThan(1)
      const n = await options.count()
      expect(n).toBeGreaterThan(1)
      await page.keyboard.press('ArrowDown')
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
      await page.keyboard.press('ArrowUp')
      await page.keyboard.press('ArrowUp')
      await expect(options.nth(n - 1)).toHaveAttribute('aria-selected', 'true')

      await page.keyboard.press('Escape')
      await expect(combobox(page)).toHaveCount(0)
      await expect(button).toBeFocused()
      await expect(button).toHaveAttribute('aria-expanded', 'false')
      await expect(dialog(page)).toHaveCount(0)

      // Ctrl+K opens it again (desktop); a click or tap on a match chooses it
      if (size === 'desktop') await page.keyboard.press('Control+k')
      else await button.tap()
      await expect(combobox(page)).toBeFocused()
      await page.keyboard.type(`Agent ${id}`)
      const option = page.getByRole('option', { name: new RegExp(`AGENT ${id.slice(0, 5)}`, 'i') })
      if (size === 'desktop') await option.click()
      else await option.tap()
      await expectFoundAgent(page, id, far)
    })
  })
}

test.describe('Swarm Core find agent (a replay)', () => {
  test.use(DESKTOP)

  test('a replayed snapshot is searched: Enter flies to its agent and opens it', async ({
    page,
  }) => {
    await open(page)
    const snapshots = page.getByRole('region', { name: 'Snapshots' })
    await snapshots.getByRole('button', { name: 'Take snapshot' }).click()
    await snapshots.getByRole('button', { name: 'Replay from Snapshot 1' }).click()
    await expect(snapshots.getByRole('group', { name: 'Replay controls' })).toContainText(
      'REPLAY 1 / 1',
    )
    // the agent is read from the displayed swarm: the replay's copy
    const { id, far } = await target(page)
    await page.keyboard.press('/')
    await expect(combobox(page)).toBeFocused()
    await page.keyboard.type(id.slice(0, 5))
    await expect(
      page.getByRole('option', { name: new RegExp(`AGENT ${id.slice(0, 5)}`, 'i') }),
    ).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expectFoundAgent(page, id, far)
  })
})
