import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STEP_MS, bufferDigest, formatSnapshotTime, type Snapshot } from '../sim'
import { mutatedFile } from '../testing/snapshotSupport'
import { memoryStorage, setSnapshotStorage, toRecord } from './snapshotPersistence'
import {
  MAX_PERSISTED_SNAPSHOTS,
  clearSnapshots,
  deleteSnapshot,
  describeSnapshot,
  exitReplay,
  exportSnapshotsJson,
  frame,
  importSnapshotsJson,
  markFailing,
  pauseReplay,
  renameSnapshot,
  restoreSnapshot,
  restoreSnapshots,
  resumeReplay,
  scrubReplay,
  setReplaySpeed,
  startReplay,
  stepReplay,
  takeSnapshot,
  toggleReplayPause,
  type ReplaySpeed,
  type SwarmStore,
} from './swarmStore'
import { testStore } from '../testing/storeSupport'

let store: SwarmStore
/** A store of its own for each test (src/testing/storeSupport.ts). */
const newStore = (o: Parameters<typeof testStore>[0]) => (store = testStore(o))

let storage = memoryStorage()

/** Let the fire-and-forget persistence promises settle. */
const settle = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => {
  storage = memoryStorage()
  setSnapshotStorage(storage)
  const at = new Date(2025, 2, 3, 10, 20, 30).getTime()
  // Snapshots carry the wall-clock capture time (whatever the source): the test sets the clock.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(at)
  newStore({ seed: 11, count: 50, epochMs: at })
})

afterEach(() => {
  setSnapshotStorage(undefined)
  vi.useRealTimers()
})

/** `ms` of frames, with the wall clock moving as much. */
function later(ms: number) {
  frame(store, ms)
  vi.setSystemTime(Date.now() + ms)
}

const m = () => store.swarm.snapshots

/** n snapshots, one every 1 s of simulated time. */
function takeMany(n: number) {
  for (let k = 0; k < n; k++) {
    if (k > 0) later(1000)
    takeSnapshot(store)
  }
}

