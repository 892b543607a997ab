/**
 * The push channel's ordering guarantee (RELIABILITY.md §10, server/chat/room-tail.ts): a stream
 * sends a room's messages in id order, each once, none skipped, whatever order their publishes
 * arrive in or whether they arrive at all; a resume from the last `id:` seen continues exactly
 * there. On SQLite (one instance, in-process bus) and on PostgreSQL + Redis (two instances: posts
 * on A, readers on B). The bus of the posting instance is wrapped so a test can hold its message
 * publishes and release them out of order, or drop them.
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ChatPushEvent } from '../../src/contracts/chat'
import type { ChatBus } from '../../server/chat/chat.bus'
import { createTestWallet, signIn, type TestWallet } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'
import { listeningInstances } from './helpers/instances'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from './helpers/redis'
import { openSse, type SseStream } from './helpers/sse'

const ROOM = 'bronze-lounge'
/** Short enough that the drop test waits about a second, long enough not to hide the hold test. */
const SWEEP_MS = 700

/** The posting instance's bus: passes, holds or drops its `message` publishes. */
class ControlledBus {
  mode: 'pass' | 'hold' | 'drop' = 'pass'
  held: Array<[string, ChatPushEvent]> = []
  private inner: ChatBus | null = null

  wrap = (bus: ChatBus): ChatBus => {
    this.inner = bus
    return {
      get up() {
        return bus.up
      },
      publish: (roomId, event) => {
        if (event.type === 'message' && this.mode === 'drop') return
        if (event.type === 'message' && this.mode === 'hold') this.held.push([roomId, event])
        else bus.publish(roomId, event)
      },
      subscribe: (roomId, listener) => bus.subscribe(roomId, listener),
      onDown: (listener) => bus.onDown(listener),
      revoke: (revoked) => bus.revoke(revoked),
      onRevoke: (listener) => bus.onRevoke(listener),
      close: () => bus.close(),
    }
  }

  /** Publishes what was held, newest first, and passes from now on. */
  releaseReversed() {
    this.mode = 'pass'
    for (const [roomId, event] of this.held.reverse()) this.inner?.publish(roomId, event)
    this.held = []
  }
}

const baseOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const messageIds = (s: SseStream) =>
  s.events.filter((e) => e.event === 'message').map((e) => Number(e.id))

interface Setup {
  name: string
  skip: boolean
  /** [posting instance, reading instance] (the same one on SQLite) */
  start(bus: ControlledBus): Promise<{ post: FastifyInstance; read: FastifyInstance }>
  stop(): Promise<void>
}

function sqliteSetup(): Setup {
  let app: FastifyInstance | undefined
  return {
    name: 'SQLite, one instance',
    skip: false,
    async start(bus) {
      const [only] = await listeningInstances(
        1,
        {},
        { chat: { sweepMs: SWEEP_MS, wrapBus: bus.wrap } },
      )
      app = only!
      return { post: app, read: app }
    },
    stop: async () => void (await app?.close()),
  }
}

function clusterSetup(): Setup {
  const pg = backends.find((b) => b().name === 'postgres')
  const backend = pg?.()
  const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
  const apps: FastifyInstance[] = []
  return {
    name: 'PostgreSQL + Redis, two instances',
    skip: !backend || !redisAvailable,
    async start(bus) {
      const DATABASE_URL = await backend!.create()
      apps.push(
        ...(await listeningInstances(2, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix }, (i) => ({
          chat: { sweepMs: SWEEP_MS, ...(i === 0 ? { wrapBus: bus.wrap } : {}) },
        }))),
      )
      return { post: apps[0]!, read: apps[1]! }
    },
    async stop() {
      for (const app of apps) await app.close().catch(() => undefined)
      await backend?.drop()
      await dropRedisPrefix(prefix)
    },
  }
}

