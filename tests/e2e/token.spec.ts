/**
 * Token Info (PRODUCT.md §2, §7.2, §7.4, §8) against the real server, whose market and chain
 * upstreams point at a fake DexScreener + Solana JSON-RPC server that this spec runs on 127.0.0.1.
 * Each scenario gets its own server process (fresh upstream caches) and its own path prefix on the
 * fake.
 */
import { spawn } from 'node:child_process'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import AxeBuilder from '@axe-core/playwright'
import { type Page, expect, test } from '@playwright/test'

// Valid base58 addresses: the Solana client checks them before it calls the RPC.
const MINT = '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R'
const TREASURY = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const PRICE = '0.00421512'
const BALANCE_RAW = '123456789012' // 6 decimals: 123,456.789012 vPOS

const PAIR = {
  chainId: 'solana',
  dexId: 'raydium',
  url: 'https://dexscreener.com/solana/fakepool',
  pairAddress: 'FakePool1111111111111111111111111111111111',
  baseToken: { address: MINT, name: 'vPOS', symbol: 'vPOS' },
  quoteToken: { address: 'So11111111111111111111111111111111111111112', symbol: 'SOL' },
  priceNative: '0.0000301',
  priceUsd: PRICE,
  txns: { h24: { buys: 1240, sells: 905 } },
  volume: { h24: 184_000 },
  priceChange: { h24: -3.104 },
  liquidity: { usd: 252_345, base: 1, quote: 1 },
  fdv: 4_215_120,
  marketCap: 3_456_000,
}

type Mode = 'ok' | 'error' | 'nopair'
interface Tenant {
  market: Mode
  rpc: 'ok' | 'error'
  rpcCalls: number
}
const tenants = new Map<string, Tenant>()
let fake: Server
let fakeOrigin = ''

/** The fake upstreams: GET /{tenant}/latest/dex/tokens/{mint} and POST /{tenant}/rpc. */
function startFake(): Promise<void> {
  fake = createServer((req, res) => {
    const [, name, ...rest] = (req.url ?? '').split('/')
    const t = tenants.get(name ?? '')
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (!t) return send(404, { error: 'no tenant' })
    if (req.method === 'GET' && rest.join('/') === `latest/dex/tokens/${MINT}`) {
      if (t.market === 'error') return send(500, { error: 'upstream exploded' })
      return send(200, { schemaVersion: '1.0.0', pairs: t.market === 'nopair' ? [] : [PAIR] })
    }
    if (req.method === 'POST' && rest[0] === 'rpc') {
      let raw = ''
      req.on('data', (c: Buffer) => (raw += c))
      req.on('end', () => {
        t.rpcCalls++
        if (t.rpc === 'error') return send(500, { error: 'rpc down' })
        const { id, method, params } = JSON.parse(raw) as {
          id: number
          method: string
          params: unknown[]
        }
        if (method === 'getTokenAccountsByOwner') {
          const programId = (params[1] as { programId: string }).programId
          const value =
            programId === TOKEN_PROGRAM
              ? [
                  {
                    account: {
                      data: {
                        parsed: {
                          info: { mint: MINT, tokenAmount: { amount: BALANCE_RAW, decimals: 6 } },
                        },
                      },
                    },
                  },
                ]
              : []
          return send(200, { jsonrpc: '2.0', id, result: { context: { slot: 1 }, value } })
        }
        if (method === 'getSignaturesForAddress') {
          return send(200, {
            jsonrpc: '2.0',
            id,
            result: [{ signature: 'sig1', slot: 5, blockTime: 1 }],
          })
        }
        send(200, { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } })
      })
      return
    }
    send(404, { error: 'not found' })
  })
  return new Promise((r) =>
    fake.listen(0, '127.0.0.1', () => {
      fakeOrigin = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
      r()
    }),
  )
}

/** Our server, with its market and Solana upstreams at the fake under `/{tenant}`. */
async function startApp(tenant: string, t: Omit<Tenant, 'rpcCalls'>) {
  tenants.set(tenant, { ...t, rpcCalls: 0 })
  // below Linux's ephemeral range (32768–60999): an outgoing connection never holds it
  const port = 20_000 + Math.floor(Math.random() * 12_000)
  const proc = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'warn',
      MARKET_DATA_URL: `${fakeOrigin}/${tenant}`,
      SOLANA_RPC_URL: `${fakeOrigin}/${tenant}/rpc`,
      TOKEN_MINT: MINT,
      TREASURY_WALLET: TREASURY,
    },
    stdio: 'ignore',
    detached: true,
  })
  const origin = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const stop = async () => {
    if (!proc.pid || proc.exitCode !== null) return
    const exited = new Promise((r) => proc.once('exit', r))
    process.kill(-proc.pid, 'SIGTERM')
    await exited
  }
  return { origin, stop, tenant: () => tenants.get(tenant)! }
}