describe('take / list / rename / describe / delete', () => {
  it("take: default names 'Snapshot N', 'Captured at {time}', log line, 6-char ids", () => {
    const a = takeSnapshot(store)
    later(1000)
    const b = takeSnapshot(store)
    expect([a.name, b.name]).toEqual(['Snapshot 1', 'Snapshot 2'])
    expect(a.description).toBe(`Captured at ${formatSnapshotTime(a.timestamp)}`)
    expect(a.description).toBe('Captured at 10:20:30')
    expect(a.id).toMatch(/^[a-z0-9]{6}$/)
    expect(b.id).not.toBe(a.id)
    expect(m().snapshots.map((s) => s.id)).toEqual([a.id, b.id])
    expect(store.swarm.messages.map((x) => x.text)).toEqual([
      '[SNAPSHOT] Created snapshot "Snapshot 1" (50 agents, 0 failing)',
      '[SNAPSHOT] Created snapshot "Snapshot 2" (50 agents, 0 failing)',
    ])
  })

  it('captures agents, failing agents, metrics and messages, unaffected by later ticks', () => {
    markFailing(store, 3)
    const s = takeSnapshot(store, { name: '  before  ', description: ' notes ' })
    const digest = bufferDigest(store.display.buffers)
    for (let k = 0; k < 30; k++) frame(store, STEP_MS)
    expect(bufferDigest(s.agents)).toBe(digest)
    expect(bufferDigest(store.display.buffers)).not.toBe(digest)
    expect(s).toMatchObject({ name: 'before', description: 'notes' })
    expect(s.failingAgents).toEqual([store.display.buffers.ids[3]])
    expect(s.metrics.totalAgents).toBe(50)
  })

  it('rename (trimmed, empty refused), describe, delete', () => {
    const s = takeSnapshot(store)
    renameSnapshot(store, s.id, '  Peak load ')
    renameSnapshot(store, s.id, '   ')
    describeSnapshot(store, s.id, ' after the outage ')
    expect(m().snapshots[0]).toMatchObject({ name: 'Peak load', description: 'after the outage' })
    deleteSnapshot(store, s.id)
    expect(m().snapshots).toEqual([])
  })

  it('a delete can be undone: the snapshot comes back in its place, and into storage', async () => {
    takeMany(3)
    const second = m().snapshots[1]!
    const removed = deleteSnapshot(store, second.id)
    expect(removed?.snapshot.id).toBe(second.id)
    expect(deleteSnapshot(store, 'nope')).toBeNull()
    await settle()
    expect(storage.records.has(second.id)).toBe(false)
    restoreSnapshot(store, removed!)
    restoreSnapshot(store, removed!) // twice: still once
    expect(m().snapshots.map((x) => x.name)).toEqual(['Snapshot 1', 'Snapshot 2', 'Snapshot 3'])
    await settle()
    expect(storage.records.get(second.id)?.name).toBe('Snapshot 2')
    expect(takeSnapshot(store).name).toBe('Snapshot 4')
  })

  it('an undone delete goes back to its place among snapshots taken in the same millisecond', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000)
    takeMany(3)
    vi.restoreAllMocks()
    restoreSnapshot(store, deleteSnapshot(store, m().snapshots[1]!.id)!)
    expect(m().snapshots.map((x) => x.name)).toEqual(['Snapshot 1', 'Snapshot 2', 'Snapshot 3'])
    restoreSnapshot(store, deleteSnapshot(store, m().snapshots[0]!.id)!)
    expect(m().snapshots.map((x) => x.name)).toEqual(['Snapshot 1', 'Snapshot 2', 'Snapshot 3'])
  })

  it('numbers never repeat after a delete', () => {
    takeMany(3)
    deleteSnapshot(store, m().snapshots[0]!.id)
    expect(takeSnapshot(store).name).toBe('Snapshot 4')
  })

  it(`keeps at most ${MAX_PERSISTED_SNAPSHOTS}, dropping the oldest`, () => {
    takeMany(25)
    expect(m().snapshots).toHaveLength(20)
    expect(m().snapshots[0]!.name).toBe('Snapshot 6')
    expect(m().snapshots.at(-1)!.name).toBe('Snapshot 25')
    expect(takeSnapshot(store).name).toBe('Snapshot 26')
  })
})