describe.each([sqliteSetup(), clusterSetup()].map((s) => [s.name, s] as const))(
  'push ordering (%s)',
  (_name, setup) => {
    const bus = new ControlledBus()
    const writers = Array.from({ length: 6 }, (_, i) =>
      createTestWallet(`order-writer-${i}`, { tier: 'gold' }),
    )
    const reader = createTestWallet('order-reader', { tier: 'gold' })
    const cookies = new Map<TestWallet, string>()
    const streams: SseStream[] = []
    let post: FastifyInstance
    let read: FastifyInstance

    beforeAll(async () => {
      if (setup.skip) return
      ;({ post, read } = await setup.start(bus))
      for (const w of [...writers, reader]) cookies.set(w, await signIn(post, w))
      // Until the reading instance's Redis subscription is up its streams answer 503.
      for (let tries = 0; ; tries++) {
        const s = await open()
        s.close()
        if (s.status === 200) break
        if (tries > 50) throw new Error(`push channel answers ${s.status}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    })
    beforeEach(() => {
      bus.mode = 'pass'
      bus.held = []
    })
    afterAll(async () => {
      for (const s of streams) s.close()
      if (!setup.skip) await setup.stop()
    })

    const open = async (headers: Record<string, string> = {}, query = '') => {
      const s = await openSse(`${baseOf(read)}/api/chat/rooms/${ROOM}/events${query}`, {
        cookie: cookies.get(reader) ?? '',
        ...headers,
      })
      streams.push(s)
      return s
    }
    const send = async (w: TestWallet, content: string): Promise<number> => {
      const res = await call(post, 'POST', `/api/chat/rooms/${ROOM}/messages`, {
        cookie: cookies.get(w),
        body: { walletAddress: w.address, displayName: 'w', content },
      })
      expect(res.status).toBe(201)
      return res.body.id as number
    }
    const latestId = async () => {
      const res = await call(read, 'GET', `/api/chat/rooms/${ROOM}/messages`, {
        cookie: cookies.get(reader),
      })
      return (res.body as Array<{ id: number }>).at(-1)?.id ?? 0
    }

    it.skipIf(setup.skip)(
      'publishes released newest first: the reader still gets ascending ids, none missing',
      async () => {
        const s = await open({}, `?after=${await latestId()}`)
        expect(s.status).toBe(200)
        bus.mode = 'hold'
        const ids: number[] = []
        for (const w of writers.slice(0, 3)) ids.push(await send(w, `held ${ids.length}`))
        expect(bus.held.map(([, e]) => (e.type === 'message' ? e.message.id : 0))).toEqual(ids)
        bus.releaseReversed()
        await s.next((e) => e.id === String(ids.at(-1)))
        expect(messageIds(s)).toEqual(ids)
      },
    )

    it.skipIf(setup.skip)('a dropped publish is delivered by the sweep', async () => {
      const s = await open({}, `?after=${await latestId()}`)
      bus.mode = 'drop'
      const id = await send(writers[3]!, 'never published')
      // Nothing else wakes the room tail: without the sweep this times out.
      await s.next((e) => e.id === String(id), 3 * SWEEP_MS + 2_000)
      expect(messageIds(s)).toEqual([id])
    })

    it.skipIf(setup.skip)(
      'racing posts with reconnects by Last-Event-ID: every id once, ascending, no gap',
      async () => {
        const start = await latestId()
        const steady = await open({}, `?after=${start}`)
        const received: number[] = []
        let last = start
        let posting = true
        const sent = Promise.all(
          writers.map(async (w, k) => {
            const ids: number[] = []
            for (let n = 0; n < 6; n++) {
              ids.push(await send(w, `race ${k}.${n}`))
              await new Promise((r) => setTimeout(r, 40))
            }
            return ids
          }),
        ).finally(() => (posting = false))
        // Disconnect after every few messages and resume from the last id received.
        let rounds = 0
        for (; posting && rounds < 30; rounds++) {
          const s = await open({ 'last-event-id': String(last) })
          expect(s.status).toBe(200)
          await s.next(() => messageIds(s).length >= 3, 2_000).catch(() => undefined)
          s.close()
          const got = messageIds(s)
          received.push(...got)
          last = got.at(-1) ?? last
        }
        const all = (await sent).flat().sort((a, b) => a - b)
        const final = await open({ 'last-event-id': String(last) })
        if (last < all.at(-1)!) await final.next((e) => e.id === String(all.at(-1)))
        received.push(...messageIds(final))
        await steady.next((e) => e.id === String(all.at(-1)))

        expect(rounds).toBeGreaterThanOrEqual(2)
        expect(all).toHaveLength(writers.length * 6)
        expect(received).toEqual(all)
        expect(messageIds(steady)).toEqual(all)
      },
      30_000,
    )
  },
)
