/**
 * `npm run bench:history`: the live history (docs/ARCHITECTURE.md "Live history") on a SQLite file.
 *
 * 1. Storage: the recorder records the server's own sim (146 and 10,000 agents) for some simulated
 *    seconds on an injected clock; prints the bytes per hour of history (every tick, keyframes,
 *    events), what retention keeps at steady state (10 min of ticks, 24 h of keyframes), and what
 *    the recorder costs the tick (its onTick time).
 * 2. Seek: fills 24 h of 146-agent history (the recorded keyframes repeated back in time, with
 *    their bases), then reads a moment 1 min, 10 min, 12 h and 23 h back as GET
 *    /api/history/frames does; prints p50/p95 of 40 reads each. It never passes or fails on time.
 */
import { existsSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { openDatabase, type DatabaseHandle } from '../server/db/database'
import { migrateToLatest } from '../server/db/migrate'
import { FeedEngine } from '../server/feed/feed-engine'
import { createSimSource } from '../server/feed/sim-source'
import { readMoment } from '../server/history/history-read'
import { HistoryRecorder } from '../server/history/history-recorder'
import { HistoryStore } from '../server/history/history-store'

const HOUR = 3_600_000
const NOW = Date.UTC(2026, 0, 2)

async function freshDb(name: string): Promise<{ handle: DatabaseHandle; file: string }> {
  const file = join(tmpdir(), `vpos-history-bench-${process.pid}-${name}.db`)
  rmSync(file, { force: true })
  const handle = openDatabase(`sqlite:${file}`)
  await migrateToLatest(handle)
  return { handle, file }
}

/** Records `seconds` of simulated time; returns the recorder's onTick times (ms). */
async function record(store: HistoryStore, agents: number, seconds: number, start: number) {
  let clock = start
  const source = createSimSource({ agents, seed: 146 })
  const engine = new FeedEngine(source, () => {})
  const recorder = new HistoryRecorder(store, source, () => true, {
    now: () => clock,
    pruneEveryMs: Infinity,
    maxQueue: 1_000,
  })
  const costs: number[] = []
  engine.onTick = (frames) => {
    const s = performance.now()
    recorder.onTick(frames)
    costs.push(performance.now() - s)
  }
  engine.tick()
  await new Promise((r) => setTimeout(r, 20))
  for (let i = 0; i < seconds * 10; i++) {
    clock += 100
    engine.tick()
    if (i % 50 === 0) await new Promise((r) => setImmediate(r))
  }
  await recorder.flush()
  return costs.sort((a, b) => a - b)
}

/** The stored bytes of a table's `data` column. */
async function bytes(handle: DatabaseHandle, table: string): Promise<number> {
  const res = await sql
    .raw<{ n: number }>(`SELECT COALESCE(SUM(LENGTH(data)), 0) AS n FROM ${table}`)
    .execute(handle.db)
  return Number(res.rows[0]?.n ?? 0)
}

/** The SQLite file with its write-ahead log. */
const fileSize = (file: string) =>
  statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0)