describe('replay', () => {
  beforeEach(() => takeMany(4))

  it('shows the snapshot while the live sim is paused; exit resumes live', () => {
    const step = store.runtime.sim.stepIndex
    startReplay(store, 1)
    const shown = m().snapshots[1]!
    expect(m()).toMatchObject({
      isReplaying: true,
      currentReplayIndex: 1,
      activeSnapshotId: shown.id,
    })
    expect(m().showReplayControls).toBe(true)
    expect(bufferDigest(store.display.buffers)).toBe(bufferDigest(shown.agents))
    expect(store.display.buffers).not.toBe(store.runtime.sim.buffers)
    expect(store.display.links.count).toBeGreaterThan(0)
    pauseReplay(store)
    for (let k = 0; k < 10; k++) frame(store, 100)
    expect(store.runtime.sim.stepIndex).toBe(step)
    exitReplay(store)
    expect(m()).toMatchObject({ isReplaying: false, activeSnapshotId: null })
    expect(store.display.buffers).toBe(store.runtime.sim.buffers)
    frame(store, STEP_MS)
    expect(store.runtime.sim.stepIndex).toBe(step + 1)
  })

  it.each<[ReplaySpeed, number, number]>([
    // speed, ms of frames, index reached from 0
    [0.5, 1990, 0],
    [0.5, 2010, 1],
    [1, 990, 0],
    [1, 1010, 1],
    [2, 510, 1],
    [2, 1010, 2],
    [4, 260, 1],
    [4, 760, 3],
  ])('at %s× after %s ms: snapshot %s', (speed, ms, index) => {
    setReplaySpeed(store, speed)
    startReplay(store, 0)
    for (let t = 0; t < ms; t += 10) frame(store, 10)
    expect(m().currentReplayIndex).toBe(index)
  })

  it('stops (paused) at the last snapshot; resuming there starts over', () => {
    setReplaySpeed(store, 4)
    startReplay(store, 2)
    for (let k = 0; k < 10; k++) frame(store, 250)
    expect(m()).toMatchObject({ currentReplayIndex: 3, isReplayPaused: true })
    toggleReplayPause(store)
    expect(m()).toMatchObject({ currentReplayIndex: 0, isReplayPaused: false })
  })

  it('pause holds the frame; resume continues', () => {
    startReplay(store, 0)
    pauseReplay(store)
    frame(store, 5000)
    expect(m().currentReplayIndex).toBe(0)
    resumeReplay(store)
    frame(store, 1000)
    expect(m().currentReplayIndex).toBe(1)
  })

  it('ignores speeds other than 0.5/1/2/4', () => {
    setReplaySpeed(store, 3 as ReplaySpeed)
    expect(m().replaySpeed).toBe(1)
  })

  it.each([
    // start index, steps, expected index
    [1, [1], 2],
    [1, [-1], 0],
    [0, [-1], 0],
    [3, [1], 3],
    [0, [1, 1, -1], 1],
  ])('step from %s by %j → %s (and pause)', (start, steps, expected) => {
    startReplay(store, start)
    for (const d of steps) stepReplay(store, d)
    expect(m()).toMatchObject({ currentReplayIndex: expected, isReplayPaused: true })
  })

  it('step outside replay opens the first (forward) or the last (back) snapshot', () => {
    stepReplay(store, 1)
    expect(m()).toMatchObject({ isReplaying: true, currentReplayIndex: 0 })
    exitReplay(store)
    stepReplay(store, -1)
    expect(m().currentReplayIndex).toBe(3)
  })

  it.each([
    [2, 2],
    [99, 3],
    [-5, 0],
  ])('scrub to %s → %s', (to, index) => {
    scrubReplay(store, to)
    expect(m().currentReplayIndex).toBe(index)
    expect(store.swarm.snapshots.activeSnapshotId).toBe(m().snapshots[index]!.id)
  })

  it('deleting while replaying keeps showing a snapshot; deleting the last one exits', () => {
    startReplay(store, 2)
    const shown = m().activeSnapshotId
    deleteSnapshot(store, m().snapshots[0]!.id)
    expect(m()).toMatchObject({ currentReplayIndex: 1, activeSnapshotId: shown })
    deleteSnapshot(store, shown!)
    expect(m().activeSnapshotId).toBe(m().snapshots[1]!.id)
    clearSnapshots(store)
    expect(m().isReplaying).toBe(false)
    expect(store.display.buffers).toBe(store.runtime.sim.buffers)
  })

  it("replay shows the snapshot's figures and keeps them while the store syncs", () => {
    markFailing(store, 0)
    const s = takeSnapshot(store)
    exitReplay(store)
    startReplay(store, m().snapshots.length - 1)
    expect(store.swarm.failingAgents).toEqual(s.failingAgents)
    store.runtime.sim.recoverAgent(0)
    for (let k = 0; k < 5; k++) frame(store, 100)
    expect(store.swarm.failingCount).toBe(1)
    exitReplay(store)
    expect(store.swarm.failingCount).toBe(0)
  })
})

describe('export / import', () => {
  it('round-trips through JSON', async () => {
    takeMany(3)
    renameSnapshot(store, m().snapshots[1]!.id, 'middle')
    const digests = m().snapshots.map((s) => bufferDigest(s.agents))
    const json = exportSnapshotsJson(store, '2025-03-03T10:00:00.000Z')
    clearSnapshots(store)
    expect(await importSnapshotsJson(store, json)).toEqual({ ok: true, count: 3 })
    expect(m().snapshots.map((s) => bufferDigest(s.agents))).toEqual(digests)
    expect(m().snapshots[1]!.name).toBe('middle')
    expect(m().importError).toBeNull()
  })

  it('a bad file changes nothing and sets a clear error', async () => {
    takeMany(2)
    const before = m().snapshots.map((s) => s.id)
    const r = await importSnapshotsJson(
      store,
      '{"format":"vpos-swarm-snapshots","version":1,"snapshots":[{}]}',
    )
    expect(r.ok).toBe(false)
    expect(m().importError).toMatch(/^Invalid snapshot file: snapshots\.0\.id: /)
    expect(m().snapshots.map((s) => s.id)).toEqual(before)
    expect(await importSnapshotsJson(store, 'nope')).toEqual({
      ok: false,
      error: 'Invalid snapshot file: not valid JSON',
    })
  })

  it('an id already present gets a fresh one; the list cap applies to imports', async () => {
    takeMany(2)
    const json = exportSnapshotsJson(store)
    expect(await importSnapshotsJson(store, json)).toEqual({ ok: true, count: 2 })
    const ids = m().snapshots.map((s) => s.id)
    expect(new Set(ids).size).toBe(4)
    for (let k = 0; k < 10; k++) await importSnapshotsJson(store, json)
    expect(m().snapshots).toHaveLength(MAX_PERSISTED_SNAPSHOTS)
  })
})

