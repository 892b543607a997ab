/**
 * /chat in real browsers against its own server (demo chain, STAFF_WALLETS = the staff test
 * wallet): Phantom-shaped wallets with real ed25519 keys are injected as window.phantom.solana.
 * Polling (3 s messages, 10 s participants/rooms) and the 30 s balance freshness run on each page's
 * Playwright clock, so "within one poll" is exactly one 3 s step. Staff, shop and failure paths:
 * chat-staff-shop.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { createTestWallet, signIn } from '../helpers/wallet'
import {
  alice,
  bob,
  connect,
  defaultName,
  enter,
  message,
  openChat,
  send,
  truncated,
  startChatServer,
  XSS,
} from './chatPage'
import { pauseClock, toasts } from './walletPages'

const origin = startChatServer()

test.describe('chat', () => {
  test('connect, rooms by tier, enter, send with Enter, react, rename (refused, then taken), exit', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const page = await openChat(browser, origin, alice)
    await expect(page.getByRole('region', { name: 'Connect Your Wallet' })).toBeVisible()
    await connect(page, alice)
    await expect(page.getByRole('region', { name: 'Wallet' })).toContainText(
      truncated(alice.address),
    )
    expect(await page.evaluate(() => localStorage.getItem('tempDisplayName'))).toBe(
      defaultName(alice.address),
    )

    const rooms = page.getByRole('list', { name: 'Chat rooms' })
    const card = (name: string) => rooms.getByRole('article', { name })
    for (const [name, open] of [
      ['Bronze Lounge', true],
      ['Signal Relay', true],
      ['Silver Lab', true],
      ['Gold Vault', false],
      ['Platinum Core', false],
    ] as const) {
      await expect(
        card(name).getByText(open ? 'Access' : 'No Access', { exact: true }),
      ).toBeVisible()
      const button = page.getByRole('button', { name: `Enter ${name}` })
      if (open) await expect(button).toBeEnabled()
      else await expect(button).toBeDisabled()
    }
    await expect(card('Gold Vault')).toContainText('Requires 100,000 vPOS')

    await enter(page, 'Silver Lab')
    await expect(page.getByText('1 online')).toBeVisible()
    const sendButton = page.getByRole('button', { name: 'Send' })
    await expect(sendButton).toBeDisabled()
    await page.getByRole('textbox', { name: 'Message' }).fill('   ')
    await expect(sendButton).toBeDisabled()
    await send(page, 'hello from alice')
    const mine = message(page, 'hello from alice')
    await expect(mine).toContainText(defaultName(alice.address))

    // Reactions: the hover picker adds, the counts bar toggles back; 👎 lives only in the bar.
    await mine.hover()
    await mine.getByRole('button', { name: 'React 🔥' }).click()
    const fire = mine.getByRole('button', { name: '🔥 1' })
    await expect(fire).toHaveAttribute('aria-pressed', 'true')
    await fire.click()
    await expect(mine.getByRole('button', { name: '🔥 0' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await mine.hover() // unused emojis of the bar show while the message is hovered
    await mine.getByRole('button', { name: '👎 0' }).click()
    await expect(mine.getByRole('button', { name: '👎 1' })).toBeVisible()

    // A staff-only name is refused with the server's text and the field reverts.
    const nameBox = page.getByRole('textbox', { name: 'Display name' })
    await nameBox.fill('vPOS Team')
    await page.getByRole('button', { name: 'Update' }).click()
    await expect(toasts(page)).toContainText('Display Name Error')
    await expect(toasts(page)).toContainText('This display name is reserved for the vPOS Team')
    await expect(nameBox).toHaveValue(defaultName(alice.address))
    await nameBox.fill('Alice')
    await page.getByRole('button', { name: 'Update' }).click()
    await expect(toasts(page)).toContainText('Display Name Updated')
    await expect(page.getByRole('list', { name: 'Participants' })).toContainText('Alice')
    await expect(page.getByRole('list', { name: 'Participants' })).toContainText('Last seen')
    expect(await page.evaluate(() => localStorage.getItem('tempDisplayName'))).toBe('Alice')

    await page.getByRole('button', { name: 'Exit Room' }).click()
    await expect(rooms).toBeVisible()
    await page.context().close()
  })

  test('entering re-verifies a balance older than 30 s, and a lower balance is denied with a toast', async ({
    browser,
  }) => {
    const page = await openChat(browser, origin, alice)
    let lowered = false
    const verifies: number[] = []
    await page.route('**/api/chat/verify-token-balance', async (route) => {
      const res = await route.fetch()
      const body = (await res.json()) as { balance: number; accessLevels: Record<string, boolean> }
      verifies.push(body.balance)
      if (lowered) {
        body.balance = 5_000
        body.accessLevels = { bronze: true, silver: false, gold: false, platinum: false }
      }
      await route.fulfill({ response: res, json: body })
    })
    await connect(page, alice)
    expect(verifies).toHaveLength(1)
    // Fresh (under 30 s): entering does not verify again.
    await enter(page, 'Signal Relay')
    expect(verifies).toHaveLength(1)
    await page.getByRole('button', { name: 'Exit Room' }).click()

    // The holder sold: 31 s later the entry re-verifies, sees 5,000 vPOS and refuses Silver Lab.
    lowered = true
    await page.clock.runFor(31_000)
    await page.getByRole('button', { name: 'Enter Silver Lab' }).click()
    await expect(toasts(page)).toContainText('Access Denied')
    await expect(toasts(page)).toContainText(
      'You need at least 10,000 vPOS tokens to access Silver Lab',
    )
    expect(verifies).toHaveLength(2)
    await expect(page.getByRole('list', { name: 'Chat rooms' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Enter Silver Lab' })).toBeDisabled()
    await expect(page.getByTestId('balance')).toHaveText('5,000 vPOS')
    await page.context().close()
  })

  test('two visitors: a message and a reaction reach the other within 1 s over the push channel, and within one 3 s poll with it blocked', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const a = await openChat(browser, origin, alice)
    const b = await openChat(browser, origin, bob)
    await connect(a, alice)
    await connect(b, bob)
    // The push channel is the room's SSE stream: both pages wait until theirs is open.
    const streams = [a, b].map((p) =>
      p.waitForResponse((r) => r.url().includes('/events?after=') && r.status() === 200),
    )
    await enter(a, 'Bronze Lounge')
    await enter(b, 'Bronze Lounge')
    await Promise.all(streams)

    await send(a, 'pushed to bob')
    const atB = message(b, 'pushed to bob')
    await expect(atB).toBeVisible({ timeout: 1_000 })
    await atB.hover()
    await atB.getByRole('button', { name: 'React 🚀' }).click()
    await expect(message(a, 'pushed to bob').getByRole('button', { name: '🚀 1' })).toBeVisible({
      timeout: 1_000,
    })

    // Push blocked for B (every stream request refused; B re-enters the room): B polls, and what
    // A sends or reacts shows there within one poll period (PRODUCT.md §4: 3 s).
    let refused = 0
    await b.route('**/events?after=*', (r) => (refused++, r.abort()))
    await b.getByRole('button', { name: 'Exit Room' }).click()
    await enter(b, 'Bronze Lounge')
    await expect.poll(() => refused).toBeGreaterThan(0)
    await pauseClock(b)
    await send(a, 'polled by bob')
    const mine = message(a, 'polled by bob')
    await mine.hover()
    await mine.getByRole('button', { name: 'React 👏' }).click()
    await expect(mine.getByRole('button', { name: '👏 1' })).toBeVisible()
    await expect(message(b, 'polled by bob')).toHaveCount(0)
    await b.clock.runFor(3_000)
    const polled = message(b, 'polled by bob')
    await expect(polled).toBeVisible()
    await expect(polled.getByRole('button', { name: '👏 1' })).toBeVisible()
    await a.context().close()
    await b.context().close()
  })

  test('a second browser sees a message within one poll; markup in messages and names stays text', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const a = await openChat(browser, origin, alice)
    const b = await openChat(browser, origin, bob)
    // This one is about the polling path: B's push channel is blocked.
    await b.route('**/events?after=*', (r) => r.abort())
    const dialogs: string[] = []
    for (const p of [a, b]) p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()))
    await connect(a, alice)
    await connect(b, bob)
    await enter(a, 'Bronze Lounge')
    await enter(b, 'Bronze Lounge')
    // B's time now moves only when the test steps it: one step of 3 s is one poll.
    await pauseClock(b)

    await a.getByRole('textbox', { name: 'Display name' }).fill(XSS)
    await a.getByRole('button', { name: 'Update' }).click()
    await expect(toasts(a)).toContainText('Display Name Updated')
    await send(a, XSS)
    await expect(message(a, XSS)).toBeVisible()

    // Not there before B's next poll, there after exactly one 3 s poll.
    await expect(message(b, XSS)).toHaveCount(0)
    await b.clock.runFor(3_000)
    const seen = message(b, XSS)
    await expect(seen).toBeVisible()
    await expect(seen.getByText(XSS, { exact: true })).toHaveCount(2) // the name and the text
    await expect(b.getByRole('log', { name: 'Messages' }).locator('img')).toHaveCount(0)
    // B's participants (10 s registration poll) show A's name as text too.
    await b.clock.runFor(10_000)
    await expect(
      b.getByRole('list', { name: 'Participants' }).getByText(XSS, { exact: true }),
    ).toBeVisible()
    expect(dialogs).toEqual([])

    await a.context().close()
    await b.context().close()
  })

  test('auto-scroll follows new messages near the bottom; scrolled up, a button brings it back', async ({
    browser,
  }) => {
    const a = await openChat(browser, origin, alice)
    await connect(a, alice)
    await enter(a, 'Signal Relay')
    const cookie = await signIn(origin, bob)
    for (let i = 1; i <= 9; i++) {
      const res = await fetch(`${origin}/api/chat/rooms/bronze-signals/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          walletAddress: bob.address,
          displayName: 'bob',
          content: `filler ${i}\n.\n.\n.`,
        }),
      })
      expect(res.status).toBe(201)
    }
    // The next 3 s poll brings them; the list follows to the newest.
    await a.clock.runFor(3_000)
    await expect(message(a, 'filler 9')).toBeInViewport()
    const log = a.getByRole('log', { name: 'Messages' })
    await log.hover()
    await a.mouse.wheel(0, -2_000)
    const toBottom = a.getByRole('button', { name: /Scroll to bottom/ })
    await expect(toBottom).toBeVisible()
    await send(a, 'while scrolled up')
    await expect(message(a, 'while scrolled up')).not.toBeInViewport()
    await toBottom.click()
    await expect(message(a, 'while scrolled up')).toBeInViewport()
    await expect(toBottom).toHaveCount(0)
    await a.context().close()
  })

  test('no wallet: the Phantom Not Found toast, said once', async ({ browser }) => {
    const page = await openChat(browser, origin, null)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(toasts(page)).toContainText('Phantom Not Found')
    await expect(toasts(page)).toContainText('Please install Phantom wallet extension first')
    // issue 30: not again as inline text (the PRODUCT.md §5 text stays the whitelist page's)
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
    await page.context().close()
  })

  test('a failed rooms load shows "Error: Failed to load chat rooms"', async ({ browser }) => {
    const page = await openChat(browser, origin, bob)
    await page.route('**/api/chat/rooms', (r) => r.fulfill({ status: 500, body: 'down' }))
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(toasts(page)).toContainText('Failed to load chat rooms')
    await expect(page.getByRole('alert')).toHaveText('Failed to load chat rooms')
    await page.context().close()
  })

  test('phone: the Menu drawer has Rooms and Participants tabs', async ({ browser }) => {
    const page = await openChat(browser, origin, alice, { width: 390, height: 844 })
    await connect(page, alice)
    await enter(page, 'Bronze Lounge')
    await expect(page.getByRole('list', { name: 'Participants' })).toBeHidden()
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: 'CHAT MENU' })
    await expect(drawer.getByRole('tab', { name: 'Rooms' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await drawer.getByRole('tab', { name: 'Participants' }).click()
    await expect(drawer.getByRole('list', { name: 'Participants' })).toContainText('Last seen')
    await expect(drawer.getByRole('textbox', { name: 'Display name' })).toBeVisible()
    await drawer.getByRole('tab', { name: 'Rooms' }).click()
    await drawer.getByRole('button', { name: /Silver Lab/ }).click()
    await expect(page.getByRole('heading', { name: 'Silver Lab', level: 2 })).toBeVisible()
    await expect(drawer).toHaveCount(0)
    await page.context().close()
  })

  test('no serious or critical accessibility violations (signed out, rooms, inside a room)', async ({
    browser,
  }) => {
    test.setTimeout(150_000)
    const page = await openChat(browser, origin, bob)
    const scan = async () =>
      (await new AxeBuilder({ page }).include('main').analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(await scan()).toEqual([])
    await connect(page, bob)
    expect(await scan()).toEqual([])
    await enter(page, 'Bronze Lounge')
    await send(page, 'accessible')
    expect(await scan()).toEqual([])
    await page.context().close()
  })
})

for (const [name, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`visual: chat rooms and a room on ${name}`, { tag: '@visual' }, async ({ browser }) => {
    // Real time on the page clock: 'Last seen' and the online count compare it with the server's.
    // Each viewport has a room of its own that no other test here uses.
    const room = name === 'desktop' ? 'Gold Vault' : 'Platinum Core'
    const w = createTestWallet(`chat-e2e-visual-${name}`, {
      tier: name === 'desktop' ? 'gold' : 'platinum',
    })
    const page = await openChat(browser, origin, w, viewport)
    await connect(page, w)
    await expect(page.getByRole('list', { name: 'Chat rooms' })).toBeVisible()
    await toasts(page).getByRole('button', { name: 'Close' }).click()
    await pauseClock(page)
    await expect(page).toHaveScreenshot(`chat-rooms-${name}.png`, {
      stylePath: 'tests/e2e/screenshot.css',
    })
    await enter(page, room)
    await send(page, `Hello from the ${name} snapshot`)
    await expect(message(page, `Hello from the ${name} snapshot`)).toBeVisible()
    await page.mouse.move(0, 0)
    await expect(page).toHaveScreenshot(`chat-room-${name}.png`, {
      stylePath: 'tests/e2e/screenshot.css',
      mask: [page.locator('main time')],
    })
    await page.context().close()
  })
}
