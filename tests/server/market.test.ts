import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_TREASURY_WALLET } from '../../src/contracts/constants'
import { MarketTokenResponseSchema, TreasurySchema } from '../../src/contracts/market'
import { buildApp } from '../../server/app'
import type { ChainProvider } from '../../server/chain/chain.provider'
import { type AppConfig, testConfig } from '../../server/config'
import { type MarketRoutesOptions, marketRoutes } from '../../server/market/market.routes'

const MINT = 'Mint1111111111111111111111111111111111111111'
/** a valid base58 address: the RPC client (kit's address()) refuses anything else */
const TREASURY = DEMO_TREASURY_WALLET

/** A real DexScreener `latest/dex/tokens/{mint}` answer, trimmed to one pair (plus a second one). */
function dexBody(priceUsd: string) {
  const pair = (p: string, dex: string) => ({
    chainId: 'solana',
    dexId: dex,
    url: `https://dexscreener.com/solana/pair-${dex}`,
    pairAddress: `pair-${dex}`,
    baseToken: { address: MINT, name: 'vPOS', symbol: 'vPOS' },
    quoteToken: {
      address: 'So11111111111111111111111111111111111111112',
      name: 'Wrapped SOL',
      symbol: 'SOL',
    },
    priceNative: '0.0000301',
    priceUsd: p,
    txns: { m5: { buys: 1, sells: 0 }, h1: { buys: 10, sells: 4 }, h24: { buys: 321, sells: 123 } },
    volume: { h24: 45678.9, h6: 1000, h1: 100, m5: 1 },
    priceChange: { m5: 0, h1: 0.5, h6: -1, h24: -3.21 },
    liquidity: { usd: 98765.4, base: 1, quote: 2 },
    fdv: 4_200_000,
    marketCap: 3_900_000,
    pairCreatedAt: 1_700_000_000_000,
  })
  return { schemaVersion: '1.0.0', pairs: [pair(priceUsd, 'raydium'), pair('9.99', 'orca')] }
}

type Mode = 'ok' | 'down' | 'slow' | 'empty'

interface Fake {
  url: string
  hits: string[]
  mode: Mode
  price: string
  server: Server
}

