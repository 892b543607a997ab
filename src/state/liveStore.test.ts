import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LiveFeedSource, type LiveSourceEvent } from './sources/liveSource'
import type { WireAgent } from '../feed/protocol'
import { buffersToWire } from '../feed/wire'
import { createSwarmSim } from '../sim'
import {
  DERIVED_SYNC_MS,
  attachLiveFeed,
  backToLive,
  frame,
  setSpeed,
  simulateLocally,
  stopSimulation,
  type SwarmStore,
} from './swarmStore'
import { testStore } from '../testing/storeSupport'

let store: SwarmStore
/** A store of its own for each test (src/testing/storeSupport.ts). */
const newStore = (o: Parameters<typeof testStore>[0]) => (store = testStore(o))

beforeEach(() => {
  newStore({ seed: 1, count: 146 })
})

afterEach(() => {
  stopSimulation(store)
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const texts = () => store.swarm.messages.map((m) => m.text)

describe('live feed source', () => {
  /** The feed's source as the App wires it: its questions answered by this store, its events acted on. */
  function attachedLive(): LiveFeedSource {
    const live: LiveFeedSource = new LiveFeedSource({
      seed: store.runtime.sim.seed,
      world: store.runtime.sim.world,
      isShown: () => store.runtime.source === live,
      isPaused: () => store.swarm.paused,
    })
    attachLiveFeed(store, live)
    return live
  }

  it('alone, it only emits events: the store changes once they are acted on', () => {
    const live = new LiveFeedSource({
      seed: 1,
      world: store.runtime.sim.world,
      isShown: () => false,
      isPaused: () => false,
    })
    const events: LiveSourceEvent[] = []
    live.events((e) => events.push(e))
    live.setSource('live')
    live.applyState(liveState(5))
    live.setActionText('Connection error')
    live.log('system', '[FEED] hello')
    live.setSource('sim')
    expect(events.map((e) => e.kind)).toEqual(['hold', 'state', 'hold', 'notice', 'log', 'lost'])
    expect(store.swarm.source).toBe('sim')
    expect(store.display.buffers).toBe(store.runtime.sim.buffers)
    expect(texts()).not.toContain('[FEED] hello')
  })

  it('?feed=live holds the local sim still until the first state, then lets go', () => {
    const live = attachedLive()
    live.setSource('live')
    expect(store.swarm.paused).toBe(true)
    live.applyState(liveState(5))
    expect(store.swarm.paused).toBe(false)
    expect(store.swarm.source).toBe('live')
  })

  function liveState(n: number): { agents: WireAgent[]; metrics: never; failingAgents: string[] } {
    const other = createSwarmSim({ seed: 77, count: n })
    const { agents, failingAgents } = buffersToWire(other.buffers)
    return { agents, metrics: { ...other.metrics } as never, failingAgents }
  }

  it('with a defer, its first state is shown when the deferred run comes, unless the feed was lost first', () => {
    const runs: (() => void)[] = []
    const later = (run: () => void) => {
      runs.push(run)
      return () => runs.splice(runs.indexOf(run), 1)
    }
    const live: LiveFeedSource = new LiveFeedSource({
      seed: store.runtime.sim.seed,
      world: store.runtime.sim.world,
      isShown: () => store.runtime.source === live,
      isPaused: () => store.swarm.paused,
    })
    attachLiveFeed(store, live, later)
    live.applyState(liveState(8))
    live.applyState(liveState(8))
    expect(store.swarm.source).toBe('sim')
    expect(store.swarm.liveAvailable).toBe(false) // still connecting, not a fork
    expect(runs).toHaveLength(1) // one switch asked for, however many states came meanwhile
    runs.shift()!()
    expect(store.swarm.source).toBe('live')
    expect(store.swarm.liveAvailable).toBe(true)
    expect(store.display.buffers.count).toBe(8)

    newStore({ seed: 1, count: 20 })
    const lost: LiveFeedSource = new LiveFeedSource({
      seed: 1,
      world: store.runtime.sim.world,
      isShown: () => store.runtime.source === lost,
      isPaused: () => store.swarm.paused,
    })
    attachLiveFeed(store, lost, later)
    lost.applyState(liveState(8))
    lost.setSource('sim') // lost before the switch ran
    runs.shift()?.()
    expect(store.swarm.source).toBe('sim')
    expect(store.display.buffers).toBe(store.runtime.sim.buffers)
  })

  it('its first state becomes the displayed swarm; the local sim stops stepping', () => {
    const live = attachedLive()
    const st = liveState(40)
    live.applyState(st)
    expect(store.swarm.source).toBe('live')
    expect(store.swarm.controllable).toBe(false)
    expect(store.display.buffers).not.toBe(store.runtime.sim.buffers)
    expect(store.display.buffers.count).toBe(40)
    expect(store.display.buffers.ids[0]).toBe(st.agents[0]!.id)
    expect(store.swarm.metrics.totalAgents).toBe(40)
    frame(store, 100)
    expect(store.runtime.sim.stepIndex).toBe(0)
  })

  it('errors mark the agent failing, with Error Rate from the displayed failing set; back to the local sim', () => {
    const live = attachedLive()
    const st = liveState(10)
    live.applyState(st)
    live.applyError({
      id: 'e1',
      errorCode: 'AGT-104',
      message: 'Checksum mismatch',
      timestamp: '2025-01-01T00:00:00.000Z',
      agentId: st.agents[4]!.id,
    })
    expect(texts()).toContain('[ERROR AGT-104] Checksum mismatch')
    frame(store, DERIVED_SYNC_MS)
    expect(store.swarm.failingAgents).toEqual([st.agents[4]!.id])
    expect(store.swarm.health.find((h) => h.name === 'Error Rate')?.value).toBe('10.00%')
    live.setSource('sim')
    expect(store.swarm.source).toBe('sim')
    expect(store.display.buffers).toBe(store.runtime.sim.buffers)
    expect(store.swarm.isActive).toBe(true)
  })

  it('§8 feed texts stay in the banner through panel syncs until the feed returns', () => {
    const live = attachedLive()
    live.applyState(liveState(10))
    live.setActionText('Connection error')
    expect(store.swarm.actionText).toBe('Connection error')
    live.setActionText('Connection to data feed lost')
    for (let k = 0; k < 10; k++) frame(store, DERIVED_SYNC_MS)
    expect(store.swarm.actionText).toBe('Connection to data feed lost')
    live.applyState(liveState(10)) // the feed is back: its first state
    expect(store.swarm.actionText).toBe('SWARM ANALYZING NETWORK PATTERNS')
  })

  it('"Simulate locally" forks the live swarm; "Back to live" shows the server\'s again', () => {
    const live = attachedLive()
    const st = liveState(12)
    live.applyState(st)
    live.applyError({
      id: 'e1',
      errorCode: 'AGT-101',
      message: 'x',
      timestamp: '2025-01-01T00:00:00.000Z',
      agentId: st.agents[2]!.id,
    })
    setSpeed(store, 9)
    expect(store.swarm.speed).toBe(5) // read-only while live
    simulateLocally(store)
    expect(store.swarm.source).toBe('sim')
    expect(store.swarm.controllable).toBe(true)
    expect(store.display.buffers.ids[2]).toBe(st.agents[2]!.id)
    expect(store.swarm.failingAgents).toEqual([st.agents[2]!.id])
    expect(store.display.buffers.x[5]).toBe(live.buffers.x[5])
    setSpeed(store, 9)
    frame(store, DERIVED_SYNC_MS)
    expect(store.swarm.speed).toBe(9)
    live.applyState(liveState(12)) // a new live state does not take the fork away
    expect(store.swarm.source).toBe('sim')
    backToLive(store)
    expect(store.swarm.source).toBe('live')
    expect(store.swarm.speed).toBe(5)
  })
})
