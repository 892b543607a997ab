/**
 * Teaser screens (PRODUCT.md §2, §9): /blinks, /game, /labs, /settings and the /marketplace preview
 * — exact texts, links, disabled buttons, vPOS prices from the token price; snapshots and an axe
 * scan. The marketplace's market answer is fixed per test with page.route (the token spec covers
 * the server's market path against a fake upstream).
 */
import AxeBuilder from '@axe-core/playwright'
import { type Page, expect, test } from '@playwright/test'

const main = (page: Page) => page.getByRole('main')

function marketAnswer(priceUsd: string | null) {
  return {
    tokenAddress: 'vPoS7kGq3nZt1xWJd8Yh2bRcLmA5uEfTs9NwKpQ4HzV',
    pair:
      priceUsd === null
        ? null
        : {
            priceUsd,
            priceChange: { h24: 1.5 },
            marketCap: 3_456_000,
            fdv: 4_215_000,
            volume: { h24: 184_000 },
            txns: { h24: { buys: 10, sells: 5 } },
            liquidity: { usd: 252_000 },
            baseToken: { symbol: 'vPOS' },
            quoteToken: { symbol: 'SOL' },
            url: 'https://dexscreener.com/solana/x',
          },
    stale: false,
    fetchedAt: '2026-03-01T12:00:00.000Z',
  }
}

async function fixMarket(page: Page, answer: { status: number; body: unknown }) {
  await page.route('**/api/market/token', (route) =>
    route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      body: JSON.stringify(answer.body),
    }),
  )
}

async function open(page: Page, path: string) {
  await page.goto(`${path}?boot=0&seed=7&paused=1&feed=sim`)
  await expect(main(page).locator('h1')).toBeVisible()
}