describe('persistence (storage interface)', () => {
  it('take, rename and delete reach the storage; the cap applies there too', async () => {
    const s = takeSnapshot(store)
    await settle()
    expect([...storage.records.keys()]).toEqual([s.id])
    renameSnapshot(store, s.id, 'kept')
    await settle()
    expect(storage.records.get(s.id)?.name).toBe('kept')
    deleteSnapshot(store, s.id)
    await settle()
    expect(storage.records.size).toBe(0)
    takeMany(22)
    for (let k = 0; k < 5; k++) await settle()
    expect(storage.records.size).toBe(MAX_PERSISTED_SNAPSHOTS)
  })

  it('restoreSnapshots loads what a previous page saved, in capture order', async () => {
    takeMany(3)
    await settle()
    const ids = m().snapshots.map((s) => s.id)
    const digests = m().snapshots.map((s) => bufferDigest(s.agents))
    newStore({ seed: 11, count: 50 })
    expect(m().snapshots).toEqual([])
    expect(await restoreSnapshots(store)).toBe(3)
    expect(m().snapshots.map((s) => s.id)).toEqual(ids)
    expect(m().snapshots.map((s) => bufferDigest(s.agents))).toEqual(digests)
    expect(await restoreSnapshots(store)).toBe(0)
    expect(takeSnapshot(store).name).toBe('Snapshot 4')
  })

  it('a storage that refuses everything never breaks snapshots', async () => {
    const fail = () => Promise.reject(new Error('QuotaExceededError'))
    setSnapshotStorage({ getAll: fail, idsByAge: fail, put: fail, delete: fail, clear: fail })
    const s = takeSnapshot(store)
    renameSnapshot(store, s.id, 'x')
    await settle()
    expect(await restoreSnapshots(store)).toBe(0)
    expect(m().snapshots).toHaveLength(1)
  })
})

describe('links of a replayed or imported snapshot (§9)', () => {
  /** Every displayed link: shorter than 120 units, at most `connections` per agent. */
  function expectLinksObeySpec() {
    const { links, buffers: b } = store.display
    expect(links.count).toBeGreaterThan(0)
    const per = new Map<number, number>()
    for (let k = 0; k < links.count; k++) {
      const i = links.a[k]!
      const j = links.b[k]!
      expect(i).toBeLessThan(b.count)
      expect(j).toBeLessThan(b.count)
      expect(Math.hypot(b.x[i]! - b.x[j]!, b.y[i]! - b.y[j]!)).toBeLessThan(120)
      per.set(i, (per.get(i) ?? 0) + 1)
    }
    // a link is kept once per pair, by the agent that picked it: at most its own budget
    for (const [i, n] of per) expect(n).toBeLessThanOrEqual(Math.min(b.connections[i]!, 7))
  }

  it('a replayed snapshot, while the swarm it was taken from keeps moving', () => {
    takeSnapshot(store)
    for (let k = 0; k < 120; k++) frame(store, STEP_MS)
    takeSnapshot(store)
    startReplay(store, 0)
    expectLinksObeySpec()
    for (let k = 0; k < 90; k++) frame(store, STEP_MS) // replay advances to the second one
    expect(m().currentReplayIndex).toBe(1)
    expectLinksObeySpec()
  })

  it('an imported snapshot whose agents are scattered anywhere in its world', async () => {
    const s = takeSnapshot(store)
    const file = JSON.parse(exportSnapshotsJson(store, '2025-03-03T10:00:00.000Z')) as {
      snapshots: { id: string; agents: { x: number; y: number; connections: number }[] }[]
    }
    const snap = file.snapshots[0]!
    snap.id = 'zzzzzz'
    snap.agents.forEach((a, i) => {
      a.x = (i * 397) % 1600
      a.y = (i * 211) % 1000
      a.connections = 7
    })
    expect(await importSnapshotsJson(store, JSON.stringify(file))).toEqual({ ok: true, count: 1 })
    const k = m().snapshots.findIndex((x) => x.id !== s.id)
    startReplay(store, k)
    expectLinksObeySpec()
  })
})

