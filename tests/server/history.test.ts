/**
 * The live history (docs/ARCHITECTURE.md "Live history") on one instance, on every storage engine:
 * the leader records each tick and a keyframe per period, reads a moment back frame-exact,
 * prunes by retention on an injected clock, and answers bad input with 400/404. The cluster half
 * (another instance, a leader's SIGKILL) is in history-cluster.test.ts.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import {
  HISTORY_MAX_AFTER_MS,
  HistoryInfoSchema,
  readHistoryRecords,
} from '../../src/contracts/history'
import { MSG, decodeFrame, type SwarmStatePayload } from '../../src/feed/protocol'
import { FeedEngine } from '../../server/feed/feed-engine'
import { createSimSource } from '../../server/feed/sim-source'
import { HistoryRecorder } from '../../server/history/history-recorder'
import type { HistoryStore } from '../../server/history/history-store'
import { backends } from './helpers/backends'

/** A state frame's agents the way the engine publishes them, and its positions. */
function snapshot(app: FastifyInstance) {
  const state = decodeFrame(app.feed.engine.stateFrame())
  if (state?.type !== 0) throw new Error('no state')
  const a = app.feed.engine.source.agents
  return { state: state.payload, x: a.x.slice(0, a.count), y: a.y.slice(0, a.count) }
}

function stateOf(frame: Uint8Array): SwarmStatePayload {
  const m = decodeFrame(frame)
  if (m?.type !== 0) throw new Error('not a state frame')
  return m.payload
}

/** The largest position error a uint16 over the world allows. */
function tolerance(app: FastifyInstance): number {
  const w = app.feed.engine.source.world
  return Math.max(w.width, w.height) / 65_535
}

const frames = (app: FastifyInstance, query: string) =>
  app.inject({ method: 'GET', url: `/api/history/frames?${query}` })