test.describe('teaser texts and controls', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('/game', async ({ page }) => {
    await open(page, '/game')
    const m = main(page)
    await expect(m.getByRole('heading', { name: 'vPOS AGENTIC GAMES' })).toBeVisible()
    await expect(m.getByText('COMING SOON', { exact: true })).toBeVisible()
    await expect(m.getByText('PLAY . COMPETE . EVOLVE', { exact: true })).toBeVisible()
    await expect(m.getByText('AI agent-based gaming experience', { exact: true })).toBeVisible()
    await expect(m.getByText('Launch: Q3 2025', { exact: true })).toBeVisible()
    await expect(m.getByRole('button', { name: 'EARLY ACCESS CLOSED' })).toBeDisabled()
  })

  test('/blinks', async ({ page }) => {
    await open(page, '/blinks')
    const m = main(page)
    await expect(m.getByRole('heading', { name: 'vPOS Blinks Integration' })).toBeVisible()
    await expect(m.getByText('Deployment: Q2 2025', { exact: true })).toBeVisible()
    const benefits = m.getByRole('list', { name: 'Benefits' }).getByRole('listitem')
    await expect(benefits).toHaveCount(3)
    for (const [i, name] of [
      'Instant Experiences',
      'Seamless Integration',
      'Always Updated',
    ].entries()) {
      await expect(benefits.nth(i).getByRole('heading', { name })).toBeVisible()
      await expect(benefits.nth(i).getByText('AVAILABLE_SOON', { exact: true })).toBeVisible()
    }
    const access = m.getByRole('region', { name: 'Access Request' })
    for (const name of ['INITIALIZE', 'DOCS', 'INITIATE_ACCESS', 'DOCUMENTATION_v1.0']) {
      await expect(access.getByRole('button', { name, exact: true })).toBeDisabled()
    }
    // Shown as written (no uppercase transform on the versioned label).
    expect(await access.getByRole('button', { name: 'DOCUMENTATION_v1.0' }).innerText()).toBe(
      'DOCUMENTATION_v1.0',
    )
    await expect(access.getByRole('status')).toHaveText('Status: deployment scheduled Q2 2025')
  })

  test('/labs', async ({ page }) => {
    await open(page, '/labs')
    const m = main(page)
    await expect(m.getByRole('heading', { name: 'vPOS Labs - Under Development' })).toBeVisible()
    await expect(m.getByText('ACCESS OPENING SOON', { exact: true })).toBeVisible()
  })

  test('/settings', async ({ page }) => {
    await open(page, '/settings')
    const m = main(page)
    await expect(
      m.getByRole('heading', { name: 'ACCESS RESTRICTED - Swarm Node Operators Can Access' }),
    ).toBeVisible()
    await expect(m.getByText(/administrative privileges/i).first()).toBeVisible()
    const button = m.getByRole('button', { name: 'Opening Soon' })
    await expect(button).toBeDisabled()
    expect(await button.innerText()).toBe('Opening Soon')
  })

  test('/marketplace: launch, categories, four locked products priced in vPOS', async ({
    page,
  }) => {
    await fixMarket(page, { status: 200, body: marketAnswer('0.004215') })
    await open(page, '/marketplace')
    const m = main(page)
    await expect(m.getByRole('heading', { name: 'vPOS Marketplace' })).toBeVisible()
    await expect(m.getByText('Launching Q3 2025', { exact: true })).toBeVisible()
    await expect(m.getByTestId('market-token-price')).toHaveText('Current vPOS price: $0.004215')

    const links = m.getByRole('region', { name: 'Categories' }).getByRole('link')
    await expect(links).toHaveCount(4)
    const expected: [string, string][] = [
      ['Game Assets', '/game'],
      ['Message Packs', '/blinks'],
      ['Research Tools', '/labs'],
      ['Core Extensions', '/'],
    ]
    for (const [i, [name, href]] of expected.entries()) {
      await expect(links.nth(i)).toContainText(name)
      await expect(links.nth(i)).toHaveAttribute('href', href)
    }

    const products = m.getByRole('list', { name: 'Featured products' }).getByRole('listitem')
    await expect(products).toHaveCount(4)
    const prices: [string, string, string][] = [
      ['Alpha Access', '118,624 vPOS', 'Value $500'],
      ['Custom Agent', '2,372,479 vPOS', 'Value $10,000'],
      ['Terminal Pro', '237,248 vPOS', 'Value $1,000'],
      ['Blink Game', '3,558,719 vPOS', 'Value $15,000'],
    ]
    for (const [i, [name, vpos, usd]] of prices.entries()) {
      const p = products.nth(i)
      await expect(p).toHaveAccessibleName(name)
      await expect(p.getByText('COMING SOON', { exact: true })).toBeVisible()
      await expect(p.getByTestId('vpos-price')).toHaveText(vpos)
      await expect(p.getByText(usd, { exact: true })).toBeVisible()
      await expect(p.getByRole('button', { name: 'Locked' })).toBeDisabled()
    }
  })

  test('/marketplace categories navigate', async ({ page }) => {
    await fixMarket(page, { status: 200, body: marketAnswer('0.004215') })
    const cases: [string, string, RegExp][] = [
      ['Game Assets', '/game', /vPOS AGENTIC GAMES/],
      ['Message Packs', '/blinks', /vPOS Blinks Integration/],
      ['Research Tools', '/labs', /vPOS Labs - Under Development/],
    ]
    for (const [name, path, heading] of cases) {
      await open(page, '/marketplace')
      await main(page)
        .getByRole('link', { name: new RegExp(name) })
        .click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(main(page).getByRole('heading', { name: heading })).toBeVisible()
    }
    await open(page, '/marketplace')
    await main(page)
      .getByRole('link', { name: /Core Extensions/ })
      .click()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Swarm Core' }),
    ).toHaveAttribute('aria-current', 'page')
  })

  for (const [what, answer] of [
    ['a price of 0', { status: 200, body: marketAnswer('0') }],
    ['no pair', { status: 200, body: marketAnswer(null) }],
    ['a market failure', { status: 503, body: { error: 'Network response was not ok' } }],
  ] as const) {
    test(`/marketplace with ${what}: no vPOS prices, no current price`, async ({ page }) => {
      await fixMarket(page, answer)
      await open(page, '/marketplace')
      const m = main(page)
      await expect(m.getByText(/^Token price unavailable/)).toBeVisible()
      await expect(m.getByTestId('market-token-price')).toHaveCount(0)
      await expect(m.getByTestId('vpos-price')).toHaveCount(0)
      await expect(m.getByText('Value $500', { exact: true })).toBeVisible()
    })
  }

  test('/marketplace shows a loading line while the price is on its way', async ({ page }) => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    await page.route('**/api/market/token', async (route) => {
      await gate
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(marketAnswer('0.5')),
      })
    })
    await open(page, '/marketplace')
    await expect(
      main(page).getByRole('status').filter({ hasText: 'Loading token price...' }),
    ).toBeVisible()
    release()
    await expect(main(page).getByTestId('vpos-price').first()).toHaveText('1,000 vPOS')
  })
})

const PAGES = ['blinks', 'game', 'labs', 'marketplace', 'settings']
for (const c of [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, mobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
]) {
  test.describe(`teasers on ${c.name}`, () => {
    // bypassCSP: the app's CSP (style-src by nonce) would block the injected screenshot styles.
    test.use({ viewport: c.viewport, isMobile: c.mobile, hasTouch: c.mobile, bypassCSP: true })

    for (const name of PAGES) {
      test(`/${name}: snapshot and axe scan`, { tag: '@visual' }, async ({ page }) => {
        await fixMarket(page, { status: 200, body: marketAnswer('0.004215') })
        await open(page, `/${name}`)
        await expect(main(page).locator('h2').first()).toBeVisible()
        await expect(page).toHaveScreenshot(`${name}-${c.name}.png`, {
          stylePath: ['tests/e2e/screenshot.css', 'tests/e2e/pages.screenshot.css'],
          mask: [page.locator('[data-testid^="ind-"]')],
          timeout: 30_000,
        })
        const { violations } = await new AxeBuilder({ page }).include('main').analyze()
        const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(
          bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join(', ')}`),
        ).toEqual([])
      })
    }
  })
}
