/**
 * RELIABILITY.md §12, finding 4: signing out ends a session everywhere it is used. "Sign out
 * everywhere" on one device ends the wallet's other sessions and their open rooms at once (the push
 * stream's `denied` 401), not at the next re-check.
 */
import { expect, test } from '@playwright/test'
import { alice, connect, enter, openChat, startChatServer } from './chatPage'

const origin = startChatServer()

test.describe('chat: sessions', () => {
  test('sign out everywhere on the phone signs the tablet out of its open room within 2 s', async ({
    browser,
  }) => {
    const tablet = await openChat(browser, origin, alice, { width: 820, height: 1180 })
    await connect(tablet, alice)
    await enter(tablet, 'Bronze Lounge')
    await expect(tablet.getByRole('heading', { name: 'Bronze Lounge', level: 2 })).toBeVisible()

    const phone = await openChat(browser, origin, alice, { width: 390, height: 844 })
    await connect(phone, alice)
    await phone.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(phone.getByText('Signed Out Everywhere', { exact: true })).toBeVisible()
    const t0 = Date.now()
    await expect(tablet.getByText('Connect Your Wallet').first()).toBeVisible({ timeout: 5_000 })
    expect(Date.now() - t0).toBeLessThan(2_000)
    await expect(tablet.getByRole('heading', { name: 'Bronze Lounge', level: 2 })).toHaveCount(0)
    await tablet.context().close()
    await phone.context().close()
  })
})
