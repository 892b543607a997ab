/**
 * /whitelist in a real browser against the real server (demo chain): a Phantom-shaped wallet with a
 * real ed25519 key is injected as window.phantom.solana; sign-in, scoring and the server cooldown
 * are the real ones. Timers (the 30 s countdown) run on Playwright's clock.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { DEMO_TOKEN_MINT } from '../../src/contracts/constants'
import type { WhitelistResult } from '../../src/contracts/whitelist'
import {
  DemoChainProvider,
  demoAssetCount,
  demoBalanceOf,
} from '../../server/chain/demo-chain.provider'
import { checkWhitelist } from '../../server/whitelist/whitelist.service'
import { createTestWallet, injectPhantom, phantomArgs, type TestWallet } from '../helpers/wallet'
import { pauseClock, SCREENSHOT_CSS, stillPage } from './walletPages'

/** What the server will answer for `w` (same demo chain, same formula). */
async function expectedResult(w: TestWallet): Promise<WhitelistResult> {
  return checkWhitelist(new DemoChainProvider(DEMO_TOKEN_MINT), {
    wallet: w.address,
    balance: demoBalanceOf(w.address),
    tokenMint: DEMO_TOKEN_MINT,
    minScore: 50,
    maxPages: 5,
  })
}

/** A wallet per test (the server's cooldown is per wallet and real-time). */
async function walletWith(name: string, eligible: boolean): Promise<TestWallet> {
  for (let i = 0; i < 200; i++) {
    const w = createTestWallet(`${name}-${i}`, {
      tier: eligible ? 'platinum' : 'none',
      predicate: (a) => (eligible ? demoAssetCount(a) >= 4 && demoAssetCount(a) < 100 : true),
    })
    if ((await expectedResult(w)).eligible === eligible) return w
  }
  throw new Error('no wallet found')
}

const truncated = (a: string) => `${a.slice(0, 4)}...${a.slice(-4)}`

async function open(page: Page, w?: TestWallet, opts: { holdConnect?: boolean } = {}) {
  await page.addInitScript(stillPage, SCREENSHOT_CSS)
  if (w) await page.addInitScript(injectPhantom, phantomArgs(w, opts))
  // No live feed and a paused swarm: less work for the shared CI cores, a still background.
  await page.goto('/whitelist?boot=0&feed=sim&paused=1')
  await expect(page.getByRole('heading', { name: 'vPOS Whitelist Verification' })).toBeVisible()
}

