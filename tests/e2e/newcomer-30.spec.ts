/**
 * Issue 30 ("what a newcomer hit"), the chat, whitelist and shop items, at desktop 1440×900,
 * tablet 820×1180 (touch) and phone 390×844 (touch). Each test failed on the code before its fix.
 * Items 8 and 10 on the Swarm Core page (snapshots, the agent detail modal) are in
 * swarm-newcomer.spec.ts, which also runs on the live feed.
 */
import { expect, test, type Page } from '@playwright/test'
import { demoBalanceOf } from '../../server/chain/demo-chain.provider'
import { DEFAULT_TIER_THRESHOLDS } from '../../src/contracts/chat'
import { createTestWallet, injectPhantom, phantomArgs, type TestWallet } from '../helpers/wallet'
import { SCREENSHOT_CSS, stillPage, toasts } from './walletPages'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const TABLET = { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true }
const DESKTOP = { viewport: { width: 1440, height: 900 } }
const SIZES = { phone: PHONE, tablet: TABLET, desktop: DESKTOP } as const

const amount = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 })

/** `path` with `w` injected as Phantom (or no wallet at all), the scene still and paused. */
async function openWith(page: Page, path: string, w: TestWallet | null) {
  await page.addInitScript(stillPage, SCREENSHOT_CSS)
  if (w) await page.addInitScript(injectPhantom, phantomArgs(w))
  await page.goto(`${path}?boot=0&feed=sim&paused=1`)
}

/** /chat, connected as `w` (balance shown). */
async function chatAs(page: Page, w: TestWallet) {
  await openWith(page, '/chat', w)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(toasts(page)).toContainText('Connected')
  await expect(page.getByTestId('balance')).toHaveText(`${amount(demoBalanceOf(w.address))} vPOS`)
}

async function enterRoom(page: Page, room: string) {
  await page.getByRole('button', { name: `Enter ${room}` }).click()
  await expect(page.getByRole('heading', { name: room, level: 2 })).toBeVisible()
}

test.describe('5. focus goes somewhere sensible', () => {
  for (const size of ['desktop', 'phone'] as const) {
    test(`${size}: after connecting on /whitelist, focus is on the eligibility check`, async ({
      browser,
    }) => {
      const context = await browser.newContext(SIZES[size])
      const page = await context.newPage()
      await openWith(page, '/whitelist', createTestWallet(`n30-wl-focus-${size}`))
      const connect = page.getByRole('button', { name: 'Connect Wallet' })
      await connect.focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible()
      const eligibility = page.getByRole('region', { name: 'Eligibility' })
      await expect(eligibility).toBeFocused()
      // it stays there while the check runs and its result arrives
      await expect(eligibility.getByRole('heading', { level: 2 }).nth(1)).toBeVisible()
      await expect(eligibility).toBeFocused()
      await context.close()
    })
  }

  test.describe('phone', () => {
    test.use(PHONE)

    test('Escape closes the navigation drawer and puts focus back on the burger', async ({
      page,
    }) => {
      await openWith(page, '/chat', null)
      const burger = page.getByRole('button', { name: 'Open menu' })
      await burger.tap()
      const drawer = page.getByRole('dialog', { name: 'vPOS' })
      await expect(drawer.getByRole('link', { name: 'Whitelist' })).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(drawer).toHaveCount(0)
      // Radix hands focus back in a timer after the drawer unmounts: wait for it, as a user would.
      await expect(burger).toBeFocused()
      // closed with its ✕ button too
      await burger.tap()
      await drawer.getByRole('button', { name: 'Close menu' }).tap()
      await expect(drawer).toHaveCount(0)
      await expect(burger).toBeFocused()
    })
  })

  for (const size of ['desktop', 'tablet'] as const) {
    test(`${size}: BUY and ACTIVATE in the shop keep focus on the item, and Escape still closes it`, async ({
      browser,
    }) => {
      const context = await browser.newContext(SIZES[size])
      const page = await context.newPage()
      await chatAs(page, createTestWallet(`n30-shop-${size}`, { tier: 'silver' }))
      const shopButton = page.getByRole('button', { name: 'Shop' })
      await shopButton.focus()
      await page.keyboard.press('Enter')
      const shop = page.getByRole('dialog', { name: 'vPOS Shop' })
      const node = shop.getByRole('listitem', { name: 'Node Badge (badge)' })
      await node.getByRole('button', { name: 'Buy' }).focus()
      await page.keyboard.press('Enter')
      await expect(shop.getByRole('status').first()).toHaveText(
        'Purchase Successful: You now own: ⬡ NODE',
      )
      const activate = node.getByRole('button', { name: 'Activate' })
      await expect(activate).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(shop.getByRole('status').first()).toHaveText('Item Activated: ⬡ NODE')
      await expect(node.getByRole('button', { name: 'Deactivate' })).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(shop).toHaveCount(0)
      await expect(shopButton).toBeFocused()
      await context.close()
    })
  }

  for (const size of ['desktop', 'phone'] as const) {
    test(`${size}: the Message and Display name inputs show a 2 px accent focus ring`, async ({
      browser,
    }) => {
      const context = await browser.newContext(SIZES[size])
      const page = await context.newPage()
      await chatAs(page, createTestWallet(`n30-ring-${size}`, { tier: 'silver' }))
      await enterRoom(page, 'Bronze Lounge')
      const ring = (name: string) =>
        page.getByRole('textbox', { name, exact: true }).evaluate((el) => {
          const s = getComputedStyle(el)
          return {
            style: s.outlineStyle,
            width: s.outlineWidth,
            color: s.outlineColor,
            offset: parseFloat(s.outlineOffset) >= 1,
          }
        })
      const want = { style: 'solid', width: '2px', color: 'rgb(0, 240, 200)', offset: true }
      await page.getByRole('textbox', { name: 'Message' }).focus()
      expect(await ring('Message')).toEqual(want)
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Menu', exact: true }).tap()
        await page.getByRole('dialog').getByRole('tab', { name: 'Participants' }).tap()
      }
      await page.getByRole('textbox', { name: 'Display name' }).focus()
      expect(await ring('Display name')).toEqual(want)
      await page.screenshot({ path: test.info().outputPath(`focus-ring-${size}.png`) })
      await context.close()
    })
  }
})

