/**
 * `npm run test:cluster` (RELIABILITY.md §6a), part of `npm test`: three real server processes over
 * the machine's PostgreSQL and Redis, each reaching Redis through its own TCP proxy the test
 * controls (cut one to partition that instance alone, stall all three for a Redis "blackhole"), and
 * a real `ws` client on each instance that negotiates term markers (`/ws?terms=1`). It kills, stops
 * and cuts the feed leader and asserts what clients see: the feed gap, every agent's jump across
 * it, tasks and counters, event ids, term order, bursts on heal; plus the cluster's one blockchain
 * SSE stream (Last-Event-ID resume on another instance) and a whitelist cooldown that an instance
 * whose clock runs 40 s fast (Debian's faketime) cannot bypass.
 *
 * Leases are the production default (FEED_LEASE_MS 2 s: renewals and Redis command timeouts every
 * 500 ms). The figures printed at the end are kept in docs/RELIABILITY.md.
 * Skipped without PostgreSQL or Redis (fails under CI=true).
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWallet, signIn } from '../helpers/wallet'
import { backends } from './helpers/backends'
import { health, readSse, sleep, waitFor } from './helpers/cluster-probes'
import { CuttableProxy } from './helpers/cuttable-proxy'
import { ensureFaketime, faketimeEnv } from './helpers/faketime'
import { FeedWatcher } from './helpers/feed-watcher'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from './helpers/redis'
import { type ServerProcess, exited, startServer } from './helpers/server-process'

const pg = backends.find((b) => b().name === 'postgres')
if (!pg && process.env.CI === 'true') throw new Error('test:cluster needs PostgreSQL in CI')
const skip = !pg || !redisAvailable
if (skip) console.warn('test:cluster: PostgreSQL or Redis unreachable, skipping')

const LEASE_MS = 2000

describe.skipIf(skip)('test:cluster: three instances, one PostgreSQL, Redis behind proxies', () => {
  const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
  const backend = pg!()
  const target = new URL(REDIS_URL)
  const proxies = [0, 1, 2].map(
    () => new CuttableProxy({ host: target.hostname, port: Number(target.port || 6379) }),
  )
  const nodes: Array<{ proc: ServerProcess; feed: FeedWatcher }> = []
  const extra: ServerProcess[] = []
  const figures: Record<string, string> = {}
  let databaseUrl = ''
  /** the first SSE test's first id: the last test replays everything since */
  let sseFrom = 0

  const envFor = (slot: number) => {
    const url = new URL(REDIS_URL)
    url.host = `127.0.0.1:${proxies[slot]!.port}`
    return {
      DATABASE_URL: databaseUrl,
      REDIS_URL: url.toString(),
      REDIS_PREFIX: prefix,
      FEED_LEASE_MS: String(LEASE_MS),
      // With VPOS_TEST_SERVER_LOGS=1 the role changes (info) show beside the test's output.
      ...(process.env.VPOS_TEST_SERVER_LOGS === '1' ? { LOG_LEVEL: 'info' } : {}),
    }
  }

  async function boot(slot: number) {
    const proc = await startServer(envFor(slot))
    const feed = new FeedWatcher(proc.port)
    nodes[slot] = { proc, feed }
    await waitFor(() => feed.positionTimes.length > 3, 10_000, `frames on instance ${slot}`)
  }

  const roles = async () => Promise.all(nodes.map((n) => health(n.proc.base).then((h) => h?.feed)))

  async function leaderSlot(): Promise<number> {
    let slot = -1
    await expect
      .poll(
        async () => {
          const r = await roles()
          slot = r.indexOf('leader')
          return r.filter((x) => x === 'leader').length
        },
        { timeout: 10_000 },
      )
      .toBe(1)
    return slot
  }

  beforeAll(async () => {
    databaseUrl = await backend.create()
    for (const p of proxies) await p.up()
    await boot(0) // migrates the database and takes the first lease
    await Promise.all([boot(1), boot(2)])
  }, 60_000)

  afterAll(async () => {
    for (const n of nodes) n.feed.close()
    for (const p of [...nodes.map((n) => n.proc), ...extra]) {
      p.proc.kill('SIGCONT')
      p.proc.kill('SIGKILL')
      await exited(p.proc)
    }
    for (const p of proxies) await p.down().catch(() => undefined)
    await backend.drop()
    await dropRedisPrefix(prefix)
    if (Object.keys(figures).length) {
      console.log(
        `test:cluster figures (lease ${LEASE_MS} ms):\n` +
          Object.entries(figures)
            .map(([k, v]) => `  ${k}: ${v}`)
            .join('\n'),
      )
    }
  }, 60_000)

  /** Checks that hold for every client at any time. */
  function expectCleanStreams() {
    for (const n of nodes) {
      expect(n.feed.termRegressions).toBe(0)
      expect(n.feed.duplicateIds).toBe(0)
    }
  }

  it('SSE: a client resuming on another instance with Last-Event-ID gets every id once, in order', async () => {
    const a = nodes[0]!.proc.base
    const b = nodes[1]!.proc.base
    const first = await readSse(`${a}/api/mcp/sse`, 2_500)
    expect(first.length).toBeGreaterThan(3)
    const lastId = first.at(-1)!.id
    sseFrom = first[0]!.id
    await sleep(1_500) // events produced meanwhile must be replayed by B
    const second = await readSse(`${b}/api/mcp/sse`, 2_000, lastId)
    const ids = [...first, ...second].map((e) => e.id)
    const gaps = ids.slice(1).filter((id, i) => id !== ids[i]! + 1).length
    const dups = ids.length - new Set(ids).size
    expect(second[0]?.id).toBe(lastId + 1)
    expect(gaps).toBe(0)
    expect(dups).toBe(0)
    const slots = [...first, ...second]
      .filter((e) => e.event === 'slots')
      .map((e) => Number(e.data.slot))
    expect(slots.every((s, i) => i === 0 || s > slots[i - 1]!)).toBe(true)
    figures['SSE resume on another instance'] =
      `${second.length} events after Last-Event-ID ${lastId}: ${gaps} gaps, ${dups} duplicates`
  })

  it('an instance whose clock runs 40 s fast cannot bypass the 30 s whitelist cooldown', async (ctx) => {
    const lib = ensureFaketime()
    if (!lib) return ctx.skip()
    const fast = await startServer({ DATABASE_URL: databaseUrl, ...faketimeEnv(lib, '+40s') })
    extra.push(fast)
    const h = (await (await fetch(`${fast.base}/api/health`)).json()) as { uptimeS: number }
    expect(h).toBeTruthy()
    const w = createTestWallet('cluster-clock', { tier: 'platinum' })
    const cookie = await signIn(nodes[0]!.proc.base, w)
    const check = (base: string) =>
      fetch(`${base}/api/whitelist/check`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ walletAddress: w.address }),
      })
    expect((await check(nodes[0]!.proc.base)).status).toBe(200)
    const second = await check(fast.base)
    expect(second.status).toBe(429)
    expect(((await second.json()) as { error: string }).error).toMatch(
      /^Please wait (29|30) seconds before checking again$/,
    )
    // The session made on a normal instance is valid on the fast one too (same database clock).
    expect((await fetch(`${fast.base}/api/auth/session`, { headers: { cookie } })).status).toBe(200)
  })

  it('SIGKILL of the leader: gap ≤ 3.5 s, no agent jumps > 20 units, tasks and counters continue, no id repeated', async () => {
    const slot = await leaderSlot()
    await sleep(1_500) // at least one resume state and a task update behind us
    const killedAt = performance.now()
    nodes[slot]!.proc.proc.kill('SIGKILL')
    await exited(nodes[slot]!.proc.proc)
    nodes[slot]!.feed.close()
    // The next tests need three instances again, whether or not this one's limits held.
    try {
      const survivors = nodes.filter((_, i) => i !== slot)
      await expect
        .poll(() => Math.min(...survivors.map((n) => n.feed.framesSince(killedAt))), {
          timeout: 10_000,
        })
        .toBeGreaterThan(15)
      const now = performance.now()
      const gaps = survivors.map((n) => n.feed.longestGap(killedAt, now))
      const gap = Math.max(...gaps.map((g) => g.gap))
      // The first positions after the gap: the state frame the new leader sends, then its ticks.
      const jump = Math.max(...survivors.map((n, i) => n.feed.jumpAfter(gaps[i]!.end - 50)))
      const typical = Math.max(...survivors.map((n) => n.feed.jumpAfter(killedAt - 3_000, 10)))
      figures['SIGKILL failover gap'] = `${Math.round(gap)} ms (limit 3500)`
      figures['SIGKILL largest jump'] =
        `${jump.toFixed(1)} units (a normal tick: ${typical.toFixed(1)})`
      expect(gap).toBeLessThanOrEqual(3_500)
      expect(jump).toBeLessThanOrEqual(20)
      // Tasks and counters continue from where they were, not from the defaults.
      await expect
        .poll(
          () =>
            survivors.every(
              (n) => n.feed.firstTaskAfter(gaps[survivors.indexOf(n)]!.end) !== undefined,
            ),
          {
            timeout: 5_000,
          },
        )
        .toBe(true)
      for (const [i, n] of survivors.entries()) {
        const before = n.feed.lastTaskBefore(killedAt)!
        const after = n.feed.firstTaskAfter(gaps[i]!.end)!
        expect(after.completed).toBeGreaterThanOrEqual(before.completed)
        expect(after.score).toBeGreaterThanOrEqual(before.score)
      }
      expectCleanStreams()
    } finally {
      await boot(slot)
    }
  })

  it('SIGTERM of the leader: it hands over, gap ≤ 300 ms, no rewind', async () => {
    const slot = await leaderSlot()
    await sleep(1_000)
    const at = performance.now()
    nodes[slot]!.proc.proc.kill('SIGTERM')
    // The next tests need three instances again, whether or not this one's limits held.
    try {
      const survivors = nodes.filter((_, i) => i !== slot)
      await expect
        .poll(() => Math.min(...survivors.map((n) => n.feed.framesSince(at))), { timeout: 10_000 })
        .toBeGreaterThan(10)
      await exited(nodes[slot]!.proc.proc)
      const gaps = survivors.map((n) => n.feed.longestGap(at, performance.now()))
      const gap = Math.max(...gaps.map((g) => g.gap))
      const jump = Math.max(...survivors.map((n, i) => n.feed.jumpAfter(gaps[i]!.end - 50)))
      figures['SIGTERM handover gap'] = `${Math.round(gap)} ms (limit 300)`
      figures['SIGTERM largest jump'] = `${jump.toFixed(1)} units`
      expect(gap).toBeLessThanOrEqual(300)
      expect(jump).toBeLessThanOrEqual(20)
      expectCleanStreams()
    } finally {
      await exited(nodes[slot]!.proc.proc)
      nodes[slot]!.feed.close()
      await boot(slot)
    }
  })

  it('SIGSTOP 6 s then SIGCONT of the leader: no older term after a newer one; at most one leader once its lease expired', async () => {
    const slot = await leaderSlot()
    const stoppedAt = performance.now()
    nodes[slot]!.proc.proc.kill('SIGSTOP')
    let most = 0
    try {
      await sleep(LEASE_MS + 200)
      while (performance.now() - stoppedAt < 6_000) {
        most = Math.max(most, (await roles()).filter((r) => r === 'leader').length)
        await sleep(150)
      }
    } finally {
      nodes[slot]!.proc.proc.kill('SIGCONT')
    }
    const contAt = performance.now()
    while (performance.now() - contAt < 2_500) {
      most = Math.max(most, (await roles()).filter((r) => r === 'leader').length)
      await sleep(100)
    }
    figures['SIGSTOP: most instances saying leader after the lease'] = String(most)
    expect(most).toBe(1)
    await expect
      .poll(() => nodes[slot]!.feed.framesSince(contAt), { timeout: 5_000 })
      .toBeGreaterThan(5)
    expectCleanStreams()
    const gap = Math.max(
      ...nodes
        .filter((_, i) => i !== slot)
        .map((n) => n.feed.longestGap(stoppedAt, performance.now()).gap),
    )
    figures['SIGSTOP failover gap'] = `${Math.round(gap)} ms`
  })

  it('partition of the leader alone: it goes isolated, the others elect; no older term after a newer one', async () => {
    const slot = await leaderSlot()
    const cutAt = performance.now()
    proxies[slot]!.stall()
    let most = 0
    try {
      await sleep(LEASE_MS + 200)
      await expect
        .poll(() => health(nodes[slot]!.proc.base).then((h) => h?.feed), { timeout: 2 * LEASE_MS })
        .toBe('isolated')
      while (performance.now() - cutAt < 6_000) {
        most = Math.max(most, (await roles()).filter((r) => r === 'leader').length)
        await sleep(150)
      }
      // Its own clients keep a live swarm meanwhile.
      expect(nodes[slot]!.feed.framesSince(performance.now() - 1_000)).toBeGreaterThan(5)
    } finally {
      proxies[slot]!.resume()
    }
    expect(most).toBe(1)
    await expect
      .poll(() => health(nodes[slot]!.proc.base).then((h) => h?.feed), { timeout: 10_000 })
      .toBe('follower')
    await sleep(500)
    expectCleanStreams()
  })

  it('Redis blackhole 15 s: all isolated within 2 leases, still feeding; rate limits pay the timeout once; no burst on heal', async () => {
    await leaderSlot()
    // GOTCHA: on an overloaded machine the test process itself stalls and then reads several
    // frames at once. The same measure over a quiet stretch without any fault is the floor the
    // heal is compared with (on a machine with spare CPU it is 1–2, and the limit is then 2).
    const quietFrom = performance.now()
    await sleep(3_000)
    const quiet = Math.max(...nodes.map((n) => n.feed.burst(quietFrom, performance.now())))
    const holeAt = performance.now()
    for (const p of proxies) p.stall()
    const slowRequests: number[] = []
    let healAt = 0
    try {
      await expect
        .poll(async () => (await roles()).every((r) => r === 'isolated'), {
          timeout: 2 * LEASE_MS,
          interval: 100,
        })
        .toBe(true)
      const isolatedAfter = performance.now() - holeAt
      figures['blackhole: all isolated after'] =
        `${Math.round(isolatedAfter)} ms (limit ${2 * LEASE_MS})`
      // Rate-limited requests (the nonce route) on every instance: at most one pays the timeout.
      for (const n of nodes) {
        let slow = 0
        for (let i = 0; i < 6; i++) {
          const t = performance.now()
          const res = await fetch(`${n.proc.base}/api/auth/nonce`, { method: 'POST' })
          expect(res.status).toBe(200)
          if (performance.now() - t > 400) slow++
        }
        slowRequests.push(slow)
      }
      while (performance.now() - holeAt < 15_000) await sleep(250)
      for (const n of nodes)
        expect(n.feed.framesSince(performance.now() - 2_000)).toBeGreaterThan(10)
    } finally {
      healAt = performance.now()
      for (const p of proxies) p.resume()
    }
    figures['blackhole: slow rate-limited requests per instance'] = slowRequests.join(', ')
    expect(Math.max(...slowRequests)).toBeLessThanOrEqual(1)
    await leaderSlot()
    await sleep(3_000)
    const burst = Math.max(...nodes.map((n) => n.feed.burst(healAt, performance.now())))
    figures['blackhole heal: largest burst'] =
      `${burst} position frames per 100 ms (limit 2; without any fault: ${quiet})`
    expect(burst).toBeLessThanOrEqual(Math.max(2, quiet))
    expectCleanStreams()
  }, 60_000)

  it('SSE: across every leader change above, the stream ids and slots only grew (replayed on any instance)', async () => {
    const replayed = await readSse(`${nodes[2]!.proc.base}/api/mcp/sse`, 1_500, sseFrom)
    const ids = replayed.map((e) => e.id)
    const slots = replayed.filter((e) => e.event === 'slots').map((e) => Number(e.data.slot))
    figures['SSE ids across all failovers'] =
      `${ids.length} replayed, ${ids[0]}…${ids.at(-1)}, slots ${slots[0]}…${slots.at(-1)}`
    expect(ids.length).toBeGreaterThan(100)
    expect(ids[0]).toBe(sseFrom + 1)
    expect(ids.every((id, i) => i === 0 || id === ids[i - 1]! + 1)).toBe(true)
    expect(slots.every((slot, i) => i === 0 || slot > slots[i - 1]!)).toBe(true)
  })
})
