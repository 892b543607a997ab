/**
 * Chat moderation (docs/PRODUCT.md "Chat moderation"; docs/ARCHITECTURE.md "Chat moderation") on
 * every engine, then across two instances on PostgreSQL + Redis: staff-only actions (the session's
 * wallet, from STAFF_WALLETS), soft hide and restore, mutes, slow mode under concurrent posts,
 * reports, pins and the audit log.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ChatPushEventSchema,
  ModerationEventSchema,
  type ChatMessage,
} from '../../src/contracts/chat'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { isoAt, openDatabase, type DatabaseHandle } from '../../server/db/database'
import { createTestWallet, signIn, type TestWallet } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'
import { listeningInstances } from './helpers/instances'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from './helpers/redis'
import { openSse, type SseEvent, type SseStream } from './helpers/sse'

const ROOM = 'bronze-lounge'
const base = `/api/chat/rooms/${ROOM}`
const parse = (e: SseEvent) => ChatPushEventSchema.parse(JSON.parse(e.data))
const baseOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

/** Runs `act`; resolves with how long the next `moderation` event on `s` took after it. */
async function nextChange(s: SseStream, act: () => Promise<unknown>, timeoutMs = 2_000) {
  const seen = s.events.length
  const started = Date.now()
  await act()
  await s.next((e) => s.events.indexOf(e) >= seen && e.event === 'moderation', timeoutMs)
  return Date.now() - started
}

/** Opens an SSE stream once the instance's bus is up (503 before). */
async function openWhenUp(url: string, cookie: string, streams: SseStream[]) {
  let s: SseStream | undefined
  await expect
    .poll(async () => {
      s?.close()
      s = await openSse(url, { cookie })
      streams.push(s)
      return s.status
    })
    .toBe(200)
  if (!s) throw new Error('no stream')
  return s
}

