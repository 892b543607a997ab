/**
 * The Swarm Core dock (phones and portrait tablets) by keyboard: the WAI-ARIA tabs pattern. Runs on
 * both feeds (playwright.config.ts live-feed project).
 */
import { expect, test } from '@playwright/test'
import { PHONE, frozen } from './swarmFixtures'

test.describe('Swarm Core dock (phone)', () => {
  test.use(PHONE)

  test('phone dock by keyboard: one tab stop; the arrows, Home and End move between the tabs', async ({
    page,
  }) => {
    await frozen(page)
    const tabs = page.getByRole('tablist', { name: 'Swarm panels' }).getByRole('tab')
    const names = await tabs.allTextContents()
    expect(names.length).toBeGreaterThan(2)
    // only the shown tab is in the Tab order
    await expect(tabs.first()).toHaveAttribute('tabindex', '0')
    for (let i = 1; i < names.length; i++)
      await expect(tabs.nth(i)).toHaveAttribute('tabindex', '-1')
    const selected = () => page.getByRole('tab', { selected: true })
    await tabs.first().focus()
    await page.keyboard.press('ArrowRight')
    await expect(selected()).toHaveText(names[1]!)
    await expect(selected()).toBeFocused()
    await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', /dock-tab-/)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(selected()).toHaveText(names.at(-1)!) // wraps
    await page.keyboard.press('Home')
    await expect(selected()).toHaveText(names[0]!)
    await page.keyboard.press('End')
    await expect(selected()).toHaveText(names.at(-1)!)
    await expect(tabs.last()).toHaveAttribute('tabindex', '0')
    // a folded dock stays folded: the arrows only move the focus
    await page.getByRole('button', { name: 'Hide panels' }).click()
    await tabs.last().focus()
    await page.keyboard.press('ArrowRight')
    await expect(tabs.first()).toBeFocused()
    await expect(page.getByRole('tabpanel')).toHaveCount(0)
    await page.keyboard.press('Enter')
    await expect(selected()).toHaveText(names[0]!)
    await expect(page.getByRole('tabpanel')).toBeVisible()
  })
})