test.beforeAll(startFake)
test.afterAll(() => new Promise<void>((r) => fake.close(() => r())))

const card = (page: Page, id: string) => page.getByTestId(id)
/** The first answer after a server start can be slow on a loaded machine (cold upstream path). */
const FIRST = { timeout: 30_000 }

test.describe.serial('with a healthy upstream', () => {
  let app: Awaited<ReturnType<typeof startApp>>
  test.beforeAll(async () => {
    app = await startApp('ok', { market: 'ok', rpc: 'ok' })
  })
  test.afterAll(() => app.stop())
  test.use({ viewport: { width: 1440, height: 900 } })

  test('every card in the §2 formats, treasury, disabled Buy Token', async ({ page }) => {
    await page.goto(`${app.origin}/token?boot=0`)
    await expect(page.getByRole('heading', { name: 'Token Info', level: 1 })).toBeVisible(FIRST)
    await expect(card(page, 'contract-address')).toHaveText(MINT, FIRST)
    await expect(page.getByText('Verified Contract on Solana Network')).toBeVisible()

    await expect(card(page, 'token-price')).toHaveText('$0.004215')
    await expect(card(page, 'token-change')).toHaveText('▼ 3.10% 24h')
    await expect(card(page, 'token-change')).toHaveCSS('color', 'rgb(255, 77, 94)')
    await expect(card(page, 'token-mcap')).toHaveText('$3.46M')
    await expect(card(page, 'token-fdv')).toHaveText('$4.22M')
    await expect(card(page, 'token-volume')).toHaveText('$184.00K')
    await expect(card(page, 'token-buys')).toHaveText('1,240')
    await expect(card(page, 'token-sells')).toHaveText('905')
    await expect(card(page, 'token-liquidity')).toHaveText('$252.35K')
    await expect(card(page, 'token-pair')).toHaveText('vPOS/SOL')
    const chart = page.getByRole('link', { name: 'View Chart' })
    await expect(chart).toHaveAttribute('href', 'https://dexscreener.com/solana/fakepool')
    await expect(chart).toHaveAttribute('target', '_blank')
    await expect(chart).toHaveAttribute('rel', /\bnoopener\b/)

    await expect(card(page, 'treasury-address')).toHaveText(`${TREASURY.slice(0, 24)}...`)
    await expect(card(page, 'treasury-balance')).toHaveText('123,456.79')
    const usd = Math.round(123456.789012 * Number(PRICE) * 100) / 100
    await expect(card(page, 'treasury-usd')).toHaveText(`$${usd.toFixed(2)}`)
    await expect(card(page, 'treasury-updated')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    await expect(page.getByTestId('stale-banner')).toHaveCount(0)

    await expect(page.getByRole('button', { name: 'Buy Token' })).toBeDisabled()
    await expect(page.getByText('Trading functionality coming soon')).toBeVisible()
  })

  test("copy buttons copy the full addresses and say 'Copied!' for 2 s", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.clock.install({ time: new Date('2026-03-01T12:00:00Z') })
    await page.goto(`${app.origin}/token?boot=0`)
    await expect(card(page, 'treasury-balance')).toBeVisible(FIRST)
    await page.clock.pauseAt(new Date('2026-03-01T12:01:00Z'))

    await page.getByRole('button', { name: 'Copy contract address' }).click()
    const copied = page.getByRole('button', { name: 'Copied!' })
    await expect(copied).toHaveCount(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MINT)
    await page.clock.runFor(1999)
    await expect(copied).toHaveCount(1)
    await page.clock.runFor(1)
    await expect(copied).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Copy contract address' })).toBeVisible()

    await page.getByRole('button', { name: 'Copy treasury address' }).click()
    await expect(copied).toHaveCount(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TREASURY)
  })

  test('shows the loading text until the market data arrives', async ({ page }) => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    await page.route('**/api/market/token', async (route) => {
      await gate
      await route.continue()
    })
    await page.goto(`${app.origin}/token?boot=0`)
    await expect(
      page.getByRole('status').filter({ hasText: 'Loading token data...' }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Buy Token' })).toBeDisabled()
    // the contract address comes with the page's HTML (issue 36: the page's largest text, drawn
    // in its first render), copyable before the market answer
    await expect(card(page, 'contract-address')).toHaveText(MINT)
    await expect(page.getByRole('button', { name: 'Copy contract address' })).toBeVisible()
    // the pending panels hold the loaded ones' shape: nothing below them moves (issue 36, CLS)
    const trade = page.getByRole('region', { name: 'Trade' })
    const before = (await trade.boundingBox())!.y
    release()
    await expect(card(page, 'token-price')).toHaveText('$0.004215', FIRST)
    await expect(page.getByText('Loading token data...')).toHaveCount(0)
    await expect(card(page, 'treasury-balance')).toBeVisible(FIRST)
    expect((await trade.boundingBox())!.y).toBeCloseTo(before, 0)
  })

  for (const c of [
    { name: 'desktop', viewport: { width: 1440, height: 900 }, mobile: false },
    { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
  ]) {
    test.describe(c.name, () => {
      // bypassCSP: the app's CSP (style-src by nonce) would block the injected screenshot styles.
      test.use({ viewport: c.viewport, isMobile: c.mobile, hasTouch: c.mobile, bypassCSP: true })

      test(`visual: token info on ${c.name}`, { tag: '@visual' }, async ({ page }) => {
        await page.goto(`${app.origin}/token?boot=0&seed=7&paused=1&feed=sim`)
        await expect(card(page, 'treasury-balance')).toBeVisible(FIRST)
        await expect(page).toHaveScreenshot(`token-${c.name}.png`, {
          stylePath: ['tests/e2e/screenshot.css', 'tests/e2e/pages.screenshot.css'],
          mask: [page.locator('[data-testid^="ind-"]'), card(page, 'treasury-updated')],
          timeout: 30_000,
        })
      })

      test(`axe: token info on ${c.name}`, async ({ page }) => {
        await page.goto(`${app.origin}/token?boot=0&feed=sim`)
        await expect(card(page, 'treasury-balance')).toBeVisible(FIRST)
        const { violations } = await new AxeBuilder({ page }).include('main').analyze()
        const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(
          bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join(', ')}`),
        ).toEqual([])
      })
    })
  }

  // Last in this group: it breaks the upstream for the server it shares.
  test('a failing upstream after a good answer: last values, marked stale', async ({ page }) => {
    test.setTimeout(90_000)
    await page.goto(`${app.origin}/token?boot=0`)
    await expect(card(page, 'token-price')).toHaveText('$0.004215', FIRST)
    app.tenant().market = 'error'
    // The server caches the market answer for 15 s; then the failing upstream yields the last value.
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${app.origin}/api/market/token`)).json()) as { stale: boolean })
            .stale,
        {
          timeout: 40_000,
          intervals: [1000],
        },
      )
      .toBe(true)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(page.getByTestId('stale-banner')).toContainText(
      'Stale data: the market data provider is not responding.',
    )
    await expect(card(page, 'token-price')).toHaveText('$0.004215')
    // The treasury's USD value rests on the stale price: its panel is marked too.
    await expect(
      page.getByRole('region', { name: 'Treasury Wallet' }).getByText('Stale'),
    ).toBeVisible()
  })
})

