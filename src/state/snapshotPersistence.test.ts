import { afterEach, describe, expect, it } from 'vitest'
import { createSnapshot, createSwarmSim, type Snapshot } from '../sim'
import {
  MAX_PERSISTED_SNAPSHOTS,
  clearSnapshotRecords,
  deleteSnapshotRecord,
  isSnapshotRecord,
  loadSnapshots,
  memoryStorage,
  saveSnapshot,
  setSnapshotStorage,
  toRecord,
} from './snapshotPersistence'

const sim = createSwarmSim({ seed: 1, count: 8 })

function snap(id: string, timestamp: number): Snapshot {
  return createSnapshot({
    id,
    timestamp,
    name: `Snapshot ${timestamp}`,
    world: sim.world,
    efficiency: 97.3,
    buffers: sim.buffers,
    metrics: sim.metrics,
    failingAgents: [],
    messages: [{ id: 'm', type: 'system', text: 'x', timestamp: 't' }],
  })
}

afterEach(() => setSnapshotStorage(undefined))

describe('snapshot persistence', () => {
  it('without a storage (Node) every call is a quiet no-op', async () => {
    setSnapshotStorage(null)
    expect(await saveSnapshot(snap('a', 1))).toBe(false)
    expect(await loadSnapshots()).toEqual([])
    await deleteSnapshotRecord('a')
    await clearSnapshotRecords()
  })

  it('the default storage in Node is none (no IndexedDB)', async () => {
    expect(typeof indexedDB).toBe('undefined')
    expect(await saveSnapshot(snap('a', 1))).toBe(false)
  })

  it('saves, replaces, loads oldest first, deletes, clears', async () => {
    const storage = memoryStorage()
    setSnapshotStorage(storage)
    await saveSnapshot(snap('b', 20))
    await saveSnapshot(snap('a', 10))
    await saveSnapshot({ ...snap('b', 20), name: 'renamed' })
    const loaded = await loadSnapshots()
    expect(loaded.map((s) => [s.id, s.name])).toEqual([
      ['a', 'Snapshot 10'],
      ['b', 'renamed'],
    ])
    expect(loaded[0]!.agents.x).toBeInstanceOf(Float32Array)
    await deleteSnapshotRecord('a')
    expect((await loadSnapshots()).map((s) => s.id)).toEqual(['b'])
    await clearSnapshotRecords()
    expect(await loadSnapshots()).toEqual([])
  })

  it(`keeps at most ${MAX_PERSISTED_SNAPSHOTS}: saving one more deletes the oldest`, async () => {
    const storage = memoryStorage()
    setSnapshotStorage(storage)
    for (let k = 0; k < 23; k++) await saveSnapshot(snap(`s${k}`, 1000 - k))
    const kept = await loadSnapshots()
    expect(kept).toHaveLength(20)
    // the oldest by capture time went (s22, s21, s20 have the smallest timestamps)
    expect(kept.map((s) => s.id)).not.toContain('s22')
    expect(kept.map((s) => s.id)).toContain('s0')
  })

  it('trims by the capture-time index: a save never reads the stored snapshots back', async () => {
    const storage = memoryStorage()
    let reads = 0
    setSnapshotStorage({ ...storage, getAll: () => (reads++, storage.getAll()) })
    for (let k = 0; k < 23; k++) await saveSnapshot(snap(`s${k}`, 1000 - k))
    expect(reads).toBe(0)
    expect(storage.records.size).toBe(MAX_PERSISTED_SNAPSHOTS)
    expect([...storage.records.keys()]).not.toContain('s22')
  })

  it('a storage that cannot list its ids still saves (trimmed by a later save)', async () => {
    const storage = memoryStorage()
    setSnapshotStorage({ ...storage, idsByAge: () => Promise.reject(new Error('denied')) })
    expect(await saveSnapshot(snap('a', 1))).toBe(true)
    expect([...storage.records.keys()]).toEqual(['a'])
  })

  it('skips and deletes records that are not snapshots (old versions, damage)', async () => {
    const storage = memoryStorage()
    setSnapshotStorage(storage)
    await saveSnapshot(snap('good', 1))
    const broken = toRecord(snap('broken', 2))
    ;(broken.agents as { x: unknown }).x = [1, 2, 3]
    storage.records.set('broken', broken)
    storage.records.set('junk', { id: 'junk' } as unknown as Snapshot)
    expect((await loadSnapshots()).map((s) => s.id)).toEqual(['good'])
    expect([...storage.records.keys()]).toEqual(['good'])
  })

  it.each<[string, (r: Record<string, unknown>) => void]>([
    ['no id', (r) => delete r.id],
    ['text timestamp', (r) => (r.timestamp = 'today')],
    ['no world', (r) => delete r.world],
    ['count above capacity', (r) => ((r.agents as { count: number }).count = 99)],
    ['missing energy', (r) => delete (r.agents as Record<string, unknown>).energy],
    ['messages not a list', (r) => (r.messages = 'x')],
  ])('isSnapshotRecord rejects %s', (_l, damage) => {
    const r = toRecord(snap('x', 1)) as unknown as Record<string, unknown>
    expect(isSnapshotRecord(r)).toBe(true)
    r.agents = { ...(r.agents as object) }
    damage(r)
    expect(isSnapshotRecord(r)).toBe(false)
  })

  it('a refusing storage resolves false instead of throwing', async () => {
    const fail = () => Promise.reject(new Error('denied'))
    setSnapshotStorage({ getAll: fail, idsByAge: fail, put: fail, delete: fail, clear: fail })
    expect(await saveSnapshot(snap('a', 1))).toBe(false)
    expect(await loadSnapshots()).toEqual([])
    await expect(deleteSnapshotRecord('a')).resolves.toBeUndefined()
    await expect(clearSnapshotRecords()).resolves.toBeUndefined()
  })
})
