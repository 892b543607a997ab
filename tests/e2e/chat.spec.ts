/**
 * /chat in real browsers against its own server (demo chain, STAFF_WALLETS = the staff test
 * wallet): Phantom-shaped wallets with real ed25519 keys are injected as window.phantom.solana.
 * Polling (3 s messages, 10 s participants/rooms) and the 30 s balance freshness run on each page's
 * Playwright clock, so "within one poll" is exactly one 3 s step.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { type Browser, type Page, expect, test } from '@playwright/test'
import { demoBalanceOf } from '../../server/chain/demo-chain.provider'
import {
  createTestWallet,
  injectPhantom,
  phantomArgs,
  signIn,
  type TestWallet,
} from '../helpers/wallet'

const port = 20_000 + Math.floor(Math.random() * 20_000)
const origin = `http://127.0.0.1:${port}`
const XSS = '<img src=x onerror=alert(1)>'

const between = (lo: number, hi: number) => (a: string) =>
  demoBalanceOf(a) >= lo && demoBalanceOf(a) < hi
// Alice holds silver (10k–100k): Bronze and Silver rooms open, Gold and Platinum closed.
const alice = createTestWallet('chat-e2e-alice', { predicate: between(20_000, 90_000) })
const bob = createTestWallet('chat-e2e-bob', { tier: 'bronze' })
// The staff wallet holds almost nothing: staff rights come from STAFF_WALLETS, not the balance.
const staff = createTestWallet('chat-e2e-staff', { tier: 'none' })

let server: ChildProcess | undefined

test.beforeAll(async () => {
  server = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'warn',
      STAFF_WALLETS: staff.address,
    },
    stdio: 'ignore',
    detached: true,
  })
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('chat test server did not start')
})

test.afterAll(async () => {
  const s = server
  server = undefined
  if (!s?.pid) return
  const exited = new Promise((r) => s.once('exit', r))
  process.kill(-s.pid, 'SIGTERM')
  await exited
})

/**
 * tests/e2e/screenshot.css (clock, scan line and scene hidden) plus no
 * backdrop blur, from the first paint, as a constructed stylesheet. GOTCHA: toHaveScreenshot's
 * stylePath injects a <style> tag, which our CSP blocks. And under software WebGL the blur of the
 * panels over the live scene makes desktop-sized frames so slow that animations never start and
 * clicks wait; with the scene hidden the blur has nothing to show anyway.
 */
function stillPage(css: string) {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(`${css}\n* { backdrop-filter: none !important; }`)
  const adopt = () => {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', adopt)
  else adopt()
}
const SCREENSHOT_CSS = readFileSync('tests/e2e/screenshot.css', 'utf8')

const truncated = (a: string) => `${a.slice(0, 4)}...${a.slice(-4)}`
const defaultName = (a: string) => `${a.slice(0, 6)}...${a.slice(-4)}`
const amount = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 })

/** A page with `w` injected, its clock installed (flowing until paused), on /chat. */
async function openChat(
  browser: Browser,
  w: TestWallet | null,
  viewport = { width: 1280, height: 860 },
) {
  const context = await browser.newContext({ baseURL: origin, viewport })
  const page = await context.newPage()
  // The decorative scene and blur are off in every test here (see stillPage): the chat behaves
  // the same, and the shared CI cores keep up.
  await page.addInitScript(stillPage, SCREENSHOT_CSS)
  if (w) await page.addInitScript(injectPhantom, phantomArgs(w))
  await page.clock.install()
  // No live feed and a paused swarm behind the page: less work for the shared CI cores.
  await page.goto('/chat?boot=0&feed=sim&paused=1')
  await expect(page.getByRole('heading', { name: 'vPOS Chat' })).toBeVisible()
  return page
}

/**
 * Pauses the page clock once the page has rendered. GOTCHA: paused before the first render,
 * React's Suspense reveal (a timer) never fires and the lazy page stays on 'Loading module...'.
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500)
}

/** The toast region; a modal dialog hides it from the accessibility tree while it is open. */
function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notification', includeHidden: true })
}

async function connect(page: Page, w: TestWallet) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(toasts(page)).toContainText('Connected')
  await expect(page.getByTestId('balance')).toHaveText(`${amount(demoBalanceOf(w.address))} vPOS`)
}

/**
 * GOTCHA: react-query hands results to components through a setTimeout(0); under a paused page
 * clock that timer only fires when the clock is stepped, so step it while waiting.
 */
async function settle(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.clock.runFor(20)
    await check()
  }).toPass({ timeout: 10_000 })
}

async function enter(page: Page, room: string) {
  await page.getByRole('button', { name: `Enter ${room}` }).click()
  await expect(page.getByRole('heading', { name: room, level: 2 })).toBeVisible()
  await expect(page.getByRole('log', { name: 'Messages' })).not.toContainText('Loading messages')
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill(text)
  await box.press('Enter')
  await expect(box).toHaveValue('')
}

const message = (page: Page, text: string) =>
  page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text })

test.describe('chat', () => {
  test('connect, rooms by tier, enter, send with Enter, react, rename (refused, then taken), exit', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const page = await openChat(browser, alice)
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
    const page = await openChat(browser, alice)
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

  test('a second browser sees a message within one poll; markup in messages and names stays text', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const a = await openChat(browser, alice)
    const b = await openChat(browser, bob)
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
    const a = await openChat(browser, alice)
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

  test('staff: badge, announcement created (others see it) and removed; the staff name', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const s = await openChat(browser, staff)
    const a = await openChat(browser, alice)
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
    const page = await openChat(browser, alice)
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

  test('no wallet: the Phantom Not Found toast and the §5 text', async ({ browser }) => {
    const page = await openChat(browser, null)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(toasts(page)).toContainText('Phantom Not Found')
    await expect(toasts(page)).toContainText('Please install Phantom wallet extension first')
    await expect(page.getByRole('alert')).toHaveText(
      'Solana wallet not found! Please install a Solana wallet extension.',
    )
    await page.context().close()
  })

  test('a failed rooms load shows "Error: Failed to load chat rooms"', async ({ browser }) => {
    const page = await openChat(browser, bob)
    await page.route('**/api/chat/rooms', (r) => r.fulfill({ status: 500, body: 'down' }))
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(toasts(page)).toContainText('Failed to load chat rooms')
    await expect(page.getByRole('alert')).toHaveText('Failed to load chat rooms')
    await page.context().close()
  })

  test('a send whose answer is lost says so; sending again stores the message once', async ({
    browser,
  }) => {
    const page = await openChat(browser, bob)
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
    const page = await openChat(browser, staff)
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
    const a = await openChat(browser, alice)
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

  test('phone: the Menu drawer has Rooms and Participants tabs', async ({ browser }) => {
    const page = await openChat(browser, alice, { width: 390, height: 844 })
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
    const page = await openChat(browser, bob)
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
  test(`visual: chat rooms and a room on ${name}`, async ({ browser }) => {
    // Real time on the page clock: 'Last seen' and the online count compare it with the server's.
    // Each viewport has a room of its own that no other test here uses.
    const room = name === 'desktop' ? 'Gold Vault' : 'Platinum Core'
    const w = createTestWallet(`chat-e2e-visual-${name}`, {
      tier: name === 'desktop' ? 'gold' : 'platinum',
    })
    const page = await openChat(browser, w, viewport)
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
