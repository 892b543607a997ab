/**
 * RELIABILITY.md §12, findings 2–4, on SQLite and PostgreSQL (and across two instances on
 * PostgreSQL + Redis): what one wallet's push streams may cost, replays that are bounded and arrive
 * on SQLite, and streams that end when their session does or when the wallet loses the tier.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { insertMessage } from '../../server/chat/chat.repository'
import { MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_WALLET } from '../../server/chat/chat.stream'
import { REPLAY_PAGES } from '../../server/chat/room-tail'
import { testConfig } from '../../server/config'
import { isoAt, openDatabase, type DatabaseHandle } from '../../server/db/database'
import { DEMO_TOKEN_MINT } from '../../src/contracts/constants'
import { ChatPushEventSchema, type ChatMessage } from '../../src/contracts/chat'
import { createTestWallet, signIn, type TestWallet } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'
import { FakeRpcServer, tokenBalancesHandler } from './helpers/fake-rpc.server'
import { listeningInstances } from './helpers/instances'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from './helpers/redis'
import { openSse, type SseEvent, type SseStream } from './helpers/sse'

const ROOM = 'bronze-lounge'
/** The server's poll and replay page. */
const PAGE = 200
const baseOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const eventsUrl = (app: FastifyInstance, after?: number) =>
  `${baseOf(app)}/api/chat/rooms/${ROOM}/events${after === undefined ? '' : `?after=${after}`}`
const messageIds = (s: SseStream) =>
  s.events.filter((e) => e.event === 'message').map((e) => Number(e.id))
const parse = (e: SseEvent) => ChatPushEventSchema.parse(JSON.parse(e.data))

