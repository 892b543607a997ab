/**
 * The chat push channel (RELIABILITY.md §10): GET /api/chat/rooms/{id}/events is gated like the
 * REST reads, carries new messages, reaction changes, participants and announcements, resumes from
 * `?after=` (or Last-Event-ID) with nothing missed or doubled, and fans out across two instances
 * through Redis pub/sub.
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChatPushEventSchema, type ChatMessage } from '../../src/contracts/chat'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, signIn } from '../helpers/wallet'
import { call } from './helpers/api'
import { listeningInstances } from './helpers/instances'
import { backends } from './helpers/backends'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from './helpers/redis'
import { openSse, type SseEvent, type SseStream } from './helpers/sse'

const ROOM = 'bronze-lounge'
const parse = (e: SseEvent) => ChatPushEventSchema.parse(JSON.parse(e.data))
const baseOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

describe('chat push channel on one instance', () => {
  let app: FastifyInstance
  const reader = createTestWallet('push-reader', { tier: 'gold' })
  const writer = createTestWallet('push-writer', { tier: 'gold' })
  const poor = createTestWallet('push-poor', { tier: 'none' })
  const staff = createTestWallet('push-staff', { tier: 'none' })
  const cookies: Record<string, string> = {}
  const streams: SseStream[] = []

  beforeAll(async () => {
    app = await buildApp(testConfig({ STAFF_WALLETS: [staff.address] }))
    await app.listen({ port: 0, host: '127.0.0.1' })
    for (const w of [reader, writer, poor, staff]) cookies[w.address] = await signIn(app, w)
  })
  afterAll(async () => {
    for (const s of streams) s.close()
    await app.close()
  })

  const open = async (cookie: string, query = '') => {
    const s = await openSse(`${baseOf(app)}/api/chat/rooms/${ROOM}/events${query}`, { cookie })
    streams.push(s)
    return s
  }
  const post = (content: string) =>
    call(app, 'POST', `/api/chat/rooms/${ROOM}/messages`, {
      cookie: cookies[writer.address],
      body: { walletAddress: writer.address, displayName: 'writer', content },
    })

  it('is gated like the REST reads: 401 signed out, 403 below the tier, 404 unknown room', async () => {
    const anon = await open('')
    expect(anon.status).toBe(401)
    const below = await open(cookies[poor.address] ?? '')
    expect(below.status).toBe(403)
    const unknown = await openSse(`${baseOf(app)}/api/chat/rooms/nope/events`, {
      cookie: cookies[reader.address] ?? '',
    })
    expect(unknown.status).toBe(404)
    const bad = await open(cookies[reader.address] ?? '', '?after=-1')
    expect(bad.status).toBe(400)
  })

  it('pushes messages, reactions, participants and announcements', async () => {
    const s = await open(cookies[reader.address] ?? '', '?after=0')
    expect(s.status).toBe(200)
    const sent = (await post('pushed hello')).body as ChatMessage
    const msg = await s.next((e) => e.event === 'message' && parse(e).type === 'message')
    expect(msg.id).toBe(String(sent.id))
    expect(parse(msg)).toMatchObject({ message: { content: 'pushed hello' } })

    await call(app, 'POST', `/api/chat/rooms/${ROOM}/messages/${sent.id}/reactions`, {
      cookie: cookies[reader.address],
      body: { walletAddress: reader.address, emoji: '🔥' },
    })
    const reaction = parse(await s.next((e) => e.event === 'reactions'))
    expect(reaction).toMatchObject({
      message: { id: sent.id, reactions: { '🔥': { walletAddresses: [reader.address] } } },
    })

    await call(app, 'POST', `/api/chat/rooms/${ROOM}/participants`, {
      cookie: cookies[writer.address],
      body: { walletAddress: writer.address, displayName: 'renamed writer' },
    })
    await s.next(
      (e) =>
        e.event === 'participant' &&
        JSON.parse(e.data).participant.displayName === 'renamed writer',
    )

    await call(app, 'POST', `/api/chat/rooms/${ROOM}/announcement`, {
      cookie: cookies[staff.address],
      body: { walletAddress: staff.address, content: 'Maintenance at noon' },
    })
    const room = parse(await s.next((e) => e.event === 'room'))
    expect(room).toMatchObject({ room: { announcement: { content: 'Maintenance at noon' } } })
  })

  it('resumes from ?after= (and Last-Event-ID): what was missed once, then live, no duplicates', async () => {
    const before = ((await post('before the gap')).body as ChatMessage).id
    const missed = [(await post('missed 1')).body.id, (await post('missed 2')).body.id]
    const s = await open(cookies[reader.address] ?? '', `?after=${before}`)
    const live = (await post('live after resume')).body.id as number
    await s.next((e) => e.id === String(live))
    const ids = s.events.filter((e) => e.event === 'message').map((e) => Number(e.id))
    expect(ids).toEqual([...missed, live])

    const byHeader = await openSse(`${baseOf(app)}/api/chat/rooms/${ROOM}/events`, {
      cookie: cookies[reader.address] ?? '',
      'last-event-id': String(missed[0]),
    })
    streams.push(byHeader)
    await byHeader.next((e) => e.id === String(live))
    expect(byHeader.events.filter((e) => e.event === 'message').map((e) => Number(e.id))).toEqual([
      missed[1],
      live,
    ])
  })
})

const pg = backends.find((b) => b().name === 'postgres')
describe.skipIf(!pg || !redisAvailable)(
  'chat push across two instances (PostgreSQL + Redis)',
  () => {
    const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
    const backend = pg!()
    const apps: FastifyInstance[] = []
    const w = createTestWallet('push-cluster', { tier: 'platinum' })
    let cookie = ''
    const streams: SseStream[] = []

    beforeAll(async () => {
      const DATABASE_URL = await backend.create()
      apps.push(...(await listeningInstances(2, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix })))
      cookie = await signIn(apps[0]!, w)
    })
    afterAll(async () => {
      for (const s of streams) s.close()
      for (const app of apps) await app.close().catch(() => undefined)
      await backend.drop()
      await dropRedisPrefix(prefix)
    })

    it('a message and a reaction posted on A reach a reader on B', async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance]
      // 503 until B's Redis subscription is up (clients poll meanwhile).
      let s: SseStream | undefined
      await expect
        .poll(async () => {
          s?.close()
          s = await openSse(`${baseOf(b)}/api/chat/rooms/${ROOM}/events?after=0`, { cookie })
          streams.push(s)
          return s.status
        })
        .toBe(200)
      if (!s) throw new Error('no stream')
      const sent = await call(a, 'POST', `/api/chat/rooms/${ROOM}/messages`, {
        cookie,
        body: { walletAddress: w.address, displayName: 'a', content: 'from A' },
      })
      await s.next((e) => e.id === String(sent.body.id))
      await call(a, 'POST', `/api/chat/rooms/${ROOM}/messages/${sent.body.id}/reactions`, {
        cookie,
        body: { walletAddress: w.address, emoji: '👍' },
      })
      await s.next((e) => e.event === 'reactions')
      expect(s.events.filter((e) => e.id === String(sent.body.id))).toHaveLength(1)
    })
  },
)
