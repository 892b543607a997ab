/**
 * Unread markers, mentions and previews (docs/ARCHITECTURE.md "Chat moderation") on every engine,
 * then across two instances on PostgreSQL + Redis: counts leave out hidden and own messages, the
 * mark never moves backwards (concurrent calls included), counts and mentions stay exact over a
 * reconnect and a restart, previews follow the room's setting and name nobody.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../src/contracts/chat'
import { UnreadEventSchema, type RoomUnread } from '../../src/contracts/unread'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, signIn, type TestWallet } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'
import { listeningInstances } from './helpers/instances'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from './helpers/redis'
import { openSse, type SseEvent, type SseStream } from './helpers/sse'

const ROOM = 'bronze-lounge'
const base = `/api/chat/rooms/${ROOM}`
const baseOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const roomOf = (list: RoomUnread[]) => list.find((r) => r.roomId === ROOM)
const countsIn = (e: SseEvent) => roomOf(UnreadEventSchema.parse(JSON.parse(e.data)).rooms)

describe.each(backends.map((b) => [b().name, b] as const))('chat unread on %s', (_n, make) => {
  const backend = make()
  const dir = mkdtempSync(join(tmpdir(), 'vpos-unread-'))
  let app: FastifyInstance
  let url = ''
  const staff = createTestWallet('unread-staff', { tier: 'none' })
  const author = createTestWallet('unread-author', { tier: 'gold' })
  const reader = createTestWallet('unread-reader', { tier: 'gold' })
  const outsider = createTestWallet('unread-outsider', { tier: 'none' })
  const cookies: Record<string, string> = {}
  const as = (w: TestWallet) => ({ cookie: cookies[w.address] ?? '' })
  const post = async (w: TestWallet, name: string, content: string) =>
    (
      await call(app, 'POST', `${base}/messages`, {
        ...as(w),
        body: { walletAddress: w.address, displayName: name, content },
      })
    ).body as ChatMessage
  const counts = async (w: TestWallet) =>
    roomOf((await call(app, 'GET', '/api/chat/unread', as(w))).body as RoomUnread[])
  const markRead = (w: TestWallet, messageId: number) =>
    call(app, 'POST', `${base}/read`, { ...as(w), body: { walletAddress: w.address, messageId } })
  const signInAll = async () => {
    for (const w of [staff, author, reader, outsider]) cookies[w.address] = await signIn(app, w)
  }

  beforeAll(async () => {
    url = backend.name === 'sqlite' ? `sqlite:${join(dir, 'vpos.sqlite')}` : await backend.create()
    app = await buildApp(testConfig({ DATABASE_URL: url, STAFF_WALLETS: [staff.address] }))
    await signInAll()
    // The reader registers under the name others mention.
    await call(app, 'POST', `${base}/participants`, {
      ...as(reader),
      body: { walletAddress: reader.address, displayName: 'Reader Bee' },
    })
  })
  afterAll(async () => {
    await app.close()
    await backend.drop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('counts messages after the mark, not hidden ones nor your own; mentions resolve at post time', async () => {
    expect(await counts(reader)).toEqual({ roomId: ROOM, lastReadId: 0, unread: 0, mentions: 0 })
    const first = await post(author, 'Author', 'hello all')
    const mention = await post(author, 'Author', 'hey @reader bee, <b>look</b>')
    expect(mention.mentions).toEqual([reader.address])
    expect(mention.content).toBe('hey @reader bee, <b>look</b>')
    const hidden = await post(author, 'Author', '@Reader Bee spam')
    await post(reader, 'Reader Bee', 'my own message')
    await call(app, 'POST', `${base}/messages/${hidden.id}/hide`, {
      ...as(staff),
      body: { walletAddress: staff.address },
    })
    expect(await counts(reader)).toMatchObject({ lastReadId: 0, unread: 2, mentions: 1 })
    // Marking up to the first message leaves the mention unread.
    const marked = await markRead(reader, first.id)
    expect(marked.status).toBe(200)
    expect(marked.body).toMatchObject({ lastReadId: first.id, unread: 1, mentions: 1 })
    // The author's own view is untouched: its messages never count for it.
    expect(await counts(author)).toMatchObject({ unread: 1, mentions: 0 })
  })

  it('never moves the mark backwards, clamps it to the newest message, and holds under 20 concurrent calls', async () => {
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push((await post(author, 'Author', `m${i}`)).id)
    const top = ids[4]!
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => markRead(reader, ids[(i * 7) % 5]!)),
    )
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect((await counts(reader))?.lastReadId).toBe(top)
    expect((await markRead(reader, ids[0]!)).body.lastReadId).toBe(top)
    expect((await markRead(reader, top + 10_000)).body).toMatchObject({
      lastReadId: top,
      unread: 0,
    })
    expect((await markRead(reader, 0)).status).toBe(400)
    expect((await markRead(outsider, top)).status).toBe(403)
  })

  it('pushes fresh counts on the unread stream, and a reconnect starts exact', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const s = await openSse(`${baseOf(app)}/api/chat/unread/events`, as(reader))
    expect(s.status).toBe(200)
    const start = countsIn(await s.next((e) => e.event === 'unread'))
    const sent = await post(author, 'Author', 'ping @Reader Bee')
    const after = countsIn(
      await s.next((e) => e.event === 'unread' && countsIn(e)?.unread === (start?.unread ?? 0) + 1),
    )
    expect(after?.mentions).toBe((start?.mentions ?? 0) + 1)
    s.close()
    const again = await openSse(`${baseOf(app)}/api/chat/unread/events`, as(reader))
    expect(countsIn(await again.next((e) => e.event === 'unread'))).toEqual(after)
    await markRead(reader, sent.id)
    expect(
      countsIn(await again.next((e) => e.event === 'unread' && countsIn(e)?.unread === 0)),
    ).toMatchObject({
      lastReadId: sent.id,
      mentions: 0,
    })
    again.close()
  })

  it('keeps marks, counts and mentions over a restart', async () => {
    await post(author, 'Author', 'after the mark @reader bee')
    const before = await counts(reader)
    expect(before).toMatchObject({ unread: 1, mentions: 1 })
    const messages = (await call(app, 'GET', `${base}/messages`, as(reader))).body as ChatMessage[]
    await app.close()
    app = await buildApp(testConfig({ DATABASE_URL: url, STAFF_WALLETS: [staff.address] }))
    await signInAll()
    expect(await counts(reader)).toEqual(before)
    expect((await call(app, 'GET', `${base}/messages`, as(reader))).body).toEqual(messages)
  })

  it('serves previews only when the room allows them, naming nobody; only staff switch them', async () => {
    const preview = () => call(app, 'GET', `${base}/preview`, as(outsider))
    expect((await preview()).status).toBe(403)
    expect((await preview()).body.error).toMatch(/does not show previews/)
    const denied = await call(app, 'POST', `${base}/previews`, {
      ...as(reader),
      body: { walletAddress: reader.address, enabled: true },
    })
    expect(denied.status).toBe(403)
    const set = await call(app, 'POST', `${base}/previews`, {
      ...as(staff),
      body: { walletAddress: staff.address, enabled: true, reason: 'try before you buy' },
    })
    expect(set.status).toBe(200)
    expect(set.body.previews).toBe(true)
    const res = await preview()
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(5)
    const text = JSON.stringify(res.body)
    for (const leak of [author.address, reader.address, 'Author', 'Reader Bee', 'spam'])
      expect(text).not.toContain(leak)
    for (const m of res.body)
      expect(Object.keys(m).sort()).toEqual(['author', 'content', 'createdAt', 'id'])
    expect(res.body.at(-1).content).toBe('after the mark @Holder')
    const { audit } = (await call(app, 'GET', '/api/chat/moderation', as(staff))).body
    expect(audit[0]).toMatchObject({ action: 'previews on', reason: 'try before you buy' })
    await call(app, 'POST', `${base}/previews`, {
      ...as(staff),
      body: { walletAddress: staff.address, enabled: false },
    })
    expect((await preview()).status).toBe(403)
  })
})

const pg = backends.find((b) => b().name === 'postgres')
describe.skipIf(!pg || !redisAvailable)(
  'chat unread across two instances (PostgreSQL + Redis)',
  () => {
    const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
    const backend = pg!()
    const apps: FastifyInstance[] = []
    const author = createTestWallet('unread-cluster-author', { tier: 'gold' })
    const reader = createTestWallet('unread-cluster-reader', { tier: 'gold' })
    const cookies: Record<string, string> = {}
    const streams: SseStream[] = []

    beforeAll(async () => {
      const DATABASE_URL = await backend.create()
      apps.push(...(await listeningInstances(2, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix })))
      for (const w of [author, reader]) cookies[w.address] = await signIn(apps[0]!, w)
      await call(apps[0]!, 'POST', `${base}/participants`, {
        cookie: cookies[reader.address] ?? '',
        body: { walletAddress: reader.address, displayName: 'Rea' },
      })
    })
    afterAll(async () => {
      for (const s of streams) s.close()
      for (const a of apps) await a.close().catch(() => undefined)
      await backend.drop()
      await dropRedisPrefix(prefix)
    })

    it('a post and a mark-read on A reach the unread stream on B; concurrent marks on both keep the largest', async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance]
      const cookie = cookies[reader.address] ?? ''
      let s: SseStream | undefined
      await expect
        .poll(async () => {
          s?.close()
          s = await openSse(`${baseOf(b)}/api/chat/unread/events`, { cookie })
          streams.push(s)
          return s.status
        })
        .toBe(200)
      if (!s) throw new Error('no stream')
      const stream = s
      await stream.next((e) => e.event === 'unread')
      const ids: number[] = []
      for (const text of ['one', 'two @Rea']) {
        const res = await call(a, 'POST', `${base}/messages`, {
          cookie: cookies[author.address] ?? '',
          body: { walletAddress: author.address, displayName: 'Au', content: text },
        })
        ids.push(res.body.id)
      }
      await stream.next(
        (e) => e.event === 'unread' && countsIn(e)?.unread === 2 && countsIn(e)?.mentions === 1,
        2_000,
      )
      const marks = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(i % 2 ? a : b, 'POST', `${base}/read`, {
            cookie,
            body: { walletAddress: reader.address, messageId: ids[i % 2]! },
          }),
        ),
      )
      expect(marks.every((r) => r.status === 200)).toBe(true)
      const done = await stream.next(
        (e) => e.event === 'unread' && countsIn(e)?.lastReadId === ids[1],
        2_000,
      )
      expect(countsIn(done)).toMatchObject({ lastReadId: ids[1], mentions: 0 })
      const onA = (await call(a, 'GET', '/api/chat/unread', { cookie })).body as RoomUnread[]
      expect(roomOf(onA)).toEqual(countsIn(done))
    })
  },
)