test.describe('whitelist checker', () => {
  test.use({ viewport: { width: 1280, height: 860 } })

  test('without any Solana wallet it says so (§5) and offers the demo wallet', async ({ page }) => {
    await open(page)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Solana wallet not found! Please install a Solana wallet extension.',
    )
    await expect(page.getByRole('button', { name: 'Use Demo Wallet' })).toBeVisible()
  })

  test('the demo wallet is offered from the page itself: no /api/auth/config request', async ({
    page,
  }) => {
    // The server names its chain in the HTML (<meta name="vpos-chain">, static.plugin.ts).
    const asked: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/config') asked.push(r.url())
    })
    await open(page)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('button', { name: 'Use Demo Wallet' })).toBeVisible()
    expect(asked).toEqual([])
  })

  test('a non-Phantom window.solana gets "Please install Phantom wallet!"', async ({ page }) => {
    await page.addInitScript(() => {
      ;(window as unknown as { solana: object }).solana = { isPhantom: false }
    })
    await open(page)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('alert')).toHaveText('Please install Phantom wallet!')
  })

  test('connect → Connecting... → automatic check → whitelisted; 30 s countdown; Check Again', async ({
    page,
  }) => {
    const w = await walletWith('wl-e2e-yes', true)
    const expected = await expectedResult(w)
    await page.clock.install()
    let releaseCheck = () => {}
    const held = new Promise<void>((r) => (releaseCheck = r))
    await page.route('**/api/whitelist/check', async (route) => {
      await held
      await route.continue()
    })
    await open(page, w, { holdConnect: true })
    await pauseClock(page)

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
    await page.evaluate(() =>
      (window as unknown as { __releaseConnect(): void }).__releaseConnect(),
    )

    // Connected: truncated wallet, Disconnect, the loader while the server checks.
    await expect(page.getByText(truncated(w.address), { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await expect(page.getByText('Checking whitelist eligibility...')).toBeVisible()
    releaseCheck()

    await expect(
      page.getByRole('heading', { name: "Congratulations! You're Whitelisted" }),
    ).toBeVisible()
    await expect(page.getByText("Your wallet doesn't meet the minimum requirements")).toHaveCount(0)
    for (const [label, value] of [
      ['Token Score', expected.tokenScore],
      ['Other Score', expected.otherScore],
      ['Total Score', expected.totalScore],
    ] as const) {
      await expect(page.getByText(label, { exact: true }).locator('..')).toContainText(
        String(value),
      )
    }
    const status = page.getByRole('region', { name: 'Whitelist Status' })
    await expect(status).toContainText('Your wallet meets the requirements')
    const scan = page.getByRole('region', { name: 'Scan Details' })
    await expect(scan).toContainText(`Assets checked${expected.pagination?.assetsChecked}`)
    await expect(scan).toContainText('Max pages5')
    const stored = await page.evaluate(
      (a) => localStorage.getItem(`whitelistLastCheck:${a}`),
      w.address,
    )
    expect(Number(stored)).toBeGreaterThan(0)

    // The cooldown counts down each second; 'Check Again' appears only when it ends.
    await expect(page.getByText('Next check available in 30 seconds')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Check Again' })).toHaveCount(0)
    await page.clock.runFor(1_000)
    await expect(page.getByText('Next check available in 29 seconds')).toBeVisible()
    await page.clock.runFor(28_000)
    await expect(page.getByText('Next check available in 1 second')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Check Again' })).toHaveCount(0)
    await page.clock.runFor(1_000)
    await expect(page.getByRole('button', { name: 'Check Again' })).toBeVisible()

    // The page's clock says 30 s passed, the server's real clock does not: the server refuses
    // (429) and the page shows its text with the 'wait' hint, and counts down again.
    await page.getByRole('button', { name: 'Check Again' }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText(/^Please wait \d+ seconds before checking again/)
    await expect(alert).toContainText(
      'Whitelist checks are limited to once every 30 seconds to prevent excessive blockchain queries.',
    )
    await expect(page.getByText(/Next check available in \d+ seconds?/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Check Again' })).toHaveCount(0)
  })

  // Issue 17 item 7: a reload inside the cooldown used to lose the result and show a frozen
  // 'Please wait 28 seconds…' beside the live countdown, still there after 'Check Again' came back.
  test('a reload inside the cooldown keeps the result, asks nothing of the server, and Check Again returns', async ({
    page,
  }) => {
    const w = await walletWith('wl-e2e-reload', false)
    await page.clock.install()
    await open(page, w)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('heading', { name: 'Not Eligible' })).toBeVisible()
    const checks: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/whitelist/check')) checks.push(r.url())
    })
    await page.clock.runFor(2_000)
    await page.reload()
    // The wallet comes back from its session cookie, and so does its last result.
    await expect(page.getByText(truncated(w.address), { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Not Eligible' })).toBeVisible()
    await expect(page.getByText(/Next check available in (2\d) seconds/)).toBeVisible()
    await expect(page.getByText(/Please wait/)).toHaveCount(0)
    await pauseClock(page)
    await page.clock.runFor(30_000)
    await expect(page.getByRole('button', { name: 'Check Again' })).toBeVisible()
    await expect(page.getByText(/Please wait|Next check available/)).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Not Eligible' })).toBeVisible()
    expect(checks).toEqual([])
  })

  test('not eligible: the texts and the minimum score', async ({ page }) => {
    const w = await walletWith('wl-e2e-no', false)
    const expected = await expectedResult(w)
    await open(page, w)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('heading', { name: 'Not Eligible' })).toBeVisible()
    await expect(
      page.getByText("Your wallet doesn't meet the minimum requirements for the whitelist."),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Whitelist Status' })).toContainText(
      'Minimum score required: 50',
    )
    await expect(page.getByText('Total Score', { exact: true }).locator('..')).toContainText(
      String(expected.totalScore),
    )
  })

  test('a failing server reads "Server returned {status}", without the wait hint', async ({
    page,
  }) => {
    const w = await walletWith('wl-e2e-503', true)
    await page.route('**/api/whitelist/check', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }),
    )
    await open(page, w)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('alert')).toHaveText('Server returned 503')
    await expect(page.getByText('limited to once every 30 seconds')).toHaveCount(0)
  })

  test('Disconnect clears the wallet, the result and the stored wallet', async ({ page }) => {
    const w = await walletWith('wl-e2e-disc', true)
    await open(page, w)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(
      page.getByRole('heading', { name: "Congratulations! You're Whitelisted" }),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect(
      page.getByRole('heading', { name: "Congratulations! You're Whitelisted" }),
    ).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('walletAddress'))).toBeNull()
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { __phantomCalls: { disconnect: number } }).__phantomCalls
            .disconnect,
      ),
    ).toBe(1)
  })

  test('the demo wallet signs in without any extension', async ({ page }) => {
    await open(page)
    await page.getByRole('button', { name: 'Use Demo Wallet' }).click()
    await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await expect(
      page.getByRole('heading', { name: /Congratulations! You're Whitelisted|Not Eligible/ }),
    ).toBeVisible()
    const address = await page.evaluate(() => localStorage.getItem('walletAddress'))
    expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  })

  test('no serious or critical accessibility violations (signed out and with a result)', async ({
    page,
  }) => {
    const w = await walletWith('wl-e2e-axe', true)
    await open(page, w)
    const scan = async () =>
      (await new AxeBuilder({ page }).include('main').analyze()).violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      )
    expect(await scan()).toEqual([])
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(
      page.getByRole('heading', { name: "Congratulations! You're Whitelisted" }),
    ).toBeVisible()
    expect(await scan()).toEqual([])
  })
})

for (const [name, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`visual: whitelist result on ${name}`, { tag: '@visual' }, async ({ page }) => {
    await page.setViewportSize(viewport)
    const w = createTestWallet(`wl-e2e-visual-${name}`, {
      tier: 'platinum',
      predicate: (a) => demoAssetCount(a) >= 4 && demoAssetCount(a) < 100,
    })
    await page.clock.install({ time: new Date('2026-11-22T10:00:00Z') })
    await open(page, w)
    await pauseClock(page)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(
      page.getByRole('heading', { name: "Congratulations! You're Whitelisted" }),
    ).toBeVisible()
    await expect(page.getByText('Next check available in 30 seconds')).toBeVisible()
    await expect(page).toHaveScreenshot(`whitelist-${name}.png`, {
      stylePath: 'tests/e2e/screenshot.css',
    })
  })
}