describe.each(backends.map((b) => [b().name, b] as const))(
  'push stream bounds on %s',
  (name, make) => {
    const backend = make()
    const dir = mkdtempSync(join(tmpdir(), 'vpos-push-bounds-'))
    const streams: SseStream[] = []
    let app: FastifyInstance
    /** a second handle on the server's database, to write history quickly */
    let direct: DatabaseHandle

    beforeAll(async () => {
      // SQLite in a WAL file, as deployed (the synchronous driver is what starved the replay).
      const url = name === 'sqlite' ? `sqlite:${join(dir, 'vpos.sqlite')}` : await backend.create()
      app = await buildApp(testConfig({ DATABASE_URL: url }))
      await app.listen({ port: 0, host: '127.0.0.1' })
      direct = openDatabase(url)
    })
    afterAll(async () => {
      for (const s of streams) s.close()
      await app.close()
      await direct.db.destroy()
      await backend.drop()
      rmSync(dir, { recursive: true, force: true })
    })

    const open = async (cookie: string, after?: number) => {
      const s = await openSse(eventsUrl(app, after), { cookie })
      streams.push(s)
      return s
    }

    it(`a wallet holds at most ${MAX_STREAMS_PER_WALLET} streams; the next gets a 429 that says why`, async () => {
      const w = createTestWallet(`bounds-cap-${name}`, { tier: 'gold' })
      const cookie = await signIn(app, w)
      const opened = await Promise.all(
        Array.from({ length: MAX_STREAMS_PER_WALLET + 4 }, () => open(cookie)),
      )
      const ok = opened.filter((s) => s.status === 200)
      const refused = opened.filter((s) => s.status === 429)
      expect(ok).toHaveLength(MAX_STREAMS_PER_WALLET)
      expect(refused).toHaveLength(4)
      const body = await fetch(eventsUrl(app), { headers: { cookie } })
      expect(body.status).toBe(429)
      expect(((await body.json()) as { error: string }).error).toMatch(
        /Too many open live streams for this wallet/,
      )
      // Another wallet is not affected; a closed stream frees its slot.
      const other = createTestWallet(`bounds-cap-other-${name}`, { tier: 'gold' })
      expect((await open(await signIn(app, other))).status).toBe(200)
      ok[0]!.close()
      await ok[0]!.closed
      await expect
        .poll(async () => {
          const s = await open(cookie)
          s.close()
          return s.status
        })
        .toBe(200)
      for (const s of ok) s.close()
    })

    it('a wallet opens streams at a bounded rate (429 with Retry-After past the burst)', async () => {
      const w = createTestWallet(`bounds-rate-${name}`, { tier: 'gold' })
      const cookie = await signIn(app, w)
      const statuses: number[] = []
      for (let i = 0; i < 24; i++) {
        const res = await fetch(eventsUrl(app), { headers: { cookie } })
        statuses.push(res.status)
        if (res.status === 429) {
          expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
          expect(((await res.json()) as { error: string }).error).toMatch(/Too many requests/)
        } else await res.body?.cancel()
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true)
      expect(statuses.slice(20)).toContain(429)
    })

    it('a replay far behind sends two pages and `behind`; REST pages the rest; nothing is missed', async () => {
      const poster = createTestWallet(`bounds-poster-${name}`, { tier: 'gold' })
      const reader = createTestWallet(`bounds-reader-${name}`, { tier: 'gold' })
      const cookie = await signIn(app, reader)
      const before = (await call(app, 'GET', `/api/chat/rooms/${ROOM}/messages`, { cookie }))
        .body as ChatMessage[]
      const start = before.at(-1)?.id ?? 0
      for (let i = 0; i < 1_000; i++) {
        await insertMessage(direct.db, {
          room_id: ROOM,
          wallet_address: poster.address,
          display_name: 'poster',
          content: `history ${i} ${'x'.repeat(400)}`,
          client_id: null,
          created_at: isoAt(),
        })
      }
      const s = await open(cookie, start)
      expect(s.status).toBe(200)
      const behind = await s.next((e) => e.event === 'behind', 10_000)
      await s.closed
      const replayed = messageIds(s)
      expect(replayed).toHaveLength(REPLAY_PAGES * PAGE)
      expect(replayed).toEqual([...replayed].sort((a, b) => a - b))
      expect(parse(behind)).toEqual({ type: 'behind', after: replayed.at(-1) })

      // The client's catch-up: pages of GET …/messages?after= until a short one.
      const seen = [...replayed]
      let cursor = replayed.at(-1)!
      for (;;) {
        const page = (
          await call(app, 'GET', `/api/chat/rooms/${ROOM}/messages?after=${cursor}`, { cookie })
        ).body as ChatMessage[]
        seen.push(...page.map((m) => m.id))
        if (page.length === 0) break
        cursor = page.at(-1)!.id
        if (page.length < PAGE) break
      }
      expect(seen).toHaveLength(1_000)
      expect(new Set(seen).size).toBe(1_000)

      // Reopened from the new cursor: nothing replayed, the live tail follows.
      const live = await open(cookie, cursor)
      expect(live.status).toBe(200)
      const posterCookie = await signIn(app, poster)
      const sent = (
        await call(app, 'POST', `/api/chat/rooms/${ROOM}/messages`, {
          cookie: posterCookie,
          body: { walletAddress: poster.address, displayName: 'poster', content: 'after catch-up' },
        })
      ).body as ChatMessage
      await live.next((e) => e.event === 'message' && Number(e.id) === sent.id)
      expect(messageIds(live)).toEqual([sent.id])
    }, 60_000)

    it('signing out ends the session’s open stream at once with denied 401', async () => {
      const w = createTestWallet(`bounds-signout-${name}`, { tier: 'gold' })
      const cookie = await signIn(app, w)
      const s = await open(cookie)
      expect(s.status).toBe(200)
      const t0 = performance.now()
      const out = await fetch(`${baseOf(app)}/api/auth/sign-out`, {
        method: 'POST',
        headers: { cookie, origin: 'http://localhost' },
      })
      expect(out.status).toBe(204)
      const denied = await s.next((e) => e.event === 'denied', 2_000)
      expect(performance.now() - t0).toBeLessThan(1_000)
      expect(parse(denied)).toMatchObject({ type: 'denied', status: 401 })
      await s.closed
    })

    it('sign out everywhere ends every session of the wallet and their streams', async () => {
      const w = createTestWallet(`bounds-everywhere-${name}`, { tier: 'gold' })
      const phone = await signIn(app, w)
      const tablet = await signIn(app, w)
      const bystander = createTestWallet(`bounds-everywhere-other-${name}`, { tier: 'gold' })
      const otherCookie = await signIn(app, bystander)
      const [a, b, other] = [await open(phone), await open(tablet), await open(otherCookie)]
      const res = await fetch(`${baseOf(app)}/api/auth/sign-out-everywhere`, {
        method: 'POST',
        headers: { cookie: phone, origin: 'http://localhost' },
      })
      expect(res.status).toBe(204)
      for (const s of [a, b]) {
        expect(parse(await s.next((e) => e.event === 'denied', 2_000))).toMatchObject({
          status: 401,
        })
      }
      expect((await call(app, 'GET', '/api/auth/session', { cookie: tablet })).status).toBe(401)
      expect((await call(app, 'GET', '/api/auth/session', { cookie: otherCookie })).status).toBe(
        200,
      )
      expect(other.events.some((e) => e.event === 'denied')).toBe(false)
      expect(
        (
          await fetch(`${baseOf(app)}/api/auth/sign-out-everywhere`, {
            method: 'POST',
            headers: { origin: 'http://localhost' },
          })
        ).status,
      ).toBe(401)
    })

    it('event streams carry the security headers; JSON API answers are never cached', async () => {
      const w = createTestWallet(`bounds-headers-${name}`, { tier: 'gold' })
      const cookie = await signIn(app, w)
      for (const url of [eventsUrl(app), `${baseOf(app)}/api/mcp/sse`]) {
        const res = await fetch(url, { headers: { cookie } })
        expect(res.status).toBe(200)
        expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
        expect(res.headers.get('x-content-type-options')).toBe('nosniff')
        expect(res.headers.get('x-frame-options')).toBe('DENY')
        expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
        expect(res.headers.get('cache-control')).toMatch(/no-store/)
        await res.body?.cancel()
      }
      for (const path of [
        '/api/auth/session',
        `/api/chat/rooms/${ROOM}/messages`,
        `/api/chat/shop/purchases/${w.address}`,
        '/api/chat/rooms',
        '/api/nope',
      ]) {
        const res = await call(app, 'GET', path, { cookie })
        expect(res.headers['cache-control'], path).toBe('no-store')
      }
    })

    it(`an address holds at most ${MAX_STREAMS_PER_ADDRESS} streams, whichever wallets open them`, async () => {
      // Streams left by the tests before count against this address too.
      for (const s of streams) s.close()
      await Promise.all(streams.map((s) => s.closed))
      const held: SseStream[] = []
      try {
        for (let i = 0; i < MAX_STREAMS_PER_ADDRESS / MAX_STREAMS_PER_WALLET; i++) {
          const w = createTestWallet(`bounds-address-${i}-${name}`, { tier: 'gold' })
          const cookie = await signIn(app, w)
          for (let j = 0; j < MAX_STREAMS_PER_WALLET; j++) held.push(await open(cookie))
        }
        expect(held.map((s) => s.status)).toEqual(held.map(() => 200))
        const w = createTestWallet(`bounds-address-last-${name}`, { tier: 'gold' })
        const res = await fetch(eventsUrl(app), { headers: { cookie: await signIn(app, w) } })
        expect(res.status).toBe(429)
        expect(((await res.json()) as { error: string }).error).toMatch(
          /Too many open live streams from your address/,
        )
      } finally {
        for (const s of held) s.close()
        await Promise.all(held.map((s) => s.closed))
      }
    })
  },
)

