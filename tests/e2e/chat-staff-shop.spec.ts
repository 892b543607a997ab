/**
 * /chat, staff and shop: announcements (created, seen by others, removed), the staff name, the
 * vPOS Shop (buy, activate, the badge beside the name), the lost-answer resend, and the failure
 * toasts. Own server with STAFF_WALLETS = the staff test wallet (see chatPage.ts).
 */
import { expect, test } from '@playwright/test'
import { signIn } from '../helpers/wallet'
import {
  alice,
  bob,
  connect,
  enter,
  message,
  openChat,
  send,
  staff,
  startChatServer,
} from './chatPage'
import { pauseClock, settle, toasts } from './walletPages'

const origin = startChatServer()

test.describe('chat: staff and shop', () => {
  test('staff: badge, announcement created (others see it) and removed; the staff name', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const s = await openChat(browser, origin, staff)
    const a = await openChat(browser, origin, alice)
    await connect(s, staff)
    await connect(a, alice)
    await expect(s.getByRole('region', { name: 'Wallet' })).toContainText('vPOS Team')
    // Staff enter any room whatever they hold.
    await expect(s.getByRole('button', { name: 'Enter Platinum Core' })).toBeEnabled()
    await enter(s, 'Signal Relay')
    await enter(a, 'Signal Relay')
    await expect(a.getByRole('button', { name: 'Announce' })).toHaveCount(0)

    await s.getByRole('button', { name: 'Announce' }).click()
    const dialog = s.getByRole('dialog', { name: 'New Announcement' })
    const post = dialog.getByRole('button', { name: 'Post Announcement' })
    await dialog.getByRole('textbox', { name: 'Announcement text' }).fill('   ')
    await expect(post).toBeDisabled()
    await dialog
      .getByRole('textbox', { name: 'Announcement text' })
      .fill('Maintenance at 18:00 UTC')
    await post.click()
    await expect(toasts(s)).toContainText('Announcement Created')
    await expect(s.getByRole('region', { name: 'Announcement' })).toContainText(
      'Maintenance at 18:00 UTC',
    )
    // Alice's room list refreshes every 10 s.
    await pauseClock(a)
    await a.clock.runFor(10_000)
    await settle(a, () =>
      expect(a.getByRole('region', { name: 'Announcement' })).toContainText(
        'Maintenance at 18:00 UTC',
        { timeout: 300 },
      ),
    )
    await expect(a.getByRole('button', { name: 'Remove announcement' })).toHaveCount(0)

    await s.getByRole('button', { name: 'Remove announcement' }).click()
    await expect(toasts(s)).toContainText('Announcement Removed')
    await expect(s.getByRole('region', { name: 'Announcement' })).toHaveCount(0)

    await s.getByRole('textbox', { name: 'Display name' }).fill('vPOS Team')
    await s.getByRole('button', { name: 'Update' }).click()
    await expect(toasts(s)).toContainText('Display Name Updated')
    await send(s, 'official word')
    await expect(message(s, 'official word')).toContainText('vPOS Team')
    await a.clock.runFor(3_000)
    await expect(message(a, 'official word').getByText('vPOS Team').first()).toBeVisible()
    await s.context().close()
    await a.context().close()
  })

  test('shop: buy disabled below the price, purchase, activate, badge beside the name', async ({
    browser,
  }) => {
    const page = await openChat(browser, origin, alice)
    await connect(page, alice)
    await page.getByRole('button', { name: 'Shop' }).click()
    const shop = page.getByRole('dialog', { name: 'vPOS Shop' })
    await expect(shop).toBeVisible()
    const item = (name: string) => shop.getByRole('listitem', { name })
    await expect(
      item('Architect Badge (badge)').getByRole('button', { name: 'Buy' }),
    ).toBeDisabled()

    // A failing purchase says so and leaves the item for sale.
    await page.route('**/api/chat/shop/purchase', (r) => r.fulfill({ status: 500, body: 'boom' }))
    await item('Node Badge (badge)').getByRole('button', { name: 'Buy' }).click()
    await expect(toasts(page)).toContainText('Purchase Failed')
    await expect(toasts(page)).toContainText('Failed to purchase item')
    await page.unroute('**/api/chat/shop/purchase')

    await item('Node Badge (badge)').getByRole('button', { name: 'Buy' }).click()
    await expect(toasts(page)).toContainText('Purchase Successful')
    await expect(toasts(page)).toContainText('You now own: ⬡ NODE')
    await expect(item('Node Badge (badge)')).toContainText('Owned')
    await item('Node Badge (badge)').getByRole('button', { name: 'Activate' }).click()
    await expect(toasts(page)).toContainText('Item Activated')
    await expect(item('Node Badge (badge)')).toContainText('Active')
    await shop.getByRole('button', { name: 'Close' }).click()

    await enter(page, 'Bronze Lounge')
    await send(page, 'shiny new badge')
    await expect(message(page, 'shiny new badge').getByTestId('active-badge')).toHaveText('⬡ NODE')

    await page.getByRole('button', { name: 'Shop' }).click()
    await item('Node Badge (badge)').getByRole('button', { name: 'Deactivate' }).click()
    await expect(toasts(page)).toContainText('Item Deactivated')
    await shop.getByRole('button', { name: 'Close' }).click()
    await expect(message(page, 'shiny new badge').getByTestId('active-badge')).toHaveCount(0)
    await page.context().close()
  })

  test('a send whose answer is lost says so; sending again stores the message once', async ({
    browser,
  }) => {
    const page = await openChat(browser, origin, bob)
    await connect(page, bob)
    await enter(page, 'Bronze Lounge')
    const bodies: Array<{ clientId: string; content: string }> = []
    let loseAnswer = true
    await page.route('**/api/chat/rooms/bronze-lounge/messages', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      bodies.push(route.request().postDataJSON() as { clientId: string; content: string })
      const res = await route.fetch() // the server stores it…
      if (loseAnswer) return route.fulfill({ status: 502, body: 'gateway lost it' }) // …we never hear
      return route.fulfill({ response: res })
    })
    const box = page.getByRole('textbox', { name: 'Message' })
    await box.fill('only once please')
    await box.press('Enter')
    await expect(toasts(page)).toContainText('Failed to send message')
    await expect(box).toHaveValue('only once please') // kept for the retry
    loseAnswer = false
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(box).toHaveValue('')
    expect(bodies).toHaveLength(2)
    expect(bodies[1]?.clientId).toBe(bodies[0]?.clientId)
    await page.clock.runFor(3_000)
    await expect(message(page, 'only once please')).toHaveCount(1)
    const cookie = await signIn(origin, bob)
    const stored = (await (
      await fetch(`${origin}/api/chat/rooms/bronze-lounge/messages`, { headers: { cookie } })
    ).json()) as Array<{ content: string }>
    expect(stored.filter((m) => m.content === 'only once please')).toHaveLength(1)
    await page.context().close()
  })

  test('failure toasts: balance check, announcement, item status', async ({ browser }) => {
    test.setTimeout(90_000)
    const fail = (status = 503) => ({
      status,
      contentType: 'application/json',
      body: '{"error":"down"}',
    })
    // A balance that cannot be verified.
    const page = await openChat(browser, origin, staff)
    await page.route('**/api/chat/verify-token-balance', (r) => r.fulfill(fail()))
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(toasts(page)).toContainText('Balance Check Failed')
    await expect(toasts(page)).toContainText('Could not verify your token balance')
    await page.unroute('**/api/chat/verify-token-balance')

    // Announcements that cannot be saved or removed.
    await enter(page, 'Bronze Lounge')
    await page.route('**/api/chat/rooms/bronze-lounge/announcement', (r) => r.fulfill(fail(500)))
    await page.getByRole('button', { name: 'Announce' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Announcement' })
    await dialog.getByRole('textbox', { name: 'Announcement text' }).fill('will not stick')
    await dialog.getByRole('button', { name: 'Post Announcement' }).click()
    await expect(toasts(page)).toContainText('Failed to create announcement')
    await expect(dialog).toBeVisible() // the text stays for another try
    await page.unroute('**/api/chat/rooms/bronze-lounge/announcement')
    await dialog.getByRole('button', { name: 'Post Announcement' }).click()
    await expect(toasts(page)).toContainText('Announcement Created')
    await page.route('**/api/chat/rooms/bronze-lounge/announcement', (r) => r.fulfill(fail(500)))
    await page.getByRole('button', { name: 'Remove announcement' }).click()
    await expect(toasts(page)).toContainText('Failed to remove announcement')
    await expect(page.getByRole('region', { name: 'Announcement' })).toContainText('will not stick')
    await page.unroute('**/api/chat/rooms/bronze-lounge/announcement')
    await page.getByRole('button', { name: 'Remove announcement' }).click()
    await expect(toasts(page)).toContainText('Announcement Removed')
    await page.context().close()

    // An item whose status cannot be changed (Alice buys a title first).
    const a = await openChat(browser, origin, alice)
    await connect(a, alice)
    await a.getByRole('button', { name: 'Shop' }).click()
    const shop = a.getByRole('dialog', { name: 'vPOS Shop' })
    const title = shop.getByRole('listitem', { name: 'Swarm Operator (title)' })
    await title.getByRole('button', { name: 'Buy' }).click()
    await expect(toasts(a)).toContainText('You now own: Swarm Operator')
    await a.route('**/api/chat/shop/purchases/title-operator', (r) => r.fulfill(fail(500)))
    await title.getByRole('button', { name: 'Activate' }).click()
    await expect(toasts(a)).toContainText('Failed to update item status')
    await expect(title).toContainText('Owned')
    await a.context().close()
  })
})
