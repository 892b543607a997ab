import { describe, expect, it } from 'vitest'
import { createRng } from '../../sim/random'
import {
  DISK_MAX,
  DISK_MIN,
  QUERY_CAP,
  createDatabaseState,
  diskTone,
  driftDisk,
  formatAge,
  formatBytes,
  refreshDatabaseState,
  rollStatus,
  statusFromRoll,
} from './databaseData'
import { Scripted } from '../../testing/scriptedRng'

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0)

describe('overall status roll (online 85%, syncing 10%, error 5%)', () => {
  it.each([
    [0, 'online'],
    [0.8499, 'online'],
    [0.85, 'syncing'],
    [0.9499, 'syncing'],
    [0.95, 'error'],
    [0.9999, 'error'],
  ])('roll %f -> %s', (roll, status) => {
    expect(statusFromRoll(roll)).toBe(status)
    expect(rollStatus(new Scripted([roll]))).toBe(status)
  })

  it('matches the 85/10/5 split over many seeded rolls', () => {
    const rng = createRng(42)
    const n = 20_000
    const counts = { online: 0, syncing: 0, error: 0 }
    for (let i = 0; i < n; i++) counts[rollStatus(rng)]++
    expect(counts.online / n).toBeCloseTo(0.85, 1)
    expect(counts.syncing / n).toBeCloseTo(0.1, 1)
    expect(counts.error / n).toBeCloseTo(0.05, 1)
  })
})

describe('disk usage drift', () => {
  it.each([
    [70, 0.5, 70],
    [70, 1, 74],
    [70, 0, 66],
    [94, 1, DISK_MAX],
    [51, 0, DISK_MIN],
    [50, 0.75, 52],
  ])('from %f with roll %f -> %f', (from, roll, to) => {
    expect(driftDisk(from, new Scripted([roll]))).toBeCloseTo(to, 5)
  })

  it('stays within 50..95 over a long seeded walk', () => {
    const rng = createRng(7)
    let d = 72
    for (let i = 0; i < 5000; i++) {
      d = driftDisk(d, rng)
      expect(d).toBeGreaterThanOrEqual(DISK_MIN)
      expect(d).toBeLessThanOrEqual(DISK_MAX)
    }
  })
})

describe('disk bar colour (>85 red, >70 yellow)', () => {
  it.each([
    [50, 'green'],
    [70, 'green'],
    [70.1, 'yellow'],
    [85, 'yellow'],
    [85.1, 'red'],
    [95, 'red'],
  ])('%f%% -> %s', (pct, tone) => {
    expect(diskTone(pct)).toBe(tone)
  })
})

describe('formats', () => {
  it.each([
    [512 * 1024 ** 2, '512 MB'],
    [1.5 * 1024 ** 3, '1.50 GB'],
    [2.1 * 1024 ** 4, '2.10 TB'],
  ])('bytes %d -> %s', (b, text) => {
    expect(formatBytes(b)).toBe(text)
  })

  it.each([
    [NOW - 5 * 60_000, '5m ago'],
    [NOW - 3 * 3600_000, '3h ago'],
    [NOW - 72 * 3600_000, '3d ago'],
    [NOW + 1000, '0m ago'],
  ])('age of %d -> %s', (t, text) => {
    expect(formatAge(t, NOW)).toBe(text)
  })
})

describe('demo state', () => {
  it('is deterministic for a seed and well-formed', () => {
    const a = createDatabaseState(createRng(3), NOW)
    const b = createDatabaseState(createRng(3), NOW)
    expect(a).toEqual(b)
    expect(a.databases).toHaveLength(6)
    expect(new Set(a.databases.map((d) => d.type))).toEqual(
      new Set(['TimeSeries', 'Document', 'Graph', 'Ledger']),
    )
    expect(a.shards).toHaveLength(8)
    for (const s of a.shards) expect(a.databases.map((d) => d.name)).toContain(s.database)
    expect(a.queries).toHaveLength(QUERY_CAP)
    expect(new Set(a.queries.map((q) => q.id)).size).toBe(QUERY_CAP)
    for (let i = 1; i < a.queries.length; i++)
      expect(a.queries[i]!.timestamp).toBeLessThan(a.queries[i - 1]!.timestamp)
  })

  it('a refresh re-rolls the status, drifts the disk and logs one new query on top', () => {
    const s0 = createDatabaseState(createRng(3), NOW)
    const rng = createRng(99)
    const s1 = refreshDatabaseState(s0, rng, NOW + 15_000)
    expect(s1.refreshedAt).toBe(NOW + 15_000)
    expect(Math.abs(s1.diskUsage - s0.diskUsage)).toBeLessThanOrEqual(4)
    expect(s1.queries).toHaveLength(QUERY_CAP)
    expect(s1.queries[0]!.timestamp).toBe(NOW + 15_000)
    expect(s1.queries[0]!.id).toBe(`q-${s0.querySeq + 1}`)
    expect(s1.querySeq).toBe(s0.querySeq + 1)
    expect(s1.queries.slice(1)).toEqual(s0.queries.slice(0, QUERY_CAP - 1))
    expect(s1.databases).toBe(s0.databases)
    expect(s1.shards).toBe(s0.shards)
  })
})