test.describe('with a failing market upstream', () => {
  test('Error Loading Token Data; the treasury is not asked', async ({ page }) => {
    const app = await startApp('down', { market: 'error', rpc: 'ok' })
    try {
      await page.goto(`${app.origin}/token?boot=0`)
      const alert = page.getByRole('alert')
      await expect(alert.getByText('Error Loading Token Data')).toBeVisible(FIRST)
      await expect(alert).toContainText('503: Network response was not ok')
      await expect(page.getByRole('button', { name: 'Buy Token' })).toBeDisabled()
      await expect(page.getByText('Treasury Wallet')).toHaveCount(0)
      expect(app.tenant().rpcCalls).toBe(0)
    } finally {
      await app.stop()
    }
  })

  test('no pair listed: the market says so and the treasury does not run', async ({ page }) => {
    const app = await startApp('nopair', { market: 'nopair', rpc: 'ok' })
    try {
      await page.goto(`${app.origin}/token?boot=0`)
      await expect(card(page, 'contract-address')).toHaveText(MINT, FIRST)
      await expect(page.getByText('No market pair is listed for this token yet.')).toBeVisible()
      await expect(
        page.getByText('Treasury data is shown once the token has a market pair.'),
      ).toBeVisible()
      expect(app.tenant().rpcCalls).toBe(0)
    } finally {
      await app.stop()
    }
  })
})

test.describe('with a failing Solana RPC', () => {
  test("market cards show; the treasury says 'Error loading wallet data'", async ({ page }) => {
    const app = await startApp('rpcdown', { market: 'ok', rpc: 'error' })
    try {
      await page.goto(`${app.origin}/token?boot=0`)
      await expect(card(page, 'token-price')).toHaveText('$0.004215', FIRST)
      const treasury = page.getByRole('region', { name: 'Treasury Wallet' })
      await expect(treasury.getByRole('alert')).toContainText('Error loading wallet data')
      await expect(page.getByText('Error Loading Token Data')).toHaveCount(0)
      expect(app.tenant().rpcCalls).toBeGreaterThan(0)
    } finally {
      await app.stop()
    }
  })
})