test.describe('6. display name limits', () => {
  test.use(DESKTOP)

  test('the box takes 32 characters, and refusals name the field the way the page does', async ({
    page,
  }) => {
    await chatAs(page, createTestWallet('n30-name', { tier: 'silver' }))
    await enterRoom(page, 'Bronze Lounge')
    const box = page.getByRole('textbox', { name: 'Display name' })
    await box.fill('')
    await box.pressSequentially('x'.repeat(40))
    await expect(box).toHaveValue('x'.repeat(32))

    // A name that draws nothing (U+3164 HANGUL FILLER) passes the box; the server refuses it.
    await box.fill('\u3164')
    await page.getByRole('button', { name: 'Update' }).click()
    await expect(toasts(page)).toContainText('Display Name Error')
    await expect(toasts(page)).toContainText(
      'Display name must contain at least one visible character',
    )
    await expect(toasts(page)).not.toContainText('displayName')

    // An older page without the limit: the server's refusal reads the same way.
    await toasts(page).getByRole('button', { name: 'Close' }).click()
    await box.evaluate((el) => el.removeAttribute('maxlength'))
    await box.fill('y'.repeat(40))
    await page.getByRole('button', { name: 'Update' }).click()
    await expect(toasts(page)).toContainText('Display name must be at most 32 characters')
    await expect(toasts(page)).not.toContainText('displayName')
  })
})

