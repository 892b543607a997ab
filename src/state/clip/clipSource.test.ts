import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testStore } from '../../testing/storeSupport'
import { memoryStorage, setSnapshotStorage } from '../snapshotPersistence'
import { frame, pauseReplay, startReplay, takeSnapshot, type SwarmStore } from '../swarmStore'
import { replayClipSource } from './clipSource'

let store: SwarmStore

beforeEach(() => {
  setSnapshotStorage(memoryStorage())
  store = testStore({ seed: 11, count: 40 })
  for (let i = 0; i < 3; i++) {
    takeSnapshot(store, { name: `S${i}` })
    frame(store, 500)
  }
})

afterEach(() => setSnapshotStorage(undefined))

const shown = () => store.swarm.snapshots.activeSnapshotId
const ids = () => store.swarm.snapshots.snapshots.map((s) => s.id)

describe('replayClipSource', () => {
  it('is one second per snapshot, as replay at 1× shows them', () => {
    const src = replayClipSource(store)
    expect(src.label).toBe('Replay')
    expect(src.durationMs).toBe(3000)
    expect(src.initialMs).toBe(0)
    expect([0, 999, 1000, 2500, 3000].map((t) => src.describe(t))).toEqual([
      'S0',
      'S0',
      'S1',
      'S2',
      'S2',
    ])
  })

  it('starts where a running replay stands', () => {
    startReplay(store, 2)
    expect(replayClipSource(store).initialMs).toBe(2000)
  })

  it('seek(t) puts the snapshot of moment t on the displayed source', async () => {
    const src = replayClipSource(store)
    const restore = src.hold()
    expect(store.runtime.source.kind).toBe('replay')
    expect(store.swarm.snapshots.isReplayPaused).toBe(true)
    for (const [t, k] of [
      [0, 0],
      [1500, 1],
      [2999, 2],
      [3000, 2],
      [400, 0],
    ] as const) {
      await src.seek(t)
      expect(shown()).toBe(ids()[k])
      expect(store.display.buffers).toBe(store.runtime.source.buffers)
    }
    // a held replay does not move on by itself
    frame(store, 5000)
    expect(shown()).toBe(ids()[0])
    restore()
  })

  it('puts back the view it took: live when no replay ran', async () => {
    const src = replayClipSource(store)
    const restore = src.hold()
    await src.seek(2500)
    restore()
    expect(store.swarm.snapshots.isReplaying).toBe(false)
    expect(store.runtime.source).toBe(store.runtime.local)
  })

  it('puts back the view it took: the replay at its snapshot, playing or paused as it was', async () => {
    startReplay(store, 1)
    const playing = replayClipSource(store)
    let restore = playing.hold()
    await playing.seek(0)
    restore()
    expect(shown()).toBe(ids()[1])
    expect(store.swarm.snapshots.isReplayPaused).toBe(false)

    pauseReplay(store)
    const paused = replayClipSource(store)
    restore = paused.hold()
    await paused.seek(2900)
    restore()
    expect(shown()).toBe(ids()[1])
    expect(store.swarm.snapshots.isReplayPaused).toBe(true)
  })
})
