/**
 * Two full server instances (buildApp) sharing the machine's PostgreSQL and Redis
 * (RELIABILITY.md §6): a message posted on one is read on the other, rate limits and the whitelist
 * cooldown hold across both, and the live feed survives killing the leader. Skipped without
 * PostgreSQL or Redis (fails under CI=true).
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createTestWallet, signIn } from '../helpers/wallet'
import { call } from './helpers/api'
import { listeningInstances } from './helpers/instances'
import { backends } from './helpers/backends'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from './helpers/redis'
import { type ServerProcess, exited, startServer } from './helpers/server-process'

const pg = backends.find((b) => b().name === 'postgres')
const redis = redisAvailable
if (!pg && process.env.CI === 'true') throw new Error('cluster.test needs PostgreSQL in CI')
if (!pg || !redis)
  console.warn('cluster.test: PostgreSQL or Redis unreachable, skipping the two-instance tests')

describe.skipIf(!pg || !redis)('two instances on one PostgreSQL + Redis', () => {
  const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
  const backend = pg!()
  const apps: FastifyInstance[] = []
  const w = createTestWallet('cluster-w', { tier: 'platinum' })
  let a: FastifyInstance
  let b: FastifyInstance
  let cookie: string

  beforeAll(async () => {
    const DATABASE_URL = await backend.create()
    apps.push(...(await listeningInstances(2, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix })))
    ;[a, b] = apps as [FastifyInstance, FastifyInstance]
    cookie = await signIn(a, w) // the session is stored: valid on both
  })
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined)
    await backend.drop()
    await dropRedisPrefix(prefix)
  })

  const post = (app: FastifyInstance, content: string) =>
    call(app, 'POST', '/api/chat/rooms/bronze-signals/messages', {
      cookie,
      body: { walletAddress: w.address, displayName: 'cluster', content },
    })

  it('a message posted on A is read on B', async () => {
    const res = await post(a, 'hello from A')
    expect(res.status).toBe(201)
    const list = await call(
      b,
      'GET',
      `/api/chat/rooms/bronze-signals/messages?after=${res.body.id - 1}`,
      { cookie },
    )
    expect(list.body.map((m: { content: string }) => m.content)).toEqual(['hello from A'])
  })

  it('the message rate limit (burst 10) is shared: A and B together allow ~10, then 429', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 16; i++) statuses.push((await post(i % 2 ? b : a, `burst ${i}`)).status)
    const ok = statuses.filter((s) => s === 201).length
    // Burst 10 minus the one message above, plus at most a token or two refilled during the loop.
    expect(ok).toBeLessThanOrEqual(12)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4)
  })

  it('the whitelist cooldown holds across instances', async () => {
    const body = { walletAddress: w.address }
    expect((await call(a, 'POST', '/api/whitelist/check', { cookie, body })).status).toBe(200)
    const second = await call(b, 'POST', '/api/whitelist/check', { cookie, body })
    expect(second.status).toBe(429)
    expect(second.body.error).toMatch(/^Please wait \d+ seconds before checking again$/)
  })

  it(
    'the live feed survives the leader shutting down (handover)',
    { timeout: 30_000 },
    async () => {
      await expect
        .poll(() => apps.filter((x) => x.feed.scale?.isLeader).length, { timeout: 10_000 })
        .toBe(1)
      const leader = apps.find((x) => x.feed.scale?.isLeader)!
      const follower = apps.find((x) => x !== leader)!
      const port = (follower.server.address() as AddressInfo).port
      let frames = 0
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
      ws.on('message', () => frames++)
      await new Promise((r) => ws.once('open', r))
      await expect.poll(() => frames, { timeout: 5_000 }).toBeGreaterThan(5)
      await leader.close()
      apps.splice(apps.indexOf(leader), 1)
      const before = frames
      // The follower is elected and keeps feeding the same socket.
      await expect.poll(() => follower.feed.scale?.isLeader, { timeout: 15_000 }).toBe(true)
      await expect.poll(() => frames - before, { timeout: 10_000 }).toBeGreaterThan(10)
      expect(ws.readyState).toBe(WebSocket.OPEN)
      ws.close()
    },
  )
})

describe.skipIf(!pg || !redis)('two server processes: SIGKILL the feed leader', () => {
  const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
  const backend = pg!()
  const procs: ServerProcess[] = []
  afterAll(async () => {
    for (const p of procs) {
      p.proc.kill('SIGKILL')
      await exited(p.proc)
    }
    await backend.drop()
    await dropRedisPrefix(prefix)
  })

  const role = async (p: ServerProcess) =>
    ((await (await fetch(`${p.base}/api/health`)).json()) as { feed?: string }).feed

  it(
    'the follower takes over within seconds and the same socket keeps receiving',
    { timeout: 60_000 },
    async () => {
      const env = { DATABASE_URL: await backend.create(), REDIS_URL, REDIS_PREFIX: prefix }
      const a = await startServer(env)
      procs.push(a)
      await expect.poll(() => role(a), { timeout: 10_000 }).toBe('leader')
      const b = await startServer(env)
      procs.push(b)
      expect(await role(b)).toBe('follower')

      const arrivals: number[] = []
      const ws = new WebSocket(`ws://127.0.0.1:${b.port}/ws`)
      ws.on('message', (d: Buffer) => {
        if (d[0] === 1) arrivals.push(performance.now())
      })
      await new Promise((r) => ws.once('open', r))
      await expect.poll(() => arrivals.length, { timeout: 10_000 }).toBeGreaterThan(5)

      a.proc.kill('SIGKILL')
      await exited(a.proc)
      const killedAt = performance.now()
      await expect.poll(() => role(b), { timeout: 15_000 }).toBe('leader')
      await expect
        .poll(() => arrivals.filter((t) => t > killedAt).length, { timeout: 10_000 })
        .toBeGreaterThan(10)
      expect(ws.readyState).toBe(WebSocket.OPEN)
      const resumedAfter = (arrivals.find((t) => t > killedAt) ?? NaN) - killedAt
      console.log(
        `cluster: feed resumed ${Math.round(resumedAfter)} ms after SIGKILL of the leader`,
      )
      // Lease 2 s (FEED_LEASE_MS), renewal every 0.5 s: the follower is elected within about 2.5 s.
      expect(resumedAfter).toBeLessThan(6_000)
      ws.close()
    },
  )
})