describe.each(backends.map((b) => [b().name, b] as const))('chat moderation on %s', (_n, make) => {
  const backend = make()
  const dir = mkdtempSync(join(tmpdir(), 'vpos-moderation-'))
  let app: FastifyInstance
  // A second handle on the same database: the tests move a mute's end into the past through it.
  let direct: DatabaseHandle
  let url = ''
  const staff = createTestWallet('mod-staff', { tier: 'none' })
  const member = createTestWallet('mod-member', { tier: 'gold' })
  const other = createTestWallet('mod-other', { tier: 'gold' })
  // Each test posts as its own wallet: the per-wallet message rate limit stays out of the way.
  const burster = createTestWallet('mod-burster', { tier: 'gold' })
  const reported = createTestWallet('mod-reported', { tier: 'gold' })
  const pinned = createTestWallet('mod-pinned', { tier: 'gold' })
  const reporter = createTestWallet('mod-reporter', { tier: 'gold' })
  const target = createTestWallet('mod-target', { tier: 'gold' })
  // The staff-stream test's own poster and mute target: the other tests' wallets stay unmuted.
  const livePoster = createTestWallet('mod-live-poster', { tier: 'gold' })
  const liveTarget = createTestWallet('mod-live-target', { tier: 'gold' })
  const cookies: Record<string, string> = {}
  const as = (w: TestWallet) => ({ cookie: cookies[w.address] ?? '' })
  const post = (w: TestWallet, content: string) =>
    call(app, 'POST', `${base}/messages`, {
      ...as(w),
      body: { walletAddress: w.address, displayName: 'someone', content },
    })
  const read = async (w: TestWallet) =>
    ((await call(app, 'GET', `${base}/messages`, as(w))).body as ChatMessage[]).map(
      (m) => m.content,
    )

  beforeAll(async () => {
    url = backend.name === 'sqlite' ? `sqlite:${join(dir, 'vpos.sqlite')}` : await backend.create()
    app = await buildApp(testConfig({ DATABASE_URL: url, STAFF_WALLETS: [staff.address] }))
    direct = openDatabase(url)
    for (const w of [
      staff,
      member,
      other,
      burster,
      reported,
      pinned,
      reporter,
      target,
      livePoster,
      liveTarget,
    ])
      cookies[w.address] = await signIn(app, w)
  })
  afterAll(async () => {
    await app.close()
    await direct.db.destroy()
    await backend.drop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('refuses every staff action to a member with 403 and a message', async () => {
    const m = (await post(member, 'target')).body as ChatMessage
    const body = { walletAddress: member.address }
    const attempts = [
      call(app, 'POST', `${base}/messages/${m.id}/hide`, { ...as(member), body }),
      call(app, 'POST', `${base}/messages/${m.id}/restore`, { ...as(member), body }),
      call(app, 'POST', `${base}/messages/${m.id}/pin`, { ...as(member), body }),
      call(app, 'DELETE', `${base}/messages/${m.id}/pin`, { ...as(member), body }),
      call(app, 'POST', `${base}/mutes`, {
        ...as(member),
        body: { ...body, target: other.address, minutes: 5 },
      }),
      call(app, 'DELETE', `${base}/mutes/${other.address}`, { ...as(member), body }),
      call(app, 'POST', `${base}/slow-mode`, { ...as(member), body: { ...body, seconds: 5 } }),
      call(app, 'GET', '/api/chat/moderation', as(member)),
      call(app, 'POST', '/api/chat/moderation/reports/1/dismiss', { ...as(member), body }),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403)
      expect(res.body.error).toMatch(/vPOS Team/)
    }
    expect(await read(other)).toContain('target')
  })

  it('hides softly (staff still see it, marked) and restores; both are audited with the reason', async () => {
    const m = (await post(member, 'rude words')).body as ChatMessage
    const hid = await call(app, 'POST', `${base}/messages/${m.id}/hide`, {
      ...as(staff),
      body: { walletAddress: staff.address, reason: 'rude' },
    })
    expect(hid.status).toBe(200)
    expect(hid.body.hidden).toBe(true)
    expect(await read(other)).not.toContain('rude words')
    const staffView = (await call(app, 'GET', `${base}/messages`, as(staff))).body as ChatMessage[]
    expect(staffView.find((x) => x.id === m.id)?.hidden).toBe(true)
    // Nobody reacts to a hidden message (a reaction push would show it again); members cannot
    // see it at all.
    const staffReact = await call(app, 'POST', `${base}/messages/${m.id}/reactions`, {
      ...as(staff),
      body: { walletAddress: staff.address, emoji: '👍' },
    })
    expect(staffReact.status).toBe(404)
    const react = await call(app, 'POST', `${base}/messages/${m.id}/reactions`, {
      ...as(other),
      body: { walletAddress: other.address, emoji: '👍' },
    })
    expect(react.status).toBe(404)
    const restored = await call(app, 'POST', `${base}/messages/${m.id}/restore`, {
      ...as(staff),
      body: { walletAddress: staff.address },
    })
    expect(restored.body.hidden).toBe(false)
    expect(await read(other)).toContain('rude words')
    const { audit } = (await call(app, 'GET', '/api/chat/moderation', as(staff))).body
    expect(audit.slice(0, 2)).toMatchObject([
      { action: 'restore', target: String(m.id), staffWallet: staff.address, reason: null },
      { action: 'hide', target: String(m.id), staffWallet: staff.address, reason: 'rude' },
    ])
  })

  it('refuses a muted wallet until the mute ends, saying until when; then accepts it', async () => {
    const muted = await call(app, 'POST', `${base}/mutes`, {
      ...as(staff),
      body: { walletAddress: staff.address, target: other.address, minutes: 10, reason: 'spam' },
    })
    expect(muted.status).toBe(200)
    const refused = await post(other, 'let me talk')
    expect(refused.status).toBe(403)
    const until = muted.body.until as string
    expect(refused.body.error).toBe(`Muted in this room until ${until.slice(11, 16)} UTC`)
    const overview = (await call(app, 'GET', '/api/chat/moderation', as(staff))).body
    expect(overview.mutes).toMatchObject([{ walletAddress: other.address, reason: 'spam' }])
    // The mute's end passes (the database row is the only state: moved into the past).
    await direct.db
      .updateTable('chat_mutes')
      .set({ until: isoAt(Date.now() - 1_000) })
      .where('wallet_address', '=', other.address)
      .execute()
    expect((await post(other, 'free again')).status).toBe(201)
    // Mute then unmute at once; both audited.
    await call(app, 'POST', `${base}/mutes`, {
      ...as(staff),
      body: { walletAddress: staff.address, target: other.address, minutes: 1 },
    })
    const unmuted = await call(app, 'DELETE', `${base}/mutes/${other.address}`, {
      ...as(staff),
      body: { walletAddress: staff.address, reason: 'ok' },
    })
    expect(unmuted.status).toBe(200)
    expect((await post(other, 'unmuted')).status).toBe(201)
    const { audit } = (await call(app, 'GET', '/api/chat/moderation', as(staff))).body
    expect(audit.slice(0, 3).map((a: { action: string }) => a.action)).toEqual([
      'unmute',
      'mute 1 min',
      'mute 10 min',
    ])
  })

  it('slow mode lets one of 20 concurrent posts from one wallet through', async () => {
    const set = await call(app, 'POST', `${base}/slow-mode`, {
      ...as(staff),
      body: { walletAddress: staff.address, seconds: 30 },
    })
    expect(set.body.slowModeSeconds).toBe(30)
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(burster, `burst ${i}`)),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    const slow = results.filter((r) => r.status === 429 && /Slow mode/.test(r.body.error))
    expect(slow.length).toBeGreaterThan(0)
    expect(slow[0]?.body.error).toMatch(/one message every 30 s in this room; try again in \d+ s/)
    // Staff are not slowed.
    for (const text of ['staff 1', 'staff 2']) expect((await post(staff, text)).status).toBe(201)
    // Turning it off frees the wallet (after one message-rate token refills: 1 s).
    await call(app, 'POST', `${base}/slow-mode`, {
      ...as(staff),
      body: { walletAddress: staff.address, seconds: 0 },
    })
    await new Promise((r) => setTimeout(r, 1_100))
    expect((await post(burster, 'after slow mode')).status).toBe(201)
  })

  it('puts a report in the staff queue once per member; dismissing and hiding close it', async () => {
    const m = (await post(reported, 'report me')).body as ChatMessage
    const url = `${base}/messages/${m.id}/report`
    const first = await call(app, 'POST', url, {
      ...as(other),
      body: { walletAddress: other.address, reason: 'spam' },
    })
    expect(first.status).toBe(201)
    const again = await call(app, 'POST', url, {
      ...as(other),
      body: { walletAddress: other.address },
    })
    expect(again.status).toBe(409)
    expect(again.body.error).toBe('You already reported this message')
    let { reports } = (await call(app, 'GET', '/api/chat/moderation', as(staff))).body
    expect(reports).toMatchObject([
      {
        messageId: m.id,
        reporter: other.address,
        reason: 'spam',
        message: { content: 'report me' },
      },
    ])
    const dismissed = await call(
      app,
      'POST',
      `/api/chat/moderation/reports/${reports[0].id}/dismiss`,
      {
        ...as(staff),
        body: { walletAddress: staff.address },
      },
    )
    expect(dismissed.status).toBe(200)
    ;({ reports } = (await call(app, 'GET', '/api/chat/moderation', as(staff))).body)
    expect(reports).toEqual([])
    // A report of a message staff then hide leaves the queue too.
    await call(app, 'POST', url, { ...as(staff), body: { walletAddress: staff.address } })
    await call(app, 'POST', `${base}/messages/${m.id}/hide`, {
      ...as(staff),
      body: { walletAddress: staff.address },
    })
    ;({ reports } = (await call(app, 'GET', '/api/chat/moderation', as(staff))).body)
    expect(reports).toEqual([])
  })

  it('pushes changes of the staff overview to staff streams only: a report, a mute, an announcement', async () => {
    const events = '/api/chat/moderation/events'
    expect((await call(app, 'GET', events, {})).status).toBe(401)
    const refused = await call(app, 'GET', events, as(member))
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe('Only the vPOS Team can moderate')
    await app.listen({ port: 0, host: '127.0.0.1' })
    const s = await openSse(`${baseOf(app)}${events}`, as(staff))
    expect(s.status).toBe(200)
    const first = await s.next((e) => e.event === 'moderation')
    expect(ModerationEventSchema.parse(JSON.parse(first.data))).toEqual({ type: 'moderation' })
    const m = (await post(livePoster, 'report me live')).body as ChatMessage
    // A member's report reaches the staff stream well inside the page's 5 s poll.
    const reported = await nextChange(s, () =>
      call(app, 'POST', `${base}/messages/${m.id}/report`, {
        ...as(other),
        body: { walletAddress: other.address },
      }),
    )
    expect(reported).toBeLessThan(1_000)
    await nextChange(s, () =>
      call(app, 'POST', `${base}/mutes`, {
        ...as(staff),
        body: { walletAddress: staff.address, target: liveTarget.address, minutes: 1 },
      }),
    )
    await nextChange(s, () =>
      call(app, 'POST', `${base}/announcement`, {
        ...as(staff),
        body: { walletAddress: staff.address, content: 'live' },
      }),
    )
    // A burst of actions is coalesced: far fewer events than actions.
    const before = s.events.length
    await nextChange(s, () =>
      Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          call(app, 'POST', `${base}/slow-mode`, {
            ...as(staff),
            body: { walletAddress: staff.address, seconds: n },
          }),
        ),
      ),
    )
    await new Promise((r) => setTimeout(r, 600))
    expect(s.events.length - before).toBeLessThan(5)
    await call(app, 'POST', `${base}/slow-mode`, {
      ...as(staff),
      body: { walletAddress: staff.address, seconds: 0 },
    })
    await call(app, 'DELETE', `${base}/announcement`, {
      ...as(staff),
      body: { walletAddress: staff.address },
    })
    s.close()
  })

  it('pins and unpins (audited); a hidden pin is not listed', async () => {
    const m = (await post(pinned, 'pin me')).body as ChatMessage
    await call(app, 'POST', `${base}/messages/${m.id}/pin`, {
      ...as(staff),
      body: { walletAddress: staff.address },
    })
    const pins = (await call(app, 'GET', `${base}/pins`, as(other))).body as ChatMessage[]
    expect(pins.map((p) => p.content)).toEqual(['pin me'])
    await call(app, 'DELETE', `${base}/messages/${m.id}/pin`, {
      ...as(staff),
      body: { walletAddress: staff.address, reason: 'old' },
    })
    expect((await call(app, 'GET', `${base}/pins`, as(other))).body).toEqual([])
    const { audit } = (await call(app, 'GET', '/api/chat/moderation', as(staff))).body
    expect(audit.slice(0, 2)).toMatchObject([
      { action: 'unpin', reason: 'old' },
      { action: 'pin', target: String(m.id) },
    ])
  })

  it('rate-limits reports per wallet (5 at once, then 429)', async () => {
    const ids: number[] = []
    for (let i = 0; i < 6; i++) ids.push(((await post(target, `r${i}`)).body as ChatMessage).id)
    const statuses: number[] = []
    for (const id of ids) {
      const res = await call(app, 'POST', `${base}/messages/${id}/report`, {
        ...as(reporter),
        body: { walletAddress: reporter.address },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })

  it('keeps hidden messages, mutes, reports, pins and the audit log over a restart', async () => {
    const m = (await post(target, 'kept over restart')).body as ChatMessage
    const staffBody = { walletAddress: staff.address }
    await call(app, 'POST', `${base}/messages/${m.id}/hide`, { ...as(staff), body: staffBody })
    await call(app, 'POST', `${base}/mutes`, {
      ...as(staff),
      body: { ...staffBody, target: target.address, minutes: 30 },
    })
    const before = (await call(app, 'GET', '/api/chat/moderation', as(staff))).body
    await app.close()
    app = await buildApp(testConfig({ DATABASE_URL: url, STAFF_WALLETS: [staff.address] }))
    for (const w of [staff, target]) cookies[w.address] = await signIn(app, w)
    const after = (await call(app, 'GET', '/api/chat/moderation', as(staff))).body
    expect(after).toEqual(before)
    const staffView = (await call(app, 'GET', `${base}/messages`, as(staff))).body as ChatMessage[]
    expect(staffView.find((x) => x.id === m.id)?.hidden).toBe(true)
    expect((await post(target, 'still muted')).status).toBe(403)
  })

  it('validates input with a 400', async () => {
    const bad = await call(app, 'POST', `${base}/mutes`, {
      ...as(staff),
      body: { walletAddress: staff.address, target: other.address, minutes: 0 },
    })
    expect(bad.status).toBe(400)
    const slow = await call(app, 'POST', `${base}/slow-mode`, {
      ...as(staff),
      body: { walletAddress: staff.address, seconds: 99_999 },
    })
    expect(slow.status).toBe(400)
  })
})

const pg = backends.find((b) => b().name === 'postgres')
describe.skipIf(!pg || !redisAvailable)(
  'chat moderation across two instances (PostgreSQL + Redis)',
  () => {
    const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
    const backend = pg!()
    const apps: FastifyInstance[] = []
    const staff = createTestWallet('mod-cluster-staff', { tier: 'none' })
    const member = createTestWallet('mod-cluster-member', { tier: 'gold' })
    const cookies: Record<string, string> = {}
    const streams: SseStream[] = []

    beforeAll(async () => {
      const DATABASE_URL = await backend.create()
      apps.push(
        ...(await listeningInstances(2, {
          DATABASE_URL,
          REDIS_URL,
          REDIS_PREFIX: prefix,
          STAFF_WALLETS: [staff.address],
        })),
      )
      for (const w of [staff, member]) cookies[w.address] = await signIn(apps[0]!, w)
    })
    afterAll(async () => {
      for (const s of streams) s.close()
      for (const a of apps) await a.close().catch(() => undefined)
      await backend.drop()
      await dropRedisPrefix(prefix)
    })

    it('a message hidden on A is pushed away on B within 1 s and no longer served there', async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance]
      const cookie = cookies[member.address] ?? ''
      const s = await openWhenUp(`${baseOf(b)}${base}/events?after=0`, cookie, streams)
      const sent = await call(a, 'POST', `${base}/messages`, {
        cookie,
        body: { walletAddress: member.address, displayName: 'm', content: 'hide me' },
      })
      await s.next((e) => e.id === String(sent.body.id))
      const started = Date.now()
      await call(a, 'POST', `${base}/messages/${sent.body.id}/hide`, {
        cookie: cookies[staff.address] ?? '',
        body: { walletAddress: staff.address },
      })
      const hidden = await s.next((e) => e.event === 'hidden', 1_000)
      expect(Date.now() - started).toBeLessThan(1_000)
      expect(parse(hidden)).toEqual({ type: 'hidden', messageId: sent.body.id })
      const served = (await call(b, 'GET', `${base}/messages`, { cookie })).body as ChatMessage[]
      expect(served.map((m) => m.id)).not.toContain(sent.body.id)
    })

    it('a report and a staff action on A reach a staff stream on B within 1 s', async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance]
      const cookie = cookies[staff.address] ?? ''
      const stream = await openWhenUp(`${baseOf(b)}/api/chat/moderation/events`, cookie, streams)
      await stream.next((e) => e.event === 'moderation')
      const sent = await call(a, 'POST', `${base}/messages`, {
        cookie: cookies[member.address] ?? '',
        body: { walletAddress: member.address, displayName: 'm', content: 'report me' },
      })
      const reported = await nextChange(
        stream,
        () =>
          call(a, 'POST', `${base}/messages/${sent.body.id}/report`, {
            cookie: cookies[member.address] ?? '',
            body: { walletAddress: member.address },
          }),
        1_000,
      )
      expect(reported).toBeLessThan(1_000)
      const dismissed = await nextChange(
        stream,
        async () => {
          const { reports } = (await call(a, 'GET', '/api/chat/moderation', { cookie })).body
          await call(a, 'POST', `/api/chat/moderation/reports/${reports[0].id}/dismiss`, {
            cookie,
            body: { walletAddress: staff.address },
          })
        },
        1_000,
      )
      expect(dismissed).toBeLessThan(1_000)
      const { reports } = (await call(b, 'GET', '/api/chat/moderation', { cookie })).body
      expect(reports).toEqual([])
    })

    it('slow mode holds under 20 concurrent posts split over both instances', async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance]
      await call(a, 'POST', `${base}/slow-mode`, {
        cookie: cookies[staff.address] ?? '',
        body: { walletAddress: staff.address, seconds: 60 },
      })
      const cookie = cookies[member.address] ?? ''
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(i % 2 ? a : b, 'POST', `${base}/messages`, {
            cookie,
            body: { walletAddress: member.address, displayName: 'm', content: `c${i}` },
          }),
        ),
      )
      expect(results.filter((r) => r.status === 201)).toHaveLength(1)
      expect(results.every((r) => r.status === 201 || r.status === 429)).toBe(true)
    })
  },
)
