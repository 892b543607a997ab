import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isSolanaAddress } from '../../src/contracts/address'
import { ChainError } from '../../server/chain/chain.errors'
import { DemoChainProvider, demoBalanceOf } from '../../server/chain/demo-chain.provider'
import {
  BALANCE_FAILURE,
  SolanaRpcClient,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../../server/chain/solana-rpc.client'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, demoTierOf, signIn } from '../helpers/wallet'
import { FakeRpcServer, tokenAccount } from './helpers/fake-rpc.server'

const MINT = 'vPoS7kGq3nZt1xWJd8Yh2bRcLmA5uEfTs9NwKpQ4HzV'
const OTHER_MINT = 'So11111111111111111111111111111111111111112'
const OWNER = createTestWallet('rpc-owner').address

function programOf(params: unknown): string {
  return ((params as unknown[])[1] as { programId: string }).programId
}

describe('SolanaRpcClient against a fake JSON-RPC server', () => {
  const fake = new FakeRpcServer()
  beforeAll(() => fake.start())
  afterAll(() => fake.stop())
  afterEach(() => {
    for (const k of Object.keys(fake.handlers)) delete fake.handlers[k]
    fake.calls.length = 0
  })

  it('sums the mint over Token and Token-2022 accounts, amount / 10^decimals', async () => {
    fake.handlers.getTokenAccountsByOwner = (params) =>
      programOf(params) === TOKEN_PROGRAM_ID
        ? {
            result: {
              value: [tokenAccount(MINT, '1234500000', 6), tokenAccount(OTHER_MINT, '999', 0)],
            },
          }
        : { result: { value: [tokenAccount(MINT, '250', 2)] } }
    const client = new SolanaRpcClient(fake.url)
    expect(await client.getTokenBalance(OWNER, MINT)).toBeCloseTo(1234.5 + 2.5, 9)
    // Sent through @solana/kit, which adds its default commitment to the config.
    const sent = fake.calls.map((c) => c.params)
    expect(sent).toEqual(
      expect.arrayContaining(
        [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].map((programId) => [
          OWNER,
          { programId },
          expect.objectContaining({ encoding: 'jsonParsed' }),
        ]),
      ),
    )
  })

  it('names the real Token and Token-2022 program ids', () => {
    // kit validates addresses: a mistyped program id fails every balance read.
    expect(TOKEN_PROGRAM_ID).toBe('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
    expect(TOKEN_2022_PROGRAM_ID).toBe('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
    expect([TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].every(isSolanaAddress)).toBe(true)
  })

  it('answers 0 for a wallet without the mint', async () => {
    fake.handlers.getTokenAccountsByOwner = () => ({
      result: { value: [tokenAccount(OTHER_MINT, '5', 0)] },
    })
    expect(await new SolanaRpcClient(fake.url).getTokenBalance(OWNER, MINT)).toBe(0)
  })

  it.each([
    ['HTTP 500', { httpStatus: 500 }, 502, BALANCE_FAILURE],
    ['HTTP 429', { httpStatus: 429 }, 503, BALANCE_FAILURE],
    [
      'a JSON-RPC error',
      { rpcError: { code: -32602, message: 'Invalid param' } },
      502,
      BALANCE_FAILURE,
    ],
    ['a malformed result', { result: { nope: true } }, 502, BALANCE_FAILURE],
    ['a stall past the timeout', { stallMs: 2_000 }, 503, 'Solana RPC timed out'],
  ] as const)('maps %s to an error', async (_, reply, status, message) => {
    fake.handlers.getTokenAccountsByOwner = () => reply
    const err = await new SolanaRpcClient(fake.url, 300)
      .getTokenBalance(OWNER, MINT)
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ChainError)
    expect((err as ChainError).statusCode).toBe(status)
    expect((err as ChainError).message).toBe(message)
  })

  it('maps a refused connection to 503', async () => {
    const err = await new SolanaRpcClient('http://127.0.0.1:1/')
      .getTokenBalance(OWNER, MINT)
      .catch((e: unknown) => e)
    expect((err as ChainError).statusCode).toBe(503)
    expect((err as ChainError).message).toBe('Solana RPC unavailable')
  })

  it('reads DAS asset pages with grand totals, and recent signatures', async () => {
    fake.handlers.getAssetsByOwner = (params) => {
      const p = params as { page: number; limit: number; ownerAddress: string } & Record<
        string,
        unknown
      >
      expect(p.ownerAddress).toBe(OWNER)
      // Issue 14: the field providers document is `options`, not the legacy `displayOptions`.
      expect(p.options).toEqual({ showFungible: true, showGrandTotal: true })
      expect(p).not.toHaveProperty('displayOptions')
      return {
        result: {
          total: 2,
          grand_total: 102,
          page: p.page,
          items: [
            { id: 'nft1', interface: 'V1_NFT' },
            { id: 'tok', interface: 'FungibleToken', token_info: { balance: 1500, decimals: 3 } },
          ],
        },
      }
    }
    fake.handlers.getSignaturesForAddress = () => ({
      result: [{ signature: 'sig1', slot: 9, blockTime: 1700000000 }],
    })
    const client = new SolanaRpcClient(fake.url)
    expect(await client.getAssetsByOwner(OWNER, 2, 100)).toEqual({
      total: 102,
      items: [
        { id: 'nft1', interface: 'V1_NFT' },
        { id: 'tok', interface: 'FungibleToken', balance: 1.5 },
      ],
    })
    expect(await client.getRecentTransactions(OWNER, 5)).toEqual([
      { signature: 'sig1', slot: 9, blockTime: 1700000000 },
    ])
    expect(fake.calls.find((c) => c.method === 'getSignaturesForAddress')?.params).toEqual([
      OWNER,
      { limit: 5 },
    ])
  })
})

describe('the API on a real socket with SOLANA_RPC_URL pointing at the fake server', () => {
  const fake = new FakeRpcServer()
  let app: FastifyInstance
  let base = ''
  const holder = createTestWallet('rpc-holder')
  const assets = Array.from({ length: 250 }, (_, i) => ({ id: `nft${i}`, interface: 'V1_NFT' }))

  beforeAll(async () => {
    await fake.start()
    fake.handlers.getTokenAccountsByOwner = (params) => {
      const owner = (params as string[])[0]
      const amount =
        owner === holder.address && programOf(params) === TOKEN_2022_PROGRAM_ID
          ? '150000000000'
          : '0'
      return { result: { value: [tokenAccount(MINT, amount, 6)] } }
    }
    fake.handlers.getAssetsByOwner = (params) => {
      const { page, limit } = params as { page: number; limit: number }
      return {
        result: {
          total: 0,
          grand_total: assets.length,
          items: assets.slice((page - 1) * limit, page * limit),
        },
      }
    }
    app = await buildApp(
      testConfig({ SOLANA_RPC_URL: fake.url, TOKEN_MINT: MINT, WHITELIST_MAX_PAGES: 2 }),
    )
    await app.listen({ port: 0, host: '127.0.0.1' })
    const addr = app.server.address()
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
  })
  afterAll(async () => {
    await app.close()
    await fake.stop()
  })

  async function postJson(url: string, cookie: string, body: unknown) {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it('signs in, verifies the Token-2022 balance and caches it', async () => {
    const cookie = await signIn(base, holder)
    expect((await fetch(`${base}/api/auth/config`).then((r) => r.json())) as unknown).toMatchObject(
      { chain: 'rpc' },
    )
    const res = await postJson('/api/chat/verify-token-balance', cookie, {
      walletAddress: holder.address,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      balance: 150_000,
      accessLevels: { bronze: true, silver: true, gold: true, platinum: false },
    })
    const before = fake.calls.length
    await postJson('/api/chat/verify-token-balance', cookie, { walletAddress: holder.address })
    expect(fake.calls.length).toBe(before) // served from the ≤30 s cache
  })

  it('scores the whitelist over paged DAS results (maxPages 2)', async () => {
    const w = createTestWallet('rpc-whitelist')
    const cookie = await signIn(base, w)
    const res = await postJson('/api/whitelist/check', cookie, { walletAddress: w.address })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      eligible: false,
      tokenScore: 0,
      otherScore: 40,
      totalScore: 40,
      pagination: { assetsChecked: 200, totalAssets: 250, pagesChecked: 2, maxPages: 2 },
    })
  })

  it('answers 502 with the §7.3 text when the RPC fails, and does not start a cooldown', async () => {
    const w = createTestWallet('rpc-down')
    const cookie = await signIn(base, w)
    const saved = fake.handlers.getTokenAccountsByOwner
    fake.handlers.getTokenAccountsByOwner = () => ({ httpStatus: 500 })
    try {
      const res = await postJson('/api/chat/verify-token-balance', cookie, {
        walletAddress: w.address,
      })
      expect(res).toEqual({ status: 502, body: { error: BALANCE_FAILURE } })
      expect(
        (await postJson('/api/whitelist/check', cookie, { walletAddress: w.address })).status,
      ).toBe(502)
    } finally {
      if (saved) fake.handlers.getTokenAccountsByOwner = saved
    }
    expect(
      (await postJson('/api/whitelist/check', cookie, { walletAddress: w.address })).status,
    ).toBe(200)
  })
})

describe('demo chain', () => {
  it('is deterministic per address and reaches every tier', () => {
    const chain = new DemoChainProvider(MINT)
    const tiers = new Set<string>()
    for (let i = 0; i < 200; i++) tiers.add(demoTierOf(createTestWallet(`demo-${i}`).address))
    expect(tiers).toEqual(new Set(['none', 'bronze', 'silver', 'gold', 'platinum']))
    const a = createTestWallet('demo-a').address
    return chain.getTokenBalance(a, MINT).then((b) => expect(b).toBe(demoBalanceOf(a)))
  })

  it('serves stable transactions newest first on a slot clock', async () => {
    let now = Date.UTC(2025, 0, 1)
    const chain = new DemoChainProvider(MINT, () => now)
    const first = await chain.getRecentTransactions(OWNER, 3)
    expect(first[0]!.slot).toBeGreaterThan(first[1]!.slot)
    now += 1_000
    expect(await chain.getRecentTransactions(OWNER, 3)).toEqual(first)
  })
})
