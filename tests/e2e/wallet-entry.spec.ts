/**
 * The wallet entry on every device (issue 34), in Chromium with device emulation: an iPad and an
 * iPhone with nothing injected get 'Open in Phantom/Solflare/Backpack' links to this exact page;
 * Android Chrome lists the Mobile Wallet Adapter; a wallet whose signIn throws still signs in with
 * signMessage; a remembered wallet is not signed in without the server's session; and the
 * cross-device sign-in end to end with two browser contexts (tablet waiting, phone signing).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'
import { createTestWallet, injectPhantom, phantomArgs, type PhantomArgs } from '../helpers/wallet'
import { SCREENSHOT_CSS, stillPage } from './walletPages'

const IPAD: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  viewport: { width: 820, height: 1180 },
  hasTouch: true,
  isMobile: true,
}
const IPHONE: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
}
const ANDROID: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  viewport: { width: 412, height: 915 },
  hasTouch: true,
  isMobile: true,
}
const QUIET = 'boot=0&feed=sim&paused=1'

async function openOn(browser: Browser, device: BrowserContextOptions, path: string) {
  const context = await browser.newContext(device)
  const page = await context.newPage()
  await page.addInitScript(stillPage, SCREENSHOT_CSS)
  return { context, page, go: () => page.goto(path) }
}

/**
 * Holds the Mobile Wallet Adapter's package (its chunk, index.browser-*.js) until the returned
 * function is called: what a slow network does to it on Android Chrome.
 */
