/**
 * Issue 30 ("what a newcomer hit"), the Swarm Core items: the Snapshots list (item 8) and the
 * agent detail modal's words (item 10), at desktop 1440×900. The chat, whitelist and shop items are
 * in newcomer-30.spec.ts. The name ends in `swarm.spec.ts`, so the live-feed project runs these too
 * (playwright.config.ts): the main view is tested on both feeds.
 */
import { expect, test } from '@playwright/test'
import { DESKTOP, dialog, frozen } from './swarmFixtures'

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
