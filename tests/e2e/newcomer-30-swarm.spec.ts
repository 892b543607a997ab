/**
 * Issue 30 ("what a newcomer hit"), the Swarm Core items: the Snapshots list (item 8) and the
 * agent detail modal's words (item 10), at desktop 1440×900. The chat, whitelist and shop items are
 * in newcomer-30.spec.ts. The name ends in `swarm.spec.ts`, so the live-feed project runs these too
 * (playwright.config.ts): the main view is tested on both feeds.
 */
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, dialog, frozen } from './swarmFixtures'

/** The Snapshots panel with `n` snapshots taken. */
async function withSnapshots(page: Page, n: number) {
  await frozen(page)
  const panel = page.getByRole('region', { name: 'Snapshots' })
  for (let i = 0; i < n; i++) await panel.getByRole('button', { name: 'Take snapshot' }).click()
  const list = panel.getByRole('list', { name: 'Saved snapshots' })
  await expect(list.getByRole('listitem')).toHaveCount(n)
  return { panel, list }
}

/** Is `name`'s row wholly inside the list's scroll box? */
function rowShown(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Saved snapshots' })
    .getByRole('listitem', { name, exact: true })
    .evaluate((li) => {
      let box = li.parentElement
      while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement
      const r = li.getBoundingClientRect()
      const b = box!.getBoundingClientRect()
      return r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5
    })
}

test.describe('8. snapshots on the desktop', () => {
  test.use(DESKTOP)

  test('a list longer than its box says it continues, and more ▾ shows the rest', async ({
    page,
  }) => {
    const { panel } = await withSnapshots(page, 4)
    await panel.scrollIntoViewIfNeeded()
    expect(await rowShown(page, 'Snapshot 1')).toBe(true)
    expect(await rowShown(page, 'Snapshot 4')).toBe(false)
    const more = panel.getByTestId('scroll-more')
    await expect(more).toBeVisible()
    await more.click()
    await expect.poll(() => rowShown(page, 'Snapshot 4')).toBe(true)
    await expect(more, 'at the end the sign goes').toHaveCount(0)
    await page.screenshot({
      path: test.info().outputPath('snapshots-desktop.png'),
      clip: (await panel.boundingBox())!,
    })
  })

  test('Del offers Undo for 5 s: Undo puts the snapshot back in its place', async ({ page }) => {
    const { panel, list } = await withSnapshots(page, 3)
    const names = () => list.getByRole('listitem').evaluateAll((l) => l.map((e) => e.ariaLabel))
    await list.getByRole('button', { name: 'Delete Snapshot 2' }).click()
    await expect(list.getByRole('listitem')).toHaveCount(2)
    await expect(panel.getByRole('status')).toHaveText('Deleted Snapshot 2')
    const undo = panel.getByRole('button', { name: 'Undo' })
    await expect(undo, 'focus went to Undo, not to <body>').toBeFocused()
    await page.keyboard.press('Enter')
    expect(await names()).toEqual(['Snapshot 1', 'Snapshot 2', 'Snapshot 3'])
    await expect(undo).toHaveCount(0)
    await expect(list.getByRole('button', { name: 'Delete Snapshot 2' })).toBeFocused()

    // not undone: after 5 s the offer goes, and so does the snapshot
    await list.getByRole('button', { name: 'Delete Snapshot 3' }).click()
    await expect(undo).toBeVisible()
    await page.clock.runFor(4_900)
    await expect(undo).toBeVisible()
    await page.clock.runFor(200)
    await expect(undo).toHaveCount(0)
    expect(await names()).toEqual(['Snapshot 1', 'Snapshot 2'])
    await expect(panel.getByRole('button', { name: 'Take snapshot' })).toBeFocused()
  })
})

test.describe('10. the agent detail modal', () => {
  test.use(DESKTOP)

  test('tabs named alike (Status, Tasks, Network, Resources), and 1 link, not 1 links', async ({
    page,
  }) => {
    await frozen(page)
    const id = await page.evaluate(() => {
      const b = window.__vposSwarm!.display.buffers
      for (let i = 0; i < b.count; i++) if (b.connections[i] === 1) return b.ids[i]!
      return null
    })
    expect(id, 'an agent with one connection').not.toBeNull()
    await page.evaluate((id) => window.__vposSwarm!.selectAgent(id), id!)
    const modal = dialog(page)
    await expect(modal).toBeVisible()
    expect(await modal.getByRole('tab').allTextContents()).toEqual([
      'Status',
      'Tasks',
      'Network',
      'Resources',
    ])
    await expect(modal.getByText('1 connection', { exact: true })).toBeVisible()
    await expect(modal.getByText('1 link', { exact: true })).toBeVisible()
    await expect(modal.getByText('0 links', { exact: true })).toBeVisible()
    await expect(modal.getByText(/\b1 (links|connections)\b/)).toHaveCount(0)
  })
})