test.describe('9. a wallet below every room, and no wallet at all', () => {
  /** A wallet holding some vPOS but less than bronze. */
  const poor = createTestWallet('n30-poor', {
    predicate: (a) => demoBalanceOf(a) >= 100 && demoBalanceOf(a) < DEFAULT_TIER_THRESHOLDS.bronze,
  })
  const balance = demoBalanceOf(poor.address)

  for (const size of ['phone', 'desktop'] as const) {
    test(`${size}: each closed room says how many more vPOS it needs, and one line says what to do`, async ({
      browser,
    }) => {
      const context = await browser.newContext(SIZES[size])
      const page = await context.newPage()
      await chatAs(page, poor)
      const rooms = page.getByRole('list', { name: 'Chat rooms' })
      for (const [room, tier] of [
        ['Bronze Lounge', 'bronze'],
        ['Silver Lab', 'silver'],
        ['Gold Vault', 'gold'],
        ['Platinum Core', 'platinum'],
      ] as const) {
        const short = Math.ceil(DEFAULT_TIER_THRESHOLDS[tier] - balance)
        await expect(rooms.getByRole('article', { name: room })).toContainText(
          `Needs ${amount(short)} more vPOS`,
        )
      }
      const hint = page.getByTestId('no-room-hint')
      await expect(hint).toBeVisible()
      await expect(hint).toHaveText(
        `Your ${amount(balance)} vPOS opens no room yet: add ${amount(
          Math.ceil(DEFAULT_TIER_THRESHOLDS.bronze - balance),
        )} vPOS to this wallet for the Bronze rooms (1,000 vPOS), then connect it again.`,
      )
      await page.screenshot({ path: test.info().outputPath(`rooms-poor-${size}.png`) })
      await context.close()
    })
  }

  test('desktop: a wallet with access sees no hint and no "more" line on its open rooms', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP.viewport)
    await chatAs(page, createTestWallet('n30-bronze', { tier: 'bronze' }))
    const rooms = page.getByRole('list', { name: 'Chat rooms' })
    await expect(rooms.getByRole('article', { name: 'Bronze Lounge' })).not.toContainText('more')
    await expect(rooms.getByRole('article', { name: 'Silver Lab' })).toContainText('more vPOS')
    await expect(page.getByTestId('no-room-hint')).toHaveCount(0)
  })

  for (const size of ['phone', 'desktop'] as const) {
    test(`${size}: without Phantom one error gives one message (the Phantom Not Found toast)`, async ({
      browser,
    }) => {
      const context = await browser.newContext(SIZES[size])
      const page = await context.newPage()
      await openWith(page, '/chat', null)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await expect(toasts(page)).toContainText('Phantom Not Found')
      await expect(toasts(page)).toContainText('Please install Phantom wallet extension first')
      await expect(page.getByRole('main')).not.toContainText(/not found|install/i)
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
      await context.close()
    })
  }
})

test.describe('10. small slips', () => {
  test('desktop: the shop heading keeps the spelling vPOS', async ({ page }) => {
    await page.setViewportSize(DESKTOP.viewport)
    await chatAs(page, createTestWallet('n30-shop-title', { tier: 'bronze' }))
    await page.getByRole('button', { name: 'Shop' }).click()
    const title = page.getByRole('dialog', { name: 'vPOS Shop' }).getByRole('heading').first()
    // innerText is what the screen shows, after text-transform
    expect(await title.evaluate((el) => (el as HTMLElement).innerText)).toMatch(/^vPOS /)
  })

  test.describe('phone', () => {
    test.use(PHONE)

    test('a toast does not cover the Menu drawer’s Rooms and Participants tabs', async ({
      page,
    }) => {
      await chatAs(page, createTestWallet('n30-toast-drawer', { tier: 'silver' }))
      await enterRoom(page, 'Bronze Lounge')
      await page.getByRole('button', { name: 'Menu', exact: true }).tap()
      const drawer = page.getByRole('dialog', { name: 'CHAT MENU' })
      await drawer.getByRole('tab', { name: 'Participants' }).tap()
      // a toast while the drawer is open (the newcomer's was 'Connected', still up)
      await drawer.getByRole('textbox', { name: 'Display name' }).fill('Drawer Owl')
      await drawer.getByRole('button', { name: 'Update' }).tap()
      const toast = toasts(page).locator('li').filter({ hasText: 'Display Name Updated' })
      await expect(toast).toBeVisible()
      const t = (await toast.boundingBox())!
      for (const name of ['Rooms', 'Participants']) {
        const tab = drawer.getByRole('tab', { name })
        const r = (await tab.boundingBox())!
        const overlap =
          t.x < r.x + r.width && r.x < t.x + t.width && t.y < r.y + r.height && r.y < t.y + t.height
        expect(overlap, `toast over the ${name} tab`).toBe(false)
      }
      await drawer.getByRole('tab', { name: 'Rooms' }).tap()
      await expect(drawer.getByRole('tab', { name: 'Rooms' })).toHaveAttribute(
        'aria-selected',
        'true',
      )
      await page.screenshot({ path: test.info().outputPath('drawer-toast-phone.png') })
    })
  })
})