describe.each(backends)('live history (%#)', (makeBackend) => {
  const backend = makeBackend()
  let app: FastifyInstance
  let clock = Date.UTC(2026, 0, 1, 12, 0, 0, 50)
  const seen = new Map<number, ReturnType<typeof snapshot>>()

  /** One engine tick at the injected clock, remembered as the engine published it. */
  const tick = () => {
    clock += 100
    app.feed.engine.tick()
    seen.set(clock, snapshot(app))
  }
  const ticks = async (n: number) => {
    for (let i = 0; i < n; i++) tick()
    await app.feed.history!.flush()
  }

  beforeAll(async () => {
    app = await buildApp(testConfig({ DATABASE_URL: await backend.create() }), {
      history: { recorder: { now: () => clock, pruneEveryMs: 0 } },
    })
    await app.ready()
    app.feed.engine.stop() // the test ticks by hand, on its clock
    tick() // the first tick reads the stored history's newest moment
    await new Promise((r) => setTimeout(r, 100))
  })
  afterAll(async () => {
    await app.close()
    await backend.drop()
  })

  it(`${backend.name}: records every tick, a keyframe a second, and reads a moment back`, async () => {
    await ticks(35)
    const info = HistoryInfoSchema.parse((await app.inject('/api/history')).json())
    expect(info.newest).toBe(clock)
    expect(info.frameExactSince).toBe(info.oldest)
    expect(info.tickMs).toBe(100)

    const at = clock - 1250 // between two keyframes
    const res = await frames(app, `at=${at}&after=500`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    const records = readHistoryRecords(res.rawPayload)
    // the keyframe at or before `at` comes first: state, metrics, tasks, all at its time
    const kfT = records[0]!.t
    expect(kfT).toBeLessThanOrEqual(at)
    expect(at - kfT).toBeLessThan(1000)
    expect(records.slice(0, 3).map((r) => [r.t, r.frame[0]])).toEqual([
      [kfT, MSG.swarmState],
      [kfT, MSG.metrics],
      [kfT, MSG.taskUpdates],
    ])
    const kf = stateOf(records[0]!.frame)
    const then = seen.get(kfT)!
    expect(kf.agents.map((a) => a.id)).toEqual(then.state.agents.map((a) => a.id))
    const tol = tolerance(app)
    kf.agents.forEach((a, i) => {
      const b = then.state.agents[i]!
      expect({ ...a, x: 0, y: 0, target: 0 }).toEqual({ ...b, x: 0, y: 0, target: 0 })
      expect(Math.abs(a.x - b.x)).toBeLessThanOrEqual(tol + 0.1) // the wire keeps 1 decimal
      expect(Math.abs(a.target.y - b.target.y)).toBeLessThanOrEqual(tol + 0.1) // the wire keeps 1 decimal
    })
    expect(kf.failingAgents).toEqual(then.state.failingAgents)
    expect(kf.metrics).toEqual(then.state.metrics)

    // then every tick after the keyframe up to at + after, each frame-exact
    const positions = records.filter((r) => r.frame[0] === MSG.packedPositions)
    expect(positions.map((r) => r.t)).toEqual(
      [...seen.keys()].filter((t) => t > kfT && t <= at + 500),
    )
    for (const r of positions) {
      const m = decodeFrame(r.frame)
      if (m?.type !== 8) throw new Error('not packed positions')
      const want = seen.get(r.t)!
      for (let i = 0; i < m.payload.count; i++) {
        expect(Math.abs(m.payload.x[i]! - want.x[i]!)).toBeLessThanOrEqual(tol)
        expect(Math.abs(m.payload.y[i]! - want.y[i]!)).toBeLessThanOrEqual(tol)
      }
    }
  })

  it(`${backend.name}: a full state the leader published is served at its tick`, async () => {
    // the engine sends a full state every 5 s: at least one in 6 s of ticks
    const from = clock
    await ticks(60)
    const res = await frames(app, `at=${from + 100}&after=6000`)
    const records = readHistoryRecords(res.rawPayload)
    const states = records.filter((r, i) => i > 0 && r.frame[0] === MSG.swarmState)
    // metrics and tasks come as published, once a second
    const metrics = records.slice(3).filter((r) => r.frame[0] === MSG.metrics)
    expect(metrics.length).toBeGreaterThanOrEqual(5)
    expect(states.length).toBeGreaterThan(0)
    for (const s of states) {
      const got = stateOf(s.frame)
      expect(got.agents.map((a) => a.energyLevel)).toEqual(
        seen.get(s.t)!.state.agents.map((a) => a.energyLevel),
      )
    }
  })

  it(`${backend.name}: retention keeps ticks 10 minutes and keyframes 24 hours`, async () => {
    const before = HistoryInfoSchema.parse((await app.inject('/api/history')).json())
    clock += 11 * 60_000
    await ticks(12)
    const later = HistoryInfoSchema.parse((await app.inject('/api/history')).json())
    expect(later.oldest).toBe(before.oldest) // keyframes kept
    expect(later.frameExactSince).toBeGreaterThan(clock - 2000) // old ticks gone
    // an old moment is served from keyframes only: records 0, 4, 3 once a second
    const old = readHistoryRecords(
      (await frames(app, `at=${before.oldest! + 1000}&after=2000`)).rawPayload,
    )
    expect(old.some((r) => r.frame[0] === MSG.packedPositions)).toBe(false)
    expect(old.filter((r) => r.frame[0] === MSG.swarmState).length).toBeGreaterThanOrEqual(2)

    clock += 25 * 3_600_000
    await ticks(12)
    const day = HistoryInfoSchema.parse((await app.inject('/api/history')).json())
    expect(day.oldest).toBeGreaterThan(clock - 2000)
    const gone = await frames(app, `at=${before.oldest! + 1000}`)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toMatch(/^No history at that moment: kept from \d{4}-.*Z to .*Z$/)
  })

  it(`${backend.name}: bad parameters are a 400 naming them`, async () => {
    for (const [q, field] of [
      ['', 'at'],
      ['at=abc', 'at'],
      ['at=1.5', 'at'],
      [`at=${clock}&after=${HISTORY_MAX_AFTER_MS + 1}`, 'after'],
      [`at=${clock}&after=-1`, 'after'],
    ] as const) {
      const res = await frames(app, q)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().error, q).toContain(field)
    }
    expect((await frames(app, `at=${clock + 5000}`)).statusCode).toBe(404)
  })
})

describe('live history: a database that does not answer', () => {
  it('drops whole seconds and never queues more than its bound', async () => {
    let clock = 1_000_000
    let writes = 0
    const stuck = {
      newest: async () => null,
      write: () => {
        writes++
        return new Promise<never>(() => {})
      },
      prune: async () => {},
    } as unknown as HistoryStore
    const source = createSimSource({ agents: 146, seed: 1 })
    const engine = new FeedEngine(source, () => {})
    const recorder = new HistoryRecorder(stuck, source, () => true, {
      now: () => clock,
      maxQueue: 5,
    })
    engine.onTick = recorder.onTick
    engine.tick()
    await new Promise((r) => setTimeout(r, 0)) // the stored history's newest moment is read
    for (let i = 0; i < 300; i++) {
      clock += 100
      engine.tick()
    }
    // one write hangs with the first second; 5 wait; every other second is dropped
    await expect.poll(() => writes).toBe(1)
    expect(recorder.stats.periods).toBeGreaterThanOrEqual(30)
    expect(recorder.stats.dropped).toBe(recorder.stats.periods - 1 - 5)
  })
})
