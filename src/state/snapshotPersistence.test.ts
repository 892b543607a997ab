import { afterEach, describe, expect, it, vi } from 'vitest'
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

afterEach(() => {
  setSnapshotStorage(undefined)
  vi.restoreAllMocks()
})

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
    vi.spyOn(console, 'warn').mockImplementation(() => {})
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

  it.each<[string, (s: Snapshot) => void, string]>([
    [
      'a world 1e308 wide',
      (s) => (s.world.width = 1e308),
      'world.width: must be between 1 and 150,000 (it is 1e+308)',
    ],
    ['a world 0 high', (s) => (s.world.height = 0), 'world.height: must be between 1 and 150,000'],
    [
      'a timestamp past any Date',
      (s) => (s.timestamp = 1e308),
      'timestamp: must be between 0 and 8,640,000,000,000,000',
    ],
    ['efficiency 1e308', (s) => (s.efficiency = 1e308), 'efficiency: must be between 0 and 100'],
    [
      'a metric missing',
      (s) => delete (s.metrics as Partial<Snapshot['metrics']>).completedTasks,
      'metrics.completedTasks: must be between 0 and 9,007,199,254,740,991 (it is undefined)',
    ],
    [
      'a metric NaN',
      (s) => (s.metrics.networkLatency = NaN),
      'metrics.networkLatency: must be between 0 and 1,000,000 (it is NaN)',
    ],
    [
      'x 1e308 (Infinity as float32)',
      (s) => (s.agents.x[3] = 1e308),
      'agents.3.x: must be between -1,000 and 2,600 (it is Infinity)',
    ],
    [
      'y -1e308',
      (s) => (s.agents.y[7] = -1e308),
      'agents.7.y: must be between -1,000 and 2,000 (it is -Infinity)',
    ],
    [
      'x NaN',
      (s) => (s.agents.x[0] = NaN),
      'agents.0.x: must be between -1,000 and 2,600 (it is NaN)',
    ],
    [
      'a target off the map',
      (s) => (s.agents.targetY[2] = 5000),
      'agents.2.target.y: must be between -1,000 and 2,000 (it is 5000)',
    ],
    ['size 1e30', (s) => (s.agents.size[1] = 1e30), 'agents.1.size: must be between 0 and 20'],
    [
      'speedX 1e308',
      (s) => (s.agents.speedX[1] = 1e308),
      'agents.1.speedX: must be between -10 and 10',
    ],
    [
      'speedY -11',
      (s) => (s.agents.speedY[1] = -11),
      'agents.1.speedY: must be between -10 and 10 (it is -11)',
    ],
    [
      'processingPower',
      (s) => (s.agents.processingPower[1] = 1e9),
      'agents.1.processingPower: must be between 0 and 100',
    ],
    [
      'efficiency',
      (s) => (s.agents.efficiency[1] = -1),
      'agents.1.efficiency: must be between 0 and 100 (it is -1)',
    ],
    [
      'nine connections',
      (s) => (s.agents.connections[1] = 9),
      'agents.1.connections: must be between 0 and 7 (it is 9)',
    ],
    [
      'lastActiveTime 1e308',
      (s) => (s.agents.lastActiveTime[1] = 1e308),
      'agents.1.lastActiveTime: must be between 0 and 8,640,000,000,000,000 (it is 1e+308)',
    ],
    [
      'energy 101',
      (s) => (s.agents.energy[1] = 101),
      'agents.1.energyLevel: must be between 0 and 100 (it is 101)',
    ],
    [
      'pulseRate 1e308',
      (s) => (s.agents.pulseRate[1] = 1e308),
      'agents.1.pulseRate: must be between 0 and 10',
    ],
    [
      'a colour of 25 bits',
      (s) => (s.agents.color[1] = 0x1000000),
      'agents.1.color: must be between 0 and 16,777,215',
    ],
    [
      'an unknown mode',
      (s) => (s.agents.mode[1] = 4),
      'agents.1.mode: must be between 0 and 3 (it is 4)',
    ],
    [
      'an unknown type',
      (s) => (s.agents.type[1] = 5),
      'agents.1.type: must be between 0 and 4 (it is 5)',
    ],
    [
      'an unknown status',
      (s) => (s.agents.status[1] = 4),
      'agents.1.status: must be between 0 and 3 (it is 4)',
    ],
    [
      'an unknown flag',
      (s) => (s.agents.flags[1] = 4),
      'agents.1.flags: must be between 0 and 3 (it is 4)',
    ],
  ])('drops (and deletes) a stored snapshot with %s, saying why', async (_l, damage, reason) => {
    const storage = memoryStorage()
    setSnapshotStorage(storage)
    await saveSnapshot(snap('good', 1))
    // in the shape of a Snapshot, but for one number: what an import could keep before
    // RELIABILITY.md §12, finding 7
    const bad = toRecord(snap('bad', 2))
    bad.agents = structuredClone(bad.agents)
    damage(bad)
    storage.records.set('bad', bad)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const dropped: unknown[] = []
    expect((await loadSnapshots((d) => dropped.push(d))).map((s) => s.id)).toEqual(['good'])
    expect(dropped).toEqual([
      { id: 'bad', name: 'Snapshot 2', reason: expect.stringContaining(reason) },
    ])
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Dropped stored snapshot bad \("Snapshot 2"\): /),
    )
    warn.mockRestore()
    expect([...storage.records.keys()]).toEqual(['good'])
  })

  it('keeps a stored snapshot whose numbers are on the edges of their ranges', async () => {
    const storage = memoryStorage()
    setSnapshotStorage(storage)
    const s = toRecord(snap('edge', 1))
    s.agents = structuredClone(s.agents)
    s.agents.x[0] = -1000
    s.agents.targetY[0] = 2000
    s.agents.size[0] = 20
    s.agents.color[0] = 0xffffff
    s.agents.lastActiveTime[0] = 8.64e15
    s.metrics.completedTasks = Number.MAX_SAFE_INTEGER
    storage.records.set('edge', s)
    expect((await loadSnapshots()).map((r) => r.id)).toEqual(['edge'])
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