async function fakeDex(): Promise<Fake> {
  const fake = { hits: [] as string[], mode: 'ok' as Mode, price: '0.00421500' } as Fake
  fake.server = createServer((req, res) => {
    fake.hits.push(req.url ?? '')
    if (fake.mode === 'slow') return // never answers
    if (fake.mode === 'down') {
      res.writeHead(502).end('bad gateway')
      return
    }
    const body =
      fake.mode === 'empty' ? { schemaVersion: '1.0.0', pairs: null } : dexBody(fake.price)
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r))
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`
  return fake
}

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

async function appWith(
  config: Partial<AppConfig>,
  opts: MarketRoutesOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify()
  app.decorate('config', testConfig({ TOKEN_MINT: MINT, ...config }))
  await app.register(marketRoutes, opts)
  cleanups.push(() => app.close())
  return app
}

async function withFake(): Promise<Fake> {
  const fake = await fakeDex()
  cleanups.push(() => {
    fake.server.closeAllConnections()
    return new Promise((r) => fake.server.close(r))
  })
  return fake
}

/** Fails the test if the server has not answered within 5 s (the contract), instead of hanging. */
function within5s<T>(p: Promise<T>): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, rej) => setTimeout(() => rej(new Error('no answer within 5 s')), 5000)),
  ])
}

const fakeChain = (balance: number, fail = false): ChainProvider => ({
  kind: 'rpc',
  getTokenBalance: async () => {
    if (fail) throw new Error('rpc down')
    return balance
  },
  getAssetsByOwner: async () => ({ total: 0, items: [] }),
  getRecentTransactions: async (_a, limit) =>
    Array.from({ length: Math.min(limit, 2) }, (_, i) => ({
      signature: `sig${i}`,
      slot: 100 - i,
      blockTime: 1_700_000_000 - i,
    })),
})

describe('GET /api/market/token', () => {
  it('reads the first pair of the DexScreener answer', async () => {
    const fake = await withFake()
    const app = await appWith({ MARKET_DATA_URL: fake.url })
    const res = await app.inject('/api/market/token')
    expect(res.statusCode).toBe(200)
    const body = MarketTokenResponseSchema.parse(res.json())
    expect(fake.hits).toEqual([`/latest/dex/tokens/${MINT}`])
    expect(body).toMatchObject({ tokenAddress: MINT, stale: false })
    expect(body.pair).toEqual({
      priceUsd: '0.00421500',
      priceChange: { h24: -3.21 },
      marketCap: 3_900_000,
      fdv: 4_200_000,
      volume: { h24: 45678.9 },
      txns: { h24: { buys: 321, sells: 123 } },
      liquidity: { usd: 98765.4 },
      baseToken: { symbol: 'vPOS', address: MINT },
      quoteToken: { symbol: 'SOL' },
      url: 'https://dexscreener.com/solana/pair-raydium',
    })
  })

  it('serves repeated requests from the 15 s cache', async () => {
    const fake = await withFake()
    const app = await appWith({ MARKET_DATA_URL: fake.url })
    await Promise.all([app.inject('/api/market/token'), app.inject('/api/market/token')])
    await app.inject('/api/market/token')
    expect(fake.hits).toHaveLength(1)
  })

  it('answers pair null when the provider lists no pair', async () => {
    const fake = await withFake()
    fake.mode = 'empty'
    const app = await appWith({ MARKET_DATA_URL: fake.url })
    expect((await app.inject('/api/market/token')).json()).toMatchObject({
      pair: null,
      stale: false,
    })
  })

  it.each<[Mode, MarketRoutesOptions]>([
    ['down', {}],
    ['slow', { timeoutMs: 300 }],
  ])('upstream %s with no cached value ⇒ 503', async (mode, opts) => {
    const fake = await withFake()
    fake.mode = mode
    const app = await appWith({ MARKET_DATA_URL: fake.url }, opts)
    const res = await within5s(app.inject('/api/market/token'))
    expect(res.statusCode).toBe(503)
    expect(res.json().error).toBe('Network response was not ok')
  })

  it.each<Mode>(['down', 'slow'])(
    'upstream %s after a good answer ⇒ last value marked stale',
    async (mode) => {
      const fake = await withFake()
      const app = await appWith({ MARKET_DATA_URL: fake.url }, { ttlMs: 0, timeoutMs: 300 })
      const first = (await app.inject('/api/market/token')).json()
      fake.mode = mode
      const res = await within5s(app.inject('/api/market/token'))
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        stale: true,
        pair: first.pair,
        fetchedAt: first.fetchedAt,
      })
    },
  )

  it('a slow upstream is cut off by the default timeout, within 5 s', async () => {
    const fake = await withFake()
    fake.mode = 'slow'
    const app = await appWith({ MARKET_DATA_URL: fake.url })
    expect((await within5s(app.inject('/api/market/token'))).statusCode).toBe(503)
  })

  it('opens the circuit after 3 failures and stops calling the upstream', async () => {
    const fake = await withFake()
    fake.mode = 'down'
    const app = await appWith({ MARKET_DATA_URL: fake.url }, { ttlMs: 0 })
    for (let i = 0; i < 5; i++) expect((await app.inject('/api/market/token')).statusCode).toBe(503)
    expect(fake.hits).toHaveLength(3)
  })

  it('uses the demo random-walk pair when MARKET_DATA_URL is unset', async () => {
    const app = await buildApp(testConfig())
    cleanups.push(() => app.close())
    const body = MarketTokenResponseSchema.parse((await app.inject('/api/market/token')).json())
    expect(body.stale).toBe(false)
    expect(Number(body.pair?.priceUsd)).toBeGreaterThan(0)
    expect(body.pair?.baseToken.symbol).toBe('vPOS')
  })
})

describe('GET /api/treasury', () => {
  it('derives balance, usdValue = balance × priceUsd, lastUpdated and transactions', async () => {
    const fake = await withFake()
    fake.price = '0.5'
    const app = await appWith(
      { MARKET_DATA_URL: fake.url, TREASURY_WALLET: TREASURY },
      { chain: fakeChain(1234.5) },
    )
    const res = await app.inject('/api/treasury')
    expect(res.statusCode).toBe(200)
    const body = TreasurySchema.parse(res.json())
    expect(body).toMatchObject({
      address: TREASURY,
      balance: 1234.5,
      usdValue: 617.25,
      stale: false,
    })
    expect(body.transactions.map((t) => t.signature)).toEqual(['sig0', 'sig1'])
    expect(Number.isNaN(Date.parse(body.lastUpdated))).toBe(false)
  })

  it('marks the answer stale with usdValue 0 when the market is down', async () => {
    const fake = await withFake()
    fake.mode = 'down'
    const app = await appWith({ MARKET_DATA_URL: fake.url }, { chain: fakeChain(10) })
    expect((await app.inject('/api/treasury')).json()).toMatchObject({
      balance: 10,
      usdValue: 0,
      stale: true,
    })
  })

  it('answers 503 when the chain provider fails with nothing cached', async () => {
    const app = await appWith({}, { chain: fakeChain(10, true) })
    const res = await within5s(app.inject('/api/treasury'))
    expect(res.statusCode).toBe(503)
  })

  it('answers within 5 s when the chain is slow and the market hangs (asked in parallel)', async () => {
    const fake = await withFake()
    fake.mode = 'slow'
    const slowChain: ChainProvider = {
      ...fakeChain(10),
      getTokenBalance: () => new Promise((r) => setTimeout(() => r(10), 3_000)),
    }
    const app = await appWith({ MARKET_DATA_URL: fake.url }, { chain: slowChain })
    const t0 = performance.now()
    const res = await within5s(app.inject('/api/treasury'))
    expect(performance.now() - t0).toBeLessThan(5_000)
    expect(res.json()).toMatchObject({ balance: 10, usdValue: 0, stale: true })
  })

  it('works on the demo providers', async () => {
    const app = await buildApp(testConfig())
    cleanups.push(() => app.close())
    const body = TreasurySchema.parse((await app.inject('/api/treasury')).json())
    expect(body.balance).toBeGreaterThan(0)
    expect(body.usdValue).toBeCloseTo(
      body.balance * Number((await app.inject('/api/market/token')).json().pair.priceUsd),
      1,
    )
  })
})

describe('GET /api/treasury over Solana JSON-RPC', () => {
  it('sums the mint-matching token accounts (amount / 10^decimals) from a real-shaped RPC answer', async () => {
    const calls: string[] = []
    const rpc = createServer((req, res) => {
      let raw = ''
      req.on('data', (c) => (raw += c))
      req.on('end', () => {
        const body = JSON.parse(raw)
        calls.push(body.method)
        const account = (mint: string, amount: string, decimals: number) => ({
          pubkey: 'Acct',
          account: {
            data: {
              parsed: {
                info: {
                  mint,
                  owner: TREASURY,
                  tokenAmount: { amount, decimals, uiAmount: null },
                },
                type: 'account',
              },
              program: 'spl-token',
              space: 165,
            },
            executable: false,
            lamports: 2039280,
            owner: body.params?.[1]?.programId,
          },
        })
        const result =
          body.method === 'getTokenAccountsByOwner'
            ? {
                context: { slot: 1 },
                value: body.params[1].programId.startsWith('Tokenkeg')
                  ? [account(MINT, '250000000', 6), account('OtherMint', '999', 0)]
                  : [account(MINT, '1500', 3)],
              }
            : [
                {
                  signature: 'sigA',
                  slot: 42,
                  blockTime: 1_700_000_000,
                  err: null,
                  memo: null,
                  confirmationStatus: 'finalized',
                },
              ]
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }))
      })
    })
    await new Promise<void>((r) => rpc.listen(0, '127.0.0.1', r))
    cleanups.push(() => new Promise((r) => rpc.close(r)))
    const fake = await withFake()
    fake.price = '2'
    const app = await buildApp(
      testConfig({
        SOLANA_RPC_URL: `http://127.0.0.1:${(rpc.address() as AddressInfo).port}/?api-key=k`,
        MARKET_DATA_URL: fake.url,
        TOKEN_MINT: MINT,
        TREASURY_WALLET: TREASURY,
      }),
    )
    cleanups.push(() => app.close())
    const body = TreasurySchema.parse((await app.inject('/api/treasury')).json())
    expect(calls.sort()).toEqual([
      'getSignaturesForAddress',
      'getTokenAccountsByOwner',
      'getTokenAccountsByOwner',
    ])
    expect(body).toMatchObject({
      address: TREASURY,
      balance: 251.5,
      usdValue: 503,
      stale: false,
    })
    expect(body.transactions).toEqual([{ signature: 'sigA', slot: 42, blockTime: 1_700_000_000 }])
  })
})
