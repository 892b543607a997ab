/**
 * Redis unreachable (RELIABILITY.md §5, part of `npm run test:faults`): the instance never
 * answers 5xx, rate limits fall back to per-instance memory, and the live feed keeps every client
 * fed — the instance runs its own sim while isolated and rejoins the election when Redis is back.
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, signIn } from '../helpers/wallet'
import { call } from './helpers/api'
import { CuttableProxy } from './helpers/cuttable-proxy'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from './helpers/redis'

const cleanups: Array<() => Promise<unknown>> = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined)
})

/** A loopback port with nothing listening (connection refused). */
async function deadPort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as AddressInfo).port
  await new Promise((r) => s.close(r))
  return port
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' })
  cleanups.push(() => app.close())
  return (app.server.address() as AddressInfo).port
}

/** Counts position frames on a /ws client; `since(t)` = frames after performance.now() t. */
function feedClient(port: number) {
  const arrivals: number[] = []
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
  ws.on('message', (d: Buffer) => {
    if (d[0] === 1) arrivals.push(performance.now())
  })
  ws.on('error', () => {})
  cleanups.push(async () => ws.terminate())
  return {
    ws,
    since: (t: number) => arrivals.filter((a) => a > t).length,
    /** the longest silence between two position frames after `t` */
    longestGap(t: number) {
      const after = arrivals.filter((a) => a > t)
      let gap = after.length ? after[0]! - t : Infinity
      for (let i = 1; i < after.length; i++) gap = Math.max(gap, after[i]! - after[i - 1]!)
      return gap
    },
  }
}

const role = async (app: FastifyInstance) =>
  ((await app.inject('/api/health')).json() as { feed?: string }).feed

describe('Redis unreachable at boot', () => {
  it('the server starts isolated: feed served by its own sim, per-instance rate limits, no 5xx', async () => {
    const t0 = performance.now()
    const app = await buildApp(
      testConfig({ REDIS_URL: `redis://127.0.0.1:${await deadPort()}`, REDIS_PREFIX: 'dead' }),
    )
    const port = await listen(app)
    expect(performance.now() - t0).toBeLessThan(5_000)
    expect(await role(app)).toBe('isolated')

    const feed = feedClient(port)
    await expect.poll(() => feed.since(0), { timeout: 5_000 }).toBeGreaterThan(5)

    const w = createTestWallet('redis-dead', { tier: 'platinum' })
    const cookie = await signIn(app, w)
    const statuses: number[] = []
    for (let i = 0; i < 14; i++) {
      const res = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/messages', {
        cookie,
        body: { walletAddress: w.address, displayName: 'dead redis', content: `m${i}` },
      })
      statuses.push(res.status)
    }
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true)
    // The message bucket (burst 10) still holds, per instance.
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(11)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3)
  })
})

describe.skipIf(!redisAvailable)('Redis lost and back while serving', () => {
  it('the leader goes isolated without a feed gap, then leads again through Redis', async () => {
    const target = new URL(REDIS_URL)
    const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 6379) })
    await proxy.up()
    cleanups.push(() => proxy.down())
    const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
    cleanups.push(() => dropRedisPrefix(prefix))
    const url = new URL(REDIS_URL)
    url.host = `127.0.0.1:${proxy.port}`
    const app = await buildApp(testConfig({ REDIS_URL: url.toString(), REDIS_PREFIX: prefix }))
    const port = await listen(app)
    await expect.poll(() => role(app), { timeout: 5_000 }).toBe('leader')
    const feed = feedClient(port)
    await expect.poll(() => feed.since(0), { timeout: 5_000 }).toBeGreaterThan(5)

    const cutAt = performance.now()
    await proxy.down()
    await expect.poll(() => role(app), { timeout: 5_000 }).toBe('isolated')
    await expect.poll(() => feed.since(cutAt), { timeout: 5_000 }).toBeGreaterThan(20)
    // At most the election period (1 s) passes before the instance feeds its clients itself.
    expect(feed.longestGap(cutAt)).toBeLessThan(3_500)
    expect((await app.inject('/api/chat/rooms')).statusCode).toBe(200)

    const backAt = performance.now()
    await proxy.up()
    await expect.poll(() => role(app), { timeout: 10_000 }).toBe('leader')
    await expect.poll(() => feed.since(backAt), { timeout: 5_000 }).toBeGreaterThan(20)
    expect(feed.ws.readyState).toBe(WebSocket.OPEN)
  }, 40_000)
})