describe('numbers out of range (issue 29)', () => {
  /** Replay every listed snapshot for a few frames each; throws what replay throws. */
  function replayAll() {
    for (let k = 0; k < m().snapshots.length; k++) {
      scrubReplay(store, k)
      for (let f = 0; f < 3; f++) frame(store, STEP_MS)
    }
    exitReplay(store)
  }

  it('replaying whatever import accepts never throws (property)', async () => {
    takeSnapshot(store)
    const file = JSON.parse(exportSnapshotsJson(store, '2025-03-03T10:00:00.000Z'))
    clearSnapshots(store)
    await fc.assert(
      fc.asyncProperty(mutatedFile(file), async (text) => {
        clearSnapshots(store)
        const r = await importSnapshotsJson(store, text)
        if (!r.ok) {
          expect(m().snapshots).toEqual([])
          return
        }
        expect(m().snapshots).toHaveLength(1)
        replayAll()
      }),
      { seed: 29, numRuns: 150 },
    )
  })

  it('a file with x: 1e308 is refused whole, with the field and its range', async () => {
    takeMany(2)
    const before = m().snapshots.map((s) => s.id)
    const file = JSON.parse(exportSnapshotsJson(store, '2025-03-03T10:00:00.000Z'))
    file.snapshots[1].agents[12].x = 1e308
    expect(await importSnapshotsJson(store, JSON.stringify(file))).toEqual({
      ok: false,
      error:
        'Invalid snapshot file: snapshots.1.agents.12.x: must be between -1,000 and 2,600 (it is 1e+308)',
    })
    expect(m().importError).toContain('agents.12.x: must be between')
    expect(m().snapshots.map((s) => s.id)).toEqual(before)
  })

  it.each<[string, (s: Snapshot) => void, string]>([
    ['a world 1e308 wide', (s) => (s.world.width = 1e308), 'world.width: must be between'],
    [
      'x 1e308 (Infinity as float32)',
      (s) => (s.agents.x[5] = 1e308),
      'agents.5.x: must be between',
    ],
    [
      'lastActiveTime 1e308',
      (s) => (s.agents.lastActiveTime[0] = 1e308),
      'agents.0.lastActiveTime',
    ],
  ])(
    'a stored snapshot from before the fix with %s is dropped on reload, named in the console',
    async (_label, damage, reason) => {
      takeSnapshot(store, { name: 'kept' })
      const taken = takeSnapshot(store, { name: 'imported' })
      deleteSnapshot(store, taken.id)
      // what IndexedDB kept of a file imported before the fix
      const bad = toRecord({ ...taken, agents: structuredClone(taken.agents) })
      damage(bad)
      await settle()
      storage.records.set(bad.id, bad)
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      newStore({ seed: 11, count: 50 })
      expect(await restoreSnapshots(store)).toBe(1)
      expect(m().snapshots.map((s) => s.name)).toEqual(['kept'])
      expect([...storage.records.values()].map((s) => s.name)).toEqual(['kept'])
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(reason))
      warn.mockRestore()
      const line = store.swarm.messages.find((x) => x.type === 'alert')
      expect(line?.text).toMatch(/^\[SNAPSHOT\] Dropped stored snapshot "imported": /)
      expect(line?.text).toContain(reason)
      expect(() => replayAll()).not.toThrow()
    },
  )
})
