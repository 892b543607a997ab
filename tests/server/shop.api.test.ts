import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../src/contracts/chat'
import type { Purchase, ShopItem } from '../../src/contracts/shop'
import { demoBalanceOf } from '../../server/chain/demo-chain.provider'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, signIn, type TestWallet } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'

describe.each(backends.map((b) => [b().name, b] as const))('shop API on %s', (_, makeBackend) => {
  const backend = makeBackend()
  let app: FastifyInstance
  // Demo balance between 1,000 and 2,000 vPOS: enough for exactly one 1,000-vPOS item.
  const onlyOne = (seed: string) =>
    createTestWallet(seed, {
      predicate: (a) => demoBalanceOf(a) >= 1_000 && demoBalanceOf(a) < 2_000,
    })

  beforeAll(async () => {
    app = await buildApp(testConfig({ DATABASE_URL: await backend.create() }))
  })
  afterAll(async () => {
    await app.close()
    await backend.drop()
  })

  const buy = (w: TestWallet, cookie: string, itemId: string) =>
    call(app, 'POST', '/api/chat/shop/purchase', {
      cookie,
      body: { walletAddress: w.address, itemId },
    })

  it('lists the seeded badges and titles', async () => {
    const res = await call(app, 'GET', '/api/chat/shop/items')
    expect(res.status).toBe(200)
    const items = res.body as ShopItem[]
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['badge', 'title']))
    expect(items.find((i) => i.id === 'badge-node')).toMatchObject({
      price: 1_000,
      display: '⬡ NODE',
    })
  })

  it('buys, refuses a second buy, refuses beyond the balance, lists own purchases only', async () => {
    const w = onlyOne('shop-basic')
    const cookie = await signIn(app, w)
    const bought = await buy(w, cookie, 'badge-node')
    expect(bought.status).toBe(201)
    expect(bought.body).toMatchObject({ itemId: 'badge-node', active: false })
    expect((await buy(w, cookie, 'badge-node')).status).toBe(409)
    const tooMuch = await buy(w, cookie, 'title-operator')
    expect(tooMuch.status).toBe(403)
    expect(tooMuch.body.error).toBe(
      'Insufficient Balance: You need 1000 vPOS tokens to purchase this item',
    )
    expect((await buy(w, cookie, 'no-such-item')).status).toBe(404)

    const mine = await call(app, 'GET', `/api/chat/shop/purchases/${w.address}`, { cookie })
    expect((mine.body as Purchase[]).map((p) => p.itemId)).toEqual(['badge-node'])
    const other = createTestWallet('shop-other')
    expect(
      (await call(app, 'GET', `/api/chat/shop/purchases/${other.address}`, { cookie })).status,
    ).toBe(403)
    expect(
      (await call(app, 'GET', '/api/chat/shop/purchases/not-an-address', { cookie })).status,
    ).toBe(400)
  })

  it('20 concurrent purchases of one item ⇒ exactly one purchase', async () => {
    const w = createTestWallet('shop-race-same', { tier: 'platinum' })
    const cookie = await signIn(app, w)
    const results = await Promise.all(
      Array.from({ length: 20 }, () => buy(w, cookie, 'badge-validator')),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true)
    const mine = (await call(app, 'GET', `/api/chat/shop/purchases/${w.address}`, { cookie }))
      .body as Purchase[]
    expect(mine).toHaveLength(1)
  })

  it('20 concurrent purchases with balance for exactly one ⇒ exactly one', async () => {
    const w = onlyOne('shop-race-balance')
    const cookie = await signIn(app, w)
    const items = ['badge-node', 'title-operator']
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => buy(w, cookie, items[i % 2] ?? '')),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 403 || r.status === 409)).toHaveLength(19)
    const mine = (await call(app, 'GET', `/api/chat/shop/purchases/${w.address}`, { cookie }))
      .body as Purchase[]
    expect(mine).toHaveLength(1)
  })

  it('keeps one active badge and one active title, shown on messages', async () => {
    const w = createTestWallet('shop-active', { tier: 'platinum' })
    const cookie = await signIn(app, w)
    for (const id of ['badge-node', 'badge-validator', 'title-operator'])
      expect((await buy(w, cookie, id)).status).toBe(201)
    const patch = (itemId: string, active: boolean) =>
      call(app, 'PATCH', `/api/chat/shop/purchases/${itemId}`, {
        cookie,
        body: { walletAddress: w.address, active },
      })
    expect((await patch('badge-node', true)).body.active).toBe(true)
    expect((await patch('title-operator', true)).body.active).toBe(true)
    expect((await patch('badge-validator', true)).body.active).toBe(true)
    const mine = (await call(app, 'GET', `/api/chat/shop/purchases/${w.address}`, { cookie }))
      .body as Purchase[]
    expect(Object.fromEntries(mine.map((p) => [p.itemId, p.active]))).toEqual({
      'badge-node': false,
      'badge-validator': true,
      'title-operator': true,
    })
    const msg = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/messages', {
      cookie,
      body: { walletAddress: w.address, displayName: 'shiny', content: 'look at my badge' },
    })
    const m = msg.body as ChatMessage
    expect(m.badge?.display).toBe('◆ VALIDATOR')
    expect(m.title?.display).toBe('Swarm Operator')

    expect((await patch('badge-validator', false)).body.active).toBe(false)
    expect((await patch('badge-core', true)).status).toBe(404) // not owned
    expect((await patch('nope', true)).status).toBe(404)
    const bad = await call(app, 'PATCH', '/api/chat/shop/purchases/badge-node', {
      cookie,
      body: { walletAddress: w.address, active: 'yes' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('active')
  })
})