async function holdMobileWalletAdapter(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index\.browser-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

test.describe('the wallet entry each device gets', () => {
  for (const [name, device, path, heading] of [
    ['iPad', IPAD, `/whitelist?${QUIET}&from=ipad`, 'vPOS Whitelist Verification'],
    ['iPhone', IPHONE, `/chat?${QUIET}&from=iphone`, 'vPOS Chat'],
  ] as const) {
    test(`${name} with no wallet: Open in Phantom links to this exact page`, async ({
      browser,
    }) => {
      const { context, page, go } = await openOn(browser, device, path)
      await go()
      await expect(page.getByRole('heading', { name: heading })).toBeVisible()
      await expect(
        page.getByText(
          'No wallet in this browser: open this page in your wallet app, or sign in from another device.',
        ),
      ).toBeVisible()
      const url = page.url()
      expect(url).toContain(path)
      const here = encodeURIComponent(url)
      const ref = encodeURIComponent(new URL(url).origin)
      await expect(page.getByRole('link', { name: 'Open in Phantom' })).toHaveAttribute(
        'href',
        `https://phantom.app/ul/browse/${here}?ref=${ref}`,
      )
      await expect(page.getByRole('link', { name: 'Open in Solflare' })).toHaveAttribute(
        'href',
        `https://solflare.com/ul/v1/browse/${here}?ref=${ref}`,
      )
      await expect(page.getByRole('link', { name: 'Open in Backpack' })).toHaveAttribute(
        'href',
        `https://backpack.app/ul/v1/browse/${here}?ref=${ref}`,
      )
      // No dead end: no 'Connect Wallet' that can only say 'not found'; another device is offered.
      await expect(page.getByRole('button', { name: 'Connect Wallet' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Sign in with another device' })).toBeVisible()
      await context.close()
    })
  }

  test('iPad asking for desktop pages (Macintosh UA, 5 touch points): still the iPad entry', async ({
    browser,
  }) => {
    const { context, page, go } = await openOn(
      browser,
      {
        ...IPAD,
        userAgent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        isMobile: false,
      },
      `/whitelist?${QUIET}`,
    )
    // GOTCHA: Chromium's touch emulation reports 1 touch point; an iPad reports 5.
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 }),
    )
    await go()
    await expect(page.getByRole('link', { name: 'Open in Phantom' })).toBeVisible()
    await context.close()
  })

  test('iPad inside a wallet browser (a wallet injected): Connect Wallet', async ({ browser }) => {
    const { context, page, go } = await openOn(browser, IPAD, `/whitelist?${QUIET}`)
    await page.addInitScript(injectPhantom, phantomArgs(createTestWallet('entry-ipad-inapp')))
    await go()
    await expect(page.getByText('A wallet was found in this browser.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Open in Phantom' })).toHaveCount(0)
    await context.close()
  })

  test('Android Chrome: the Mobile Wallet Adapter is listed', async ({ browser }) => {
    const { context, page, go } = await openOn(browser, ANDROID, `/whitelist?${QUIET}`)
    await go()
    await expect(
      page.getByText('Android: your installed wallet app signs through the Mobile Wallet Adapter.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    // Beside an injected wallet, the picker names it; a press before the adapter's package has
    // loaded (held back here) waits for it instead of connecting Phantom alone.
    const withPhantom = await context.newPage()
    await withPhantom.addInitScript(injectPhantom, phantomArgs(createTestWallet('entry-android')))
    const releaseAdapter = await holdMobileWalletAdapter(withPhantom)
    await withPhantom.goto(`/whitelist?${QUIET}`)
    await withPhantom.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(withPhantom.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
    releaseAdapter()
    const picker = withPhantom.getByRole('dialog')
    await expect(picker.getByRole('button', { name: 'Mobile Wallet Adapter' })).toBeVisible()
    await expect(picker.getByRole('button', { name: 'Phantom' })).toBeVisible()
    await context.close()
  })

  test('Android Chrome signing for another device: the adapter is offered before it loads', async ({
    browser,
  }) => {
    const { context, page, go } = await openOn(browser, ANDROID, `/signin/ZZZZZZZZ?${QUIET}`)
    const release = await holdMobileWalletAdapter(page)
    await go()
    await expect(
      page.getByText('Android: your installed wallet app signs through the Mobile Wallet Adapter.'),
    ).toBeVisible()
    await expect(
      page.getByRole('button', { name: 'Sign with Mobile Wallet Adapter' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Open in Phantom' })).toHaveCount(0)
    release()
    // Registered: still one button of that name (the registered adapter's own).
    await expect(page.getByRole('button', { name: 'Sign with Mobile Wallet Adapter' })).toHaveCount(
      1,
    )
    await context.close()
  })

  test('desktop without a wallet keeps the install message', async ({ page }) => {
    await page.addInitScript(stillPage, SCREENSHOT_CSS)
    await page.goto(`/whitelist?${QUIET}`)
    await expect(
      page.getByText(
        'Desktop: sign in with a browser wallet extension such as Phantom, or from another device.',
      ),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Solana wallet not found! Please install a Solana wallet extension.',
    )
  })
})

/**
 * A Wallet Standard wallet (registered through the standard's events) whose solana:signIn throws
 * and whose signMessage signs with the real key; `accounts` pre-filled when `autoConnected`.
 * window.__standardCalls counts the calls.
 */
function registerStandardWallet({
  seedHex,
  address,
  autoConnected,
}: PhantomArgs & { autoConnected: boolean }) {
  const seed = Uint8Array.from((seedHex.match(/../g) ?? []).map((h) => parseInt(h, 16)))
  const prefix = [
    0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
  ]
  const key = crypto.subtle.importKey(
    'pkcs8',
    new Uint8Array([...prefix, ...seed]),
    { name: 'Ed25519' },
    false,
    ['sign'],
  )
  const calls = { connect: 0, signIn: 0, signMessage: 0 }
  ;(window as unknown as Record<string, unknown>).__standardCalls = calls
  const account = {
    address,
    publicKey: new Uint8Array(32),
    chains: ['solana:mainnet'],
    features: ['solana:signMessage', 'solana:signIn'],
  }
  const wallet = {
    version: '1.0.0',
    name: 'Thrower',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['solana:mainnet'],
    accounts: autoConnected ? [account] : [],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          calls.connect++
          return { accounts: [account] }
        },
      },
      'solana:signIn': {
        version: '1.0.0',
        signIn: async () => {
          calls.signIn++
          throw new Error('solana:signIn is not available for this account')
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async ({ message }: { message: Uint8Array }) => {
          calls.signMessage++
          const signature = new Uint8Array(
            await crypto.subtle.sign({ name: 'Ed25519' }, await key, new Uint8Array(message)),
          )
          return [{ signedMessage: message, signature }]
        },
      },
    },
  }
  const register = (api: { register: (w: unknown) => unknown }) => api.register(wallet)
  window.addEventListener('wallet-standard:app-ready', (e) =>
    register((e as CustomEvent<{ register: (w: unknown) => unknown }>).detail),
  )
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
}

test.describe('signing in', () => {
  test('a wallet whose signIn throws signs in with signMessage of the same text', async ({
    page,
  }) => {
    const w = createTestWallet('entry-thrower')
    await page.addInitScript(stillPage, SCREENSHOT_CSS)
    await page.addInitScript(registerStandardWallet, { ...phantomArgs(w), autoConnected: false })
    await page.goto(`/whitelist?${QUIET}`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('walletAddress'))).toBe(w.address)
    expect(
      await page.evaluate(() => (window as unknown as { __standardCalls: object }).__standardCalls),
    ).toEqual({
      connect: 1,
      signIn: 1,
      signMessage: 1,
    })
  })

  test('a wallet that reconnects by itself is not signed in without the server session', async ({
    page,
  }) => {
    const w = createTestWallet('entry-auto')
    await page.addInitScript(stillPage, SCREENSHOT_CSS)
    await page.addInitScript(registerStandardWallet, { ...phantomArgs(w), autoConnected: true })
    // A remembered wallet from an earlier visit, but no session cookie.
    await page.addInitScript((a) => localStorage.setItem('walletAddress', a), w.address)
    await page.goto(`/whitelist?${QUIET}`)
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Disconnect' })).toHaveCount(0)
    await expect(page.getByText('Checking whitelist eligibility...')).toHaveCount(0)
    const calls = await page.evaluate(
      () => (window as unknown as { __standardCalls: { signMessage: number } }).__standardCalls,
    )
    expect(calls.signMessage).toBe(0)
  })
})

async function codeOf(page: Page) {
  const shown = (await page.getByLabel('Sign-in code').textContent()) ?? ''
  return shown.replace('-', '')
}

test.describe('cross-device sign-in', () => {
  test('the tablet is signed in within 2 s of the phone signing; the request works once', async ({
    browser,
  }) => {
    const tablet = await openOn(browser, IPAD, `/whitelist?${QUIET}`)
    await tablet.go()
    const made = tablet.page.waitForResponse((r) => r.url().endsWith('/api/auth/device'))
    await tablet.page.getByRole('button', { name: 'Sign in with another device' }).click()
    const { requestId } = (await (await made).json()) as { requestId: string }
    const dialog = tablet.page.getByRole('dialog')
    await expect(dialog.getByRole('img', { name: /QR code for http/ })).toBeVisible()
    await expect(dialog.getByRole('timer')).toContainText(/Expires in [45]:\d\d/)
    const code = await codeOf(tablet.page)
    expect(code).toMatch(/^[23456789A-Z]{8}$/)

    const w = createTestWallet('entry-phone')
    const phone = await openOn(browser, IPHONE, `/signin/${code}?${QUIET}`)
    await phone.page.addInitScript(injectPhantom, phantomArgs(w))
    await phone.go()
    const approved = phone.page.waitForResponse((r) => r.url().endsWith('/approve'))
    await phone.page.getByRole('button', { name: 'Sign with Phantom' }).click()
    expect((await approved).status()).toBe(200)
    const signedAt = Date.now()
    await expect(phone.page.getByText(/The waiting device is signing in now/)).toBeVisible()

    await expect(tablet.page.getByRole('button', { name: 'Disconnect' })).toBeVisible({
      timeout: 2_000,
    })
    expect(Date.now() - signedAt).toBeLessThan(2_000)
    expect(await tablet.page.evaluate(() => localStorage.getItem('walletAddress'))).toBe(w.address)
    const session = await tablet.page.request.get('/api/auth/session')
    expect(((await session.json()) as { walletAddress: string }).walletAddress).toBe(w.address)

    // A second use of the same request, from the phone.
    await phone.page.reload()
    await phone.page.getByRole('button', { name: 'Sign with Phantom' }).click()
    await expect(phone.page.getByRole('alert')).toHaveText(
      'This sign-in request was already used: get a new code',
    )
    // A third browser holding the request id, without the tablet's cookie.
    const third = await browser.newContext()
    const stolen = await third.request.post('/api/auth/device/poll', { data: { requestId } })
    expect(stolen.status()).toBe(403)
    expect(((await stolen.json()) as { error: string }).error).toBe(
      'This sign-in request belongs to another browser',
    )
    await Promise.all([tablet.context.close(), phone.context.close(), third.close()])
  })

  test('a mistyped code on the phone says so', async ({ browser }) => {
    const phone = await openOn(browser, IPHONE, `/signin?${QUIET}`)
    await phone.go()
    await phone.page.getByLabel('Sign-in code').fill('abc')
    await phone.page.getByRole('button', { name: 'Continue' }).click()
    await expect(phone.page.getByRole('alert')).toHaveText(
      'That is not a sign-in code: 8 letters and digits.',
    )
    await phone.page.getByLabel('Sign-in code').fill('zzzz-zzzz')
    await phone.page.getByRole('button', { name: 'Continue' }).click()
    await expect(phone.page).toHaveURL(/\/signin\/ZZZZZZZZ$/)
    await phone.context.close()
  })

  test('the waiting dialog and the phone page pass axe', async ({ browser }) => {
    const tablet = await openOn(browser, IPAD, `/whitelist?${QUIET}`)
    await tablet.go()
    await tablet.page.getByRole('button', { name: 'Sign in with another device' }).click()
    await expect(tablet.page.getByLabel('Sign-in code')).toBeVisible()
    const code = await codeOf(tablet.page)
    // The dialog fades in: scan it once its finite animations are done (the pulse never ends).
    // A transition cut short is done too: the button's focus transition is, as focus moves into
    // the dialog when its chunk has loaded (its `finished` then rejects).
    const settled = (page: Page) =>
      page.evaluate(() =>
        Promise.allSettled(
          document
            .getAnimations()
            .filter((a) => a.effect?.getTiming().iterations !== Infinity)
            .map((a) => a.finished),
        ),
      )
    await settled(tablet.page)
    const scan = (page: Page) => new AxeBuilder({ page }).exclude('[data-testid="clock"]').analyze()
    expect((await scan(tablet.page)).violations).toEqual([])
    const phone = await openOn(browser, IPHONE, `/signin/${code}?${QUIET}`)
    await phone.go()
    await expect(phone.page.getByText(/Sign only if you asked for this code/)).toBeVisible()
    expect((await scan(phone.page)).violations).toEqual([])
    await Promise.all([tablet.context.close(), phone.context.close()])
  })
})