const kb = (n: number) => `${(n / 1024).toFixed(0).padStart(8)} KiB`
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1).padStart(7)} MiB`
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN

async function storage(agents: number, seconds: number): Promise<void> {
  const { handle, file } = await freshDb(`storage-${agents}`)
  const store = new HistoryStore(handle.db)
  const costs = await record(store, agents, seconds, NOW)
  const perHour = (n: number) => (n / seconds) * 3600
  const ticks = perHour(await bytes(handle, 'history_chunks'))
  const keys = perHour(
    (await bytes(handle, 'history_keyframes')) + (await bytes(handle, 'history_bases')),
  )
  const events = perHour(await bytes(handle, 'history_events'))
  const kept = ticks / 6 + (keys + events) * 24
  console.log(
    `${agents.toLocaleString('en').padStart(6)} agents (${seconds} s recorded): per hour of history` +
      ` every tick ${mb(ticks)}, keyframes ${mb(keys)}, events ${kb(events)};` +
      ` kept at steady state (10 min of ticks + 24 h of keyframes) ${mb(kept)}`,
  )
  console.log(
    `${''.padStart(6)}        recorder cost per tick: p50 ${pct(costs, 0.5).toFixed(3)} ms,` +
      ` p99 ${pct(costs, 0.99).toFixed(3)} ms, max ${costs[costs.length - 1]!.toFixed(2)} ms;` +
      ` SQLite file ${mb(fileSize(file))}`,
  )
  await handle.db.destroy()
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
}

/** 24 h of 146-agent keyframes: the recorded minute's keyframes and bases repeated back in time. */
async function fill(handle: DatabaseHandle, store: HistoryStore, recordedFrom: number) {
  const keyframes = await store.keyframesIn(recordedFrom - 1, NOW + HOUR)
  const bases = new Map<number, Uint8Array>()
  for (const k of keyframes) bases.set(k.base_t, (await store.base(k.base_t))!.data)
  const span = Math.ceil((keyframes.at(-1)!.t - keyframes[0]!.t) / 1000 + 1) * 1000
  const rowsK: { t: number; base_t: number; data: Buffer }[] = []
  const rowsB = new Map<number, Buffer>()
  for (let shift = span; shift < 24 * HOUR; shift += span) {
    for (const k of keyframes) {
      const baseT = k.base_t - shift
      rowsB.set(baseT, Buffer.from(bases.get(k.base_t)!))
      rowsK.push({ t: k.t - shift, base_t: baseT, data: Buffer.from(k.data) })
    }
  }
  await handle.db.transaction().execute(async (tx) => {
    for (let i = 0; i < rowsK.length; i += 500)
      await tx
        .insertInto('history_keyframes')
        .values(rowsK.slice(i, i + 500))
        .execute()
    const b = [...rowsB].map(([t, data]) => ({ t, data }))
    for (let i = 0; i < b.length; i += 500)
      await tx
        .insertInto('history_bases')
        .values(b.slice(i, i + 500))
        .execute()
  })
  return rowsK.length
}

async function seek(): Promise<void> {
  const { handle, file } = await freshDb('seek')
  const store = new HistoryStore(handle.db)
  const recordedFrom = NOW - 11 * 60_000
  let s = performance.now()
  await record(store, 146, 11 * 60, recordedFrom)
  const recordMs = performance.now() - s
  s = performance.now()
  const added = await fill(handle, store, recordedFrom)
  const info = await store.info()
  console.log(
    `seek: 11 min of 146-agent ticks recorded in ${(recordMs / 1000).toFixed(1)} s, ` +
      `${added.toLocaleString('en')} keyframes added in ${((performance.now() - s) / 1000).toFixed(1)} s ` +
      `(${((info.newest! - info.oldest!) / HOUR).toFixed(1)} h kept; SQLite file ${mb(fileSize(file))})`,
  )
  const newest = info.newest!
  for (const [label, back] of [
    ['1 min', 60_000],
    ['10 min', 10 * 60_000 - 5_000],
    ['12 h', 12 * HOUR],
    ['23 h', 23 * HOUR],
  ] as const) {
    const times: number[] = []
    let size = 0
    for (let i = 0; i < 40; i++) {
      const at = newest - back + Math.floor(Math.random() * 2000)
      const t0 = performance.now()
      await store.info()
      const body = await readMoment(store, at, 0)
      times.push(performance.now() - t0)
      size = body?.length ?? 0
    }
    times.sort((a, b) => a - b)
    console.log(
      `seek ${label.padEnd(6)} back: p50 ${pct(times, 0.5).toFixed(1).padStart(6)} ms, ` +
        `p95 ${pct(times, 0.95).toFixed(1).padStart(6)} ms (body ${kb(size)})`,
    )
  }
  await handle.db.destroy()
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
}

await storage(146, 120)
await storage(10_000, 20)
await seek()
