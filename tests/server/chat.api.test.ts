import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatMessage, Participant, Room } from '../../src/contracts/chat'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, signIn, type TestWallet } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'

const XSS = '<img src=x onerror=alert(1)>'

describe.each(backends.map((b) => [b().name, b] as const))('chat API on %s', (_, makeBackend) => {
  const backend = makeBackend()
  let app: FastifyInstance
  const gold = createTestWallet('chat-gold', { tier: 'gold' })
  const bronze = createTestWallet('chat-bronze', { tier: 'bronze' })
  const poor = createTestWallet('chat-poor', { tier: 'none' })
  const staff = createTestWallet('chat-staff', { tier: 'none' })
  const cookies = new Map<TestWallet, string>()
  const cookieOf = (w: TestWallet) => cookies.get(w) ?? ''

  beforeAll(async () => {
    app = await buildApp(
      testConfig({ DATABASE_URL: await backend.create(), STAFF_WALLETS: [staff.address] }),
    )
    for (const w of [gold, bronze, poor, staff]) cookies.set(w, await signIn(app, w))
  })
  afterAll(async () => {
    await app.close()
    await backend.drop()
  })

  const post = (
    w: TestWallet,
    room: string,
    content: string,
    extra: Record<string, unknown> = {},
  ) =>
    call(app, 'POST', `/api/chat/rooms/${room}/messages`, {
      cookie: cookieOf(w),
      body: { walletAddress: w.address, displayName: 'tester', content, ...extra },
    })

  it('lists the seeded rooms, at least one per tier, with tier thresholds', async () => {
    const res = await call(app, 'GET', '/api/chat/rooms')
    expect(res.status).toBe(200)
    const rooms = res.body as Room[]
    const byTier = Object.fromEntries(rooms.map((r) => [r.tier, r.requiredTokenAmount]))
    expect(byTier).toEqual({ bronze: 1_000, silver: 10_000, gold: 100_000, platinum: 1_000_000 })
    expect(rooms.every((r) => r.announcement === null)).toBe(true)
  })

  it('verifies balances with access levels per tier', async () => {
    const res = await call(app, 'POST', '/api/chat/verify-token-balance', {
      cookie: cookieOf(gold),
      body: { walletAddress: gold.address },
    })
    expect(res.status).toBe(200)
    expect(res.body.balance).toBeGreaterThanOrEqual(100_000)
    expect(res.body.accessLevels).toEqual({
      bronze: true,
      silver: true,
      gold: true,
      platinum: false,
    })
    const poorRes = await call(app, 'POST', '/api/chat/verify-token-balance', {
      cookie: cookieOf(poor),
      body: { walletAddress: poor.address },
    })
    expect(poorRes.body.accessLevels).toEqual({
      bronze: false,
      silver: false,
      gold: false,
      platinum: false,
    })
  })

  it.each([
    ['GET', '/api/chat/rooms/bronze-lounge/messages', undefined],
    ['GET', '/api/chat/rooms/bronze-lounge/participants', undefined],
    ['POST', '/api/chat/verify-token-balance', 'wallet'],
    ['POST', '/api/chat/rooms/bronze-lounge/messages', 'message'],
    ['POST', '/api/chat/rooms/bronze-lounge/participants', 'participant'],
    ['POST', '/api/chat/rooms/bronze-lounge/messages/1/reactions', 'reaction'],
    ['DELETE', '/api/chat/rooms/bronze-lounge/messages/1/reactions', 'reaction'],
    ['POST', '/api/chat/rooms/bronze-lounge/announcement', 'announce'],
    ['DELETE', '/api/chat/rooms/bronze-lounge/announcement', 'wallet'],
    ['POST', '/api/whitelist/check', 'wallet'],
    ['POST', '/api/chat/shop/purchase', 'purchase'],
    ['PATCH', '/api/chat/shop/purchases/badge-node', 'patch'],
  ] as const)(
    '%s %s: 401 without a session, 403 when the body names another wallet',
    async (method, url, kind) => {
      const bodyFor = (w: TestWallet) =>
        kind === undefined
          ? undefined
          : {
              walletAddress: w.address,
              ...(kind === 'message' ? { displayName: 'x', content: 'hi' } : {}),
              ...(kind === 'participant' ? { displayName: 'x' } : {}),
              ...(kind === 'reaction' ? { emoji: '👍' } : {}),
              ...(kind === 'announce' ? { content: 'hello' } : {}),
              ...(kind === 'purchase' ? { itemId: 'badge-node' } : {}),
              ...(kind === 'patch' ? { active: true } : {}),
            }
      const anon = await call(app, method, url, { body: bodyFor(gold) })
      expect(anon.status).toBe(401)
      if (kind !== undefined) {
        const mismatch = await call(app, method, url, {
          cookie: cookieOf(bronze),
          body: bodyFor(gold),
        })
        expect(mismatch.status).toBe(403)
        expect(mismatch.body.error).toBe('walletAddress does not match the signed-in wallet')
      }
    },
  )

  it('gates room reads and writes by tier', async () => {
    expect(
      (await call(app, 'GET', '/api/chat/rooms/gold-vault/messages', { cookie: cookieOf(gold) }))
        .status,
    ).toBe(200)
    const denied = await call(app, 'GET', '/api/chat/rooms/gold-vault/messages', {
      cookie: cookieOf(bronze),
    })
    expect(denied.status).toBe(403)
    expect(denied.body.error).toBe(
      'Access denied: Gold Vault needs at least 100000 vPOS (gold tier)',
    )
    expect(
      (
        await call(app, 'GET', '/api/chat/rooms/gold-vault/participants', {
          cookie: cookieOf(bronze),
        })
      ).status,
    ).toBe(403)
    expect((await post(bronze, 'gold-vault', 'let me in')).status).toBe(403)
    expect((await post(poor, 'bronze-lounge', 'let me in')).status).toBe(403)
    expect((await post(gold, 'platinum-core', 'let me in')).status).toBe(403)
    expect(
      (await call(app, 'GET', '/api/chat/rooms/nope/messages', { cookie: cookieOf(gold) })).status,
    ).toBe(404)
  })

  it('stores messages trimmed, returns XSS text verbatim, polls only newer messages with ?after=', async () => {
    const first = await post(gold, 'silver-lab', `   ${XSS}   `, { displayName: XSS })
    expect(first.status).toBe(201)
    const m1 = first.body as ChatMessage
    expect(m1.content).toBe(XSS)
    expect(m1.displayName).toBe(XSS)
    const second = (await post(gold, 'silver-lab', 'second')).body as ChatMessage
    expect(second.id).toBeGreaterThan(m1.id)

    const all = await call(app, 'GET', '/api/chat/rooms/silver-lab/messages', {
      cookie: cookieOf(gold),
    })
    expect((all.body as ChatMessage[]).map((m) => m.content)).toEqual([XSS, 'second'])
    const newer = await call(app, 'GET', `/api/chat/rooms/silver-lab/messages?after=${m1.id}`, {
      cookie: cookieOf(gold),
    })
    expect((newer.body as ChatMessage[]).map((m) => m.id)).toEqual([second.id])
    const none = await call(app, 'GET', `/api/chat/rooms/silver-lab/messages?after=${second.id}`, {
      cookie: cookieOf(gold),
    })
    expect(none.body).toEqual([])
    const bad = await call(app, 'GET', '/api/chat/rooms/silver-lab/messages?after=abc', {
      cookie: cookieOf(gold),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('after')
  })

  it('makes a resend with the same clientId idempotent', async () => {
    const clientId = 'resend-0001'
    const a = await post(bronze, 'bronze-signals', 'once only', { clientId })
    const b = await post(bronze, 'bronze-signals', 'once only', { clientId })
    expect(a.status).toBe(201)
    expect(b.status).toBe(200)
    expect(b.body.id).toBe(a.body.id)
    const list = (
      await call(app, 'GET', '/api/chat/rooms/bronze-signals/messages', {
        cookie: cookieOf(bronze),
      })
    ).body as ChatMessage[]
    expect(list.filter((m) => m.clientId === clientId)).toHaveLength(1)
  })

  it.each([
    ['empty content', { content: '   ' }, 'content'],
    ['1001 characters', { content: 'x'.repeat(1001) }, 'content'],
    ['empty name', { displayName: ' ' }, 'displayName'],
    ['33-character name', { displayName: 'n'.repeat(33) }, 'displayName'],
    ['control characters in name', { displayName: 'bad\u0007name' }, 'displayName'],
    ['content not a string', { content: 42 }, 'content'],
    ['bad clientId', { clientId: 'no spaces allowed' }, 'clientId'],
    ['unknown field', { html: true }, 'html'],
  ])('rejects a message with %s (400 naming the field)', async (_, extra, field) => {
    const res = await post(gold, 'bronze-lounge', 'ok', extra)
    expect(res.status).toBe(400)
    expect(res.body.field).toBe(field)
  })

  it('accepts exactly 1000 characters', async () => {
    expect((await post(gold, 'bronze-lounge', 'y'.repeat(1000))).status).toBe(201)
  })

  it('reserves staff display names for STAFF_WALLETS', async () => {
    for (const name of ['vPOS Team', 'vpos team', '{code}ninja']) {
      const res = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/participants', {
        cookie: cookieOf(bronze),
        body: { walletAddress: bronze.address, displayName: name },
      })
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('This display name is reserved for the vPOS Team')
      expect((await post(bronze, 'bronze-lounge', 'hi', { displayName: name })).status).toBe(403)
    }
    const ok = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/participants', {
      cookie: cookieOf(staff),
      body: { walletAddress: staff.address, displayName: 'vPOS Team' },
    })
    expect(ok.status).toBe(200)
    const me = (ok.body as Participant[]).find((p) => p.walletAddress === staff.address)
    expect(me).toMatchObject({ displayName: 'vPOS Team', isStaff: true })
  })

  it('registers and renames participants, with lastSeen', async () => {
    const reg = (name: string) =>
      call(app, 'POST', '/api/chat/rooms/bronze-lounge/participants', {
        cookie: cookieOf(bronze),
        body: { walletAddress: bronze.address, displayName: name },
      })
    expect((await reg('first')).status).toBe(200)
    const renamed = (await reg(`  ${XSS}  `)).body as Participant[]
    const me = renamed.find((p) => p.walletAddress === bronze.address)
    expect(me?.displayName).toBe(XSS)
    expect(Date.parse(me?.lastSeen ?? '')).toBeGreaterThan(Date.now() - 60_000)
    const list = await call(app, 'GET', '/api/chat/rooms/bronze-lounge/participants', {
      cookie: cookieOf(gold),
    })
    expect(
      (list.body as Participant[]).filter((p) => p.walletAddress === bronze.address),
    ).toHaveLength(1)
  })

  it('toggles reactions per emoji per wallet', async () => {
    const m = (await post(gold, 'bronze-lounge', 'react to me')).body as ChatMessage
    const url = `/api/chat/rooms/bronze-lounge/messages/${m.id}/reactions`
    const react = (w: TestWallet, method: 'POST' | 'DELETE', emoji: string) =>
      call(app, method, url, { cookie: cookieOf(w), body: { walletAddress: w.address, emoji } })
    await react(gold, 'POST', '🔥')
    await react(gold, 'POST', '🔥') // adding twice keeps one
    await react(bronze, 'POST', '🔥')
    const both = await react(bronze, 'POST', '🚀')
    expect(both.body.reactions).toEqual({
      '🔥': { walletAddresses: [gold.address, bronze.address] },
      '🚀': { walletAddresses: [bronze.address] },
    })
    const removed = await react(gold, 'DELETE', '🔥')
    expect(removed.body.reactions).toEqual({
      '🔥': { walletAddresses: [bronze.address] },
      '🚀': { walletAddresses: [bronze.address] },
    })
    expect((await react(gold, 'POST', '💩')).status).toBe(400)
    const missing = await call(
      app,
      'POST',
      '/api/chat/rooms/bronze-lounge/messages/999999/reactions',
      {
        cookie: cookieOf(gold),
        body: { walletAddress: gold.address, emoji: '👍' },
      },
    )
    expect(missing.status).toBe(404)
  })

  it('lets only staff create and remove announcements', async () => {
    const url = '/api/chat/rooms/platinum-core/announcement'
    const denied = await call(app, 'POST', url, {
      cookie: cookieOf(gold),
      body: { walletAddress: gold.address, content: 'hi' },
    })
    expect(denied.status).toBe(403)
    expect(denied.body.error).toBe('Only the vPOS Team can manage announcements')
    const empty = await call(app, 'POST', url, {
      cookie: cookieOf(staff),
      body: { walletAddress: staff.address, content: '  ' },
    })
    expect(empty.status).toBe(400)
    const created = await call(app, 'POST', url, {
      cookie: cookieOf(staff),
      body: { walletAddress: staff.address, content: ` ${XSS} ` },
    })
    expect(created.status).toBe(200)
    expect(created.body.announcement.content).toBe(XSS)
    const rooms = (await call(app, 'GET', '/api/chat/rooms')).body as Room[]
    expect(rooms.find((r) => r.id === 'platinum-core')?.announcement?.content).toBe(XSS)
    expect(
      (
        await call(app, 'DELETE', url, {
          cookie: cookieOf(gold),
          body: { walletAddress: gold.address },
        })
      ).status,
    ).toBe(403)
    const removed = await call(app, 'DELETE', url, {
      cookie: cookieOf(staff),
      body: { walletAddress: staff.address },
    })
    expect(removed.status).toBe(200)
    expect(removed.body.announcement).toBeNull()
  })

  it('rate-limits messages per wallet: a burst, then 429 with Retry-After', async () => {
    const w = createTestWallet('chat-spammer', { tier: 'bronze' })
    const cookie = await signIn(app, w)
    const statuses: number[] = []
    let retryAfter: string | undefined
    for (let i = 0; i < 12; i++) {
      const res = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/messages', {
        cookie,
        body: { walletAddress: w.address, displayName: 'spam', content: `msg ${i}` },
      })
      statuses.push(res.status)
      if (res.status === 429) retryAfter = String(res.headers['retry-after'])
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true)
    expect(statuses.slice(10)).toContain(429)
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
  })

  it.each([
    [
      'registration',
      'POST',
      '/api/chat/rooms/bronze-lounge/participants',
      20,
      { displayName: 'rl' },
    ],
    ['balance checks', 'POST', '/api/chat/verify-token-balance', 20, {}],
    [
      'reactions',
      'POST',
      '/api/chat/rooms/bronze-lounge/messages/{id}/reactions',
      30,
      { emoji: '👍' },
    ],
  ] as const)(
    'rate-limits %s per wallet: a burst of %s, then 429 with Retry-After',
    async (what, method, url, burst, extra) => {
      const w = createTestWallet(`chat-rl-${what}`, { tier: 'bronze' })
      const cookie = await signIn(app, w)
      const target = (await post(gold, 'bronze-lounge', `target for ${what}`)).body as ChatMessage
      const path = url.replace('{id}', String(target.id))
      const statuses: number[] = []
      let retryAfter = ''
      for (let i = 0; i < burst + 2; i++) {
        const res = await call(app, method, path, {
          cookie,
          body: { walletAddress: w.address, ...extra },
        })
        statuses.push(res.status)
        if (res.status === 429) retryAfter = String(res.headers['retry-after'])
      }
      expect(statuses.slice(0, burst).every((s) => s === 200)).toBe(true)
      expect(statuses.slice(burst)).toContain(429)
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
      // Another wallet is not affected.
      const other = await call(app, method, path, {
        cookie: cookieOf(bronze),
        body: { walletAddress: bronze.address, ...extra },
      })
      expect(other.status).toBe(200)
    },
  )

  it('caps body size with a 413, never a 500', async () => {
    const res = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/messages', {
      cookie: cookieOf(gold),
      raw: JSON.stringify({
        walletAddress: gold.address,
        displayName: 'x',
        content: 'z'.repeat(20_000),
      }),
    })
    expect(res.status).toBe(413)
  })
})
