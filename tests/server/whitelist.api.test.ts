import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WhitelistResult } from '../../src/contracts/whitelist'
import { demoAssetCount, demoBalanceOf } from '../../server/chain/demo-chain.provider'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { scoreWallet, tokenScoreOf, otherScoreOf } from '../../server/whitelist/whitelist-score'
import { createTestWallet, signIn, type TestWallet } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'

describe('whitelist score formula', () => {
  it.each([
    [0, 0],
    [-5, 0],
    [99, 3],
    [1_000, 10],
    [10_000, 20],
    [100_000, 30],
    [1_000_000, 40],
    [10_000_000, 50],
    [1e12, 60],
  ])('tokenScore(%d) = %d', (balance, score) => {
    expect(tokenScoreOf(balance)).toBe(score)
  })

  const mint = 'vPOSmint'
  it.each([
    ['nothing', [], 0],
    ['one NFT', [{ id: 'a', interface: 'V1_NFT' }], 5],
    ['a fungible token with balance', [{ id: 'b', interface: 'FungibleToken', balance: 3 }], 2],
    ['an empty fungible token', [{ id: 'c', interface: 'FungibleToken', balance: 0 }], 0],
    ['the vPOS mint itself', [{ id: mint, interface: 'FungibleToken', balance: 1e6 }], 0],
    [
      '20 NFTs (capped)',
      Array.from({ length: 20 }, (_, i) => ({ id: `n${i}`, interface: 'ProgrammableNFT' })),
      40,
    ],
  ])('otherScore of %s', (_, assets, score) => {
    expect(otherScoreOf(assets, mint)).toBe(score)
  })

  it('is eligible at exactly the minimum score', () => {
    const nfts = Array.from({ length: 4 }, (_, i) => ({ id: `n${i}`, interface: 'V1_NFT' }))
    expect(scoreWallet(100_000, nfts, mint, 50)).toEqual({
      eligible: true,
      tokenScore: 30,
      otherScore: 20,
      totalScore: 50,
      minScoreRequired: 50,
    })
    expect(scoreWallet(100_000, nfts.slice(1), mint, 50).eligible).toBe(false)
  })
})

describe.each(backends.map((b) => [b().name, b] as const))(
  'whitelist API on %s',
  (_, makeBackend) => {
    const backend = makeBackend()
    let app: FastifyInstance

    beforeAll(async () => {
      app = await buildApp(testConfig({ DATABASE_URL: await backend.create() }))
    })
    afterAll(async () => {
      await app.close()
      await backend.drop()
    })

    const check = async (w: TestWallet, cookie: string) =>
      call(app, 'POST', '/api/whitelist/check', { cookie, body: { walletAddress: w.address } })

    it('reaches both outcomes on the demo chain', async () => {
      const rich = createTestWallet('wl-rich', {
        tier: 'platinum',
        predicate: (a) => demoAssetCount(a) >= 4,
      })
      const poor = createTestWallet('wl-poor', {
        tier: 'none',
        predicate: (a) => demoAssetCount(a) < 4,
      })
      const yes = await check(rich, await signIn(app, rich))
      expect(yes.status).toBe(200)
      expect(yes.body).toMatchObject({ eligible: true, minScoreRequired: 50 })
      const no = await check(poor, await signIn(app, poor))
      expect(no.body).toMatchObject({ eligible: false })
      const r = no.body as WhitelistResult
      expect(r.totalScore).toBe(r.tokenScore + r.otherScore)
      expect(r.tokenScore).toBe(tokenScoreOf(demoBalanceOf(poor.address)))
    })

    it('pages the assets up to maxPages and warns when it stops early', async () => {
      const big = createTestWallet('wl-big', { predicate: (a) => demoAssetCount(a) > 500 })
      const res = await check(big, await signIn(app, big))
      expect(res.body.pagination).toEqual({
        assetsChecked: 500,
        totalAssets: demoAssetCount(big.address),
        pagesChecked: 5,
        maxPages: 5,
      })
      expect(res.body.warning).toMatch(/^Only 500 of \d+ assets were scanned/)
      const small = createTestWallet('wl-small', {
        predicate: (a) => demoAssetCount(a) > 0 && demoAssetCount(a) < 100,
      })
      const s = await check(small, await signIn(app, small))
      expect(s.body.pagination).toMatchObject({
        pagesChecked: 1,
        assetsChecked: demoAssetCount(small.address),
      })
      expect(s.body.warning).toBeUndefined()
    })

    it('enforces the 30 s cooldown per wallet with 429 and the §5 text', async () => {
      const w = createTestWallet('wl-cooldown')
      const cookie = await signIn(app, w)
      expect((await check(w, cookie)).status).toBe(200)
      const again = await check(w, cookie)
      expect(again.status).toBe(429)
      expect(again.body.error).toMatch(/^Please wait (30|29) seconds before checking again$/)
      expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(29)
      // Another wallet is not affected.
      const other = createTestWallet('wl-cooldown-other')
      expect((await check(other, await signIn(app, other))).status).toBe(200)
    })

    it('lets concurrent checks of one wallet through exactly once', async () => {
      const w = createTestWallet('wl-race')
      const cookie = await signIn(app, w)
      const results = await Promise.all(Array.from({ length: 8 }, () => check(w, cookie)))
      expect(results.filter((r) => r.status === 200)).toHaveLength(1)
      expect(results.filter((r) => r.status === 429)).toHaveLength(7)
    })

    it.each([
      ['no body', undefined, 400],
      ['a bad address', { walletAddress: 'xyz' }, 400],
      ['an unknown field', { walletAddress: createTestWallet('wl-bad').address, x: 1 }, 400],
    ])('rejects %s', async (_, body, status) => {
      const w = createTestWallet('wl-bad')
      const res = await call(app, 'POST', '/api/whitelist/check', {
        cookie: await signIn(app, w),
        body,
      })
      expect(res.status).toBe(status)
    })
  },
)