describe('a lost tier stops the stream within the bound, however old the REST balance cache', () => {
  const rpc = new FakeRpcServer()
  const balances = new Map<string, number>()
  let app: FastifyInstance
  let w: TestWallet

  beforeAll(async () => {
    await rpc.start()
    rpc.handlers.getTokenAccountsByOwner = tokenBalancesHandler(DEMO_TOKEN_MINT, balances)
    // REST may answer from a 5 s old balance; the stream's bound is 1.2 s (production: 30 s).
    app = await buildApp(testConfig({ SOLANA_RPC_URL: rpc.url }), {
      chat: { recheckMs: 200, balanceCacheMs: 5_000, lostTierMaxMs: 1_200 },
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    w = createTestWallet('bounds-tier')
  })
  afterAll(async () => {
    await app.close()
    await rpc.stop()
  })

  it('ends with denied 403 within lostTierMaxMs of the balance falling', async () => {
    balances.set(w.address, 5_000)
    const cookie = await signIn(app, w)
    const s = await openSse(eventsUrl(app), { cookie })
    expect(s.status).toBe(200)
    balances.set(w.address, 10)
    const t0 = performance.now()
    const denied = await s.next((e) => e.event === 'denied', 5_000)
    // Bound + one re-check interval of slack for a busy machine; the REST cache alone is 5 s.
    expect(performance.now() - t0).toBeLessThan(1_200 + 1_000)
    expect(parse(denied)).toMatchObject({ type: 'denied', status: 403 })
    s.close()
  })
})

const pg = backends.find((b) => b().name === 'postgres')
describe.skipIf(!pg || !redisAvailable)(
  'sign-out across two instances (PostgreSQL + Redis)',
  () => {
    const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
    const backend = pg!()
    const apps: FastifyInstance[] = []
    const streams: SseStream[] = []

    beforeAll(async () => {
      const DATABASE_URL = await backend.create()
      apps.push(...(await listeningInstances(2, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix })))
    })
    afterAll(async () => {
      for (const s of streams) s.close()
      for (const app of apps) await app.close().catch(() => undefined)
      await backend.drop()
      await dropRedisPrefix(prefix)
    })

    /** A stream on `app`, retried while its Redis subscription is still coming up (503). */
    async function openOn(app: FastifyInstance, cookie: string): Promise<SseStream> {
      let s: SseStream | undefined
      await expect
        .poll(async () => {
          s?.close()
          s = await openSse(eventsUrl(app), { cookie })
          streams.push(s)
          return s.status
        })
        .toBe(200)
      return s!
    }

    it.each(['sign-out', 'sign-out-everywhere'])(
      '%s on instance A ends the stream on instance B within a second',
      async (route) => {
        const [a, b] = apps as [FastifyInstance, FastifyInstance]
        const w = createTestWallet(`bounds-cluster-${route}`, { tier: 'gold' })
        const cookie = await signIn(a, w)
        const s = await openOn(b, cookie)
        const t0 = performance.now()
        const res = await fetch(`${baseOf(a)}/api/auth/${route}`, {
          method: 'POST',
          headers: { cookie, origin: 'http://localhost' },
        })
        expect(res.status).toBe(204)
        const denied = await s.next((e) => e.event === 'denied', 3_000)
        expect(performance.now() - t0).toBeLessThan(1_000)
        expect(parse(denied)).toMatchObject({ status: 401 })
      },
    )
  },
)
