import { describe, expect, it } from 'vitest'
import { encodeHistoryRecords, parseHistoryRecords, toHistoryWindow } from '../feed/history'
import { MSG, encodeJsonFrame } from '../feed/protocol'
import { buffersToWire } from '../feed/wire'
import { testStore } from '../testing/storeSupport'
import { attachHistorySource, goLive, keepWhileBehind, openMoment } from './historyStore'
import { HistorySource } from './sources/historySource'
import { appendMessage } from './swarmStore'

const T0 = Date.now() - 60_000
const METRICS = {
  totalAgents: 4,
  activeAgents: 4,
  processingPower: 1,
  averageEfficiency: 90,
  networkLatency: 5,
  completedTasks: 42,
}

/** A store showing its local sim, with a history source whose recording is one keyframe at T0. */
function setUp() {
  const store = testStore({ seed: 2, count: 4 })
  const { agents } = buffersToWire(store.runtime.sim.buffers)
  const bytes = encodeHistoryRecords([
    {
      t: T0,
      frame: encodeJsonFrame(MSG.swarmState, {
        agents: agents.map((a) => ({ ...a, x: 7 })),
        metrics: METRICS,
        world: { width: 1600, height: 1000 },
      }),
    },
    {
      t: T0 - 1_000,
      frame: encodeJsonFrame(MSG.systemMessage, {
        id: 'k1',
        type: 'system',
        text: 'as it stood',
        timestamp: new Date(T0 - 1_000).toISOString(),
      }),
    },
  ])
  const src = attachHistorySource(
    store,
    new HistorySource({
      seed: 1,
      world: { width: 1600, height: 1000 },
      load: async (at, after) => toHistoryWindow(parseHistoryRecords(bytes), at + after)!,
      newest: () => Date.now(),
    }),
  )
  return { store, src }
}

const settled = () => new Promise((r) => setTimeout(r, 0))

describe('history store', () => {
  it('shows a moment paused with its own console, keeps the live lines aside, and goes live', async () => {
    const { store, src } = setUp()
    const before = store.runtime.source
    appendMessage(store, 'system', 'live line')
    openMoment(store, T0 + 500)
    expect(store.swarm.history.active).toBe(true)
    await settled()
    expect(store.runtime.source).toBe(src)
    expect(store.swarm.source).toBe('live')
    expect(store.display.buffers.x[0]).toBe(7)
    expect(store.swarm.metrics.completedTasks).toBe(42)
    expect(store.swarm.messages.map((m) => m.text)).toEqual(['as it stood'])
    expect(store.swarm.history.at).toBe(T0 + 500)
    expect(store.swarm.history.behindMs).toBeGreaterThan(59_000)
    // the live feed's lines meanwhile are kept for Go live
    expect(
      keepWhileBehind(store, {
        message: { id: 'l2', type: 'system', text: 'meanwhile', timestamp: '' },
      }),
    ).toBe(true)
    goLive(store)
    expect(store.swarm.history.active).toBe(false)
    expect(store.runtime.source).toBe(before) // no live feed here: back to the local sim
    expect(store.swarm.messages.map((m) => m.text)).toEqual(['live line', 'meanwhile'])
    expect(
      keepWhileBehind(store, { message: { id: 'l3', type: 'system', text: 'x', timestamp: '' } }),
    ).toBe(false)
  })

  it('a moment that cannot be fetched leaves the live swarm, with a notice', async () => {
    const store = testStore({ seed: 2, count: 4 })
    attachHistorySource(
      store,
      new HistorySource({
        seed: 1,
        world: { width: 1600, height: 1000 },
        load: () => Promise.reject(new Error('No history at that moment')),
        newest: () => Date.now(),
      }),
    )
    const before = store.runtime.source
    openMoment(store, T0)
    await settled()
    expect(store.swarm.history.active).toBe(false)
    expect(store.runtime.source).toBe(before)
    expect(store.swarm.history.notice).toMatch(/No history at that moment/)
  })
})
