/**
 * The live history in a cluster (docs/ARCHITECTURE.md "Live history"), on PostgreSQL + Redis: a
 * moment recorded by the leader is served the same by another instance, and a SIGKILL of the
 * leader leaves the stored history continuous (no gap longer than a keyframe period, no duplicate,
 * no rewind). Skipped without PostgreSQL or Redis (fails under CI=true).
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/database'
import { decodeChunk } from '../../server/history/history-codec'
import { HistoryStore } from '../../server/history/history-store'
import { HistoryInfoSchema, readHistoryRecords } from '../../src/contracts/history'
import { MSG } from '../../src/feed/protocol'
import { backends } from './helpers/backends'
import { listeningInstances } from './helpers/instances'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from './helpers/redis'
import { type ServerProcess, exited, startServer } from './helpers/server-process'

const pg = backends.find((b) => b().name === 'postgres')
if ((!pg || !redisAvailable) && process.env.CI === 'true')
  throw new Error('history-cluster.test needs PostgreSQL and Redis in CI')

const info = async (base: string) =>
  HistoryInfoSchema.parse(await (await fetch(`${base}/api/history`)).json())

describe.skipIf(!pg || !redisAvailable)('live history on PostgreSQL + Redis', () => {
  const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
  const backend = pg!()
  const apps: FastifyInstance[] = []
  const procs: ServerProcess[] = []
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined)
    for (const p of procs) {
      p.proc.kill('SIGKILL')
      await exited(p.proc)
    }
    await backend.drop()
    await dropRedisPrefix(prefix)
  })

  it('a moment the leader recorded is served the same by another instance', async () => {
    const DATABASE_URL = await backend.create()
    apps.push(
      ...(await listeningInstances(2, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: `${prefix}a` })),
    )
    await expect
      .poll(() => apps.filter((x) => x.feed.scale?.isLeader).length, { timeout: 10_000 })
      .toBe(1)
    const leader = apps.find((x) => x.feed.scale?.isLeader)!
    const other = apps.find((x) => x !== leader)!
    const urlOf = (app: FastifyInstance) =>
      `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    await expect
      .poll(
        async () => {
          const i = await info(urlOf(other))
          return i.newest !== null && i.oldest !== null ? i.newest - i.oldest : 0
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(1500)
    const { newest } = await info(urlOf(other))
    const at = newest! - 300
    const read = async (app: FastifyInstance) => {
      const res = await fetch(`${urlOf(app)}/api/history/frames?at=${at}&after=200`)
      expect(res.status).toBe(200)
      return new Uint8Array(await res.arrayBuffer())
    }
    const [fromOther, fromLeader] = [await read(other), await read(leader)]
    expect(fromOther).toEqual(fromLeader)
    const records = readHistoryRecords(fromOther)
    expect(records[0]!.frame[0]).toBe(MSG.swarmState)
    expect(records.filter((r) => r.frame[0] === MSG.packedPositions).length).toBeGreaterThan(0)
    for (const app of apps.splice(0)) await app.close()
  }, 40_000)

  it('a SIGKILL of the leader leaves no gap, no duplicate and no rewind', async () => {
    const DATABASE_URL = await backend.create()
    const env = { DATABASE_URL, REDIS_URL, REDIS_PREFIX: `${prefix}b`, FEED_LEASE_MS: '1000' }
    const role = async (p: ServerProcess) =>
      ((await (await fetch(`${p.base}/api/health`)).json()) as { feed?: string }).feed
    const a = await startServer(env)
    procs.push(a)
    await expect.poll(() => role(a), { timeout: 10_000 }).toBe('leader')
    const b = await startServer(env)
    procs.push(b)
    await expect
      .poll(
        async () => {
          const i = await info(b.base)
          return i.newest !== null && i.oldest !== null ? i.newest - i.oldest : 0
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(2000)

    a.proc.kill('SIGKILL')
    await exited(a.proc)
    const killedAt = Date.now()
    await expect.poll(() => role(b), { timeout: 15_000 }).toBe('leader')
    await expect
      .poll(async () => (await info(b.base)).newest ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(killedAt + 2000)

    const handle = openDatabase(DATABASE_URL)
    try {
      const store = new HistoryStore(handle.db)
      const chunks = await store.chunksIn(-1, Number.MAX_SAFE_INTEGER)
      const keyframes = await store.keyframesIn(-1, Number.MAX_SAFE_INTEGER)
      // chunks never overlap and their ticks only move forward: no duplicate, no rewind
      const ticks: number[] = []
      for (const [i, c] of chunks.entries()) {
        if (i > 0) expect(c.t0).toBeGreaterThan(chunks[i - 1]!.t1)
        ticks.push(...decodeChunk(c.t0, c.data).map((t) => t.t))
      }
      for (let i = 1; i < ticks.length; i++) expect(ticks[i]).toBeGreaterThan(ticks[i - 1]!)
      // both leaders recorded, and no stretch between stored moments exceeds a keyframe period
      expect(ticks.some((t) => t < killedAt - 500)).toBe(true)
      expect(ticks.some((t) => t > killedAt + 1000)).toBe(true)
      const moments = [...new Set([...ticks, ...keyframes.map((k) => k.t)])].sort((x, y) => x - y)
      let gap = 0
      for (let i = 1; i < moments.length; i++) gap = Math.max(gap, moments[i]! - moments[i - 1]!)
      console.log(`history: widest stretch between stored moments across a SIGKILL: ${gap} ms`)
      expect(gap).toBeLessThanOrEqual(1000)
    } finally {
      await handle.db.destroy()
    }
  }, 60_000)
})
