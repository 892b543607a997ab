import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LocalSimSource } from './sources/localSimSource'
import { STEP_MS, toAgent } from '../sim'
import {
  DERIVED_SYNC_MS,
  LINK_EVERY_LARGE,
  advanceSimulation,
  agentById,
  frame,
  markFailing,
  selectAgent,
  selectedAgent,
  setActive,
  setHoverInfo,
  setParameter,
  setPaused,
  setSpeed,
  startSimulation,
  stopSimulation,
  toggleActive,
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

describe('initial state (§3)', () => {
  it('holds the sim and the defaults', () => {
    expect(store.swarm).toMatchObject({
      seed: 1,
      isActive: true,
      isBuyingToken: false,
      paused: false,
      speed: 5,
      nodeCount: 260,
      efficiency: '97.3',
      actionText: 'SWARM ANALYZING NETWORK PATTERNS',
      messages: [],
      failingCount: 0,
      failingAgents: [],
      hoverInfo: null,
      selectedAgentId: null,
      source: 'sim',
    })
    expect(store.swarm.snapshots).toEqual({
      snapshots: [],
      isReplaying: false,
      isReplayPaused: false,
      currentReplayIndex: 0,
      replaySpeed: 1,
      showReplayControls: false,
      activeSnapshotId: null,
      importError: null,
    })
    expect(store.swarm.parameters.map((p) => p.value)).toEqual([75, 80, 92, 87, 91])
    expect(store.swarm.tasks.map((t) => t.progress)).toEqual([89, 76, 92, 64, 32])
    expect(store.swarm.health.map((h) => h.name)).toContain('Error Rate')
    expect(store.swarm.metrics.totalAgents).toBe(146)
  })

  it('keeps the displayed buffers outside the proxy and the links computed', () => {
    expect(store.display.buffers).toBe(store.runtime.sim.buffers)
    expect(store.display.links).toBe(store.runtime.linkSearch.links)
    expect(store.display.buffers.x).toBeInstanceOf(Float32Array)
    expect(store.display.links.count).toBeGreaterThan(0)
    expect('buffers' in store.swarm || 'version' in store.swarm).toBe(false)
  })

  it('resetSwarm can start paused with another count', () => {
    newStore({ seed: 9, count: 20, paused: true })
    expect(store.swarm).toMatchObject({ seed: 9, paused: true })
    expect(store.display.buffers.count).toBe(20)
  })
})

describe('actions', () => {
  it('toggleActive switches banner and standby', () => {
    const v = store.display.version
    toggleActive(store)
    expect(store.swarm.isActive).toBe(false)
    expect(store.swarm.actionText).toBe('SWARM IN STANDBY MODE')
    expect(store.runtime.sim.isActive).toBe(false)
    toggleActive(store)
    expect(store.swarm.actionText).toBe('SWARM ANALYZING NETWORK PATTERNS')
    expect(store.display.version).toBe(v + 2)
  })

  it.each([
    ['Swarm Density', 50, 50],
    ['Processing Speed', 150, 100],
    ['Error Resilience', -4, 0],
  ])('setParameter(store, %s, %s) → %s, in the store and the sim', (name, value, stored) => {
    setParameter(store, name, value)
    expect(store.swarm.parameters.find((p) => p.name === name)?.value).toBe(stored)
    expect(store.runtime.sim.parameters.find((p) => p.name === name)?.value).toBe(stored)
  })

  it('setParameter ignores unknown names', () => {
    setParameter(store, 'Warp Factor', 9)
    expect(store.swarm.parameters.map((p) => p.value)).toEqual([75, 80, 92, 87, 91])
  })

  it.each([
    [7, 7],
    [0, 1],
    [25, 10],
  ])('setSpeed(store, %s) → %s', (v, s) => {
    setSpeed(store, v)
    expect(store.swarm.speed).toBe(s)
    expect(store.runtime.sim.speed).toBe(s)
  })

  it('markFailing by id or index: failing list, efficiency −0.3, unknown ignored', () => {
    const id = store.display.buffers.ids[5]!
    expect(markFailing(store, id)).toBe(5)
    expect(markFailing(store, 9)).toBe(9)
    expect(markFailing(store, 'nobody')).toBe(-1)
    expect(markFailing(store, 146)).toBe(-1)
    expect(store.swarm.failingCount).toBe(2)
    expect(store.swarm.failingAgents).toEqual([id, store.display.buffers.ids[9]])
    expect(store.swarm.efficiency).toBe('96.7')
  })

  it('select and hover', () => {
    const id = store.display.buffers.ids[3]!
    selectAgent(store, id)
    expect(store.swarm.selectedAgentId).toBe(id)
    expect(selectedAgent(store)).toEqual(toAgent(store.runtime.sim.buffers, 3))
    expect(agentById(store, 'nope')).toBeNull()
    selectAgent(store, null)
    expect(selectedAgent(store)).toBeNull()
    setHoverInfo(store, { agentId: id, position: { x: 4, y: 5 } })
    expect(store.swarm.hoverInfo).toEqual({ agentId: id, position: { x: 4, y: 5 } })
  })
})

describe('frames', () => {
  it('a frame steps the sim, bumps the version and recomputes the links', () => {
    const spy = vi.spyOn(store.runtime.linkSearch, 'run')
    const v = store.display.version
    frame(store, STEP_MS)
    expect(store.runtime.sim.stepIndex).toBe(1)
    expect(store.display.version).toBe(v + 1)
    expect(spy).toHaveBeenCalledTimes(1)
  })

  it('paused: no steps, no version bump, no link work; the clock still follows', () => {
    setPaused(store, true)
    const spy = vi.spyOn(store.runtime.linkSearch, 'run')
    const before = store.runtime.sim.nowMs
    const v = store.display.version
    for (let k = 0; k < 10; k++) frame(store, 100)
    expect(store.runtime.sim.stepIndex).toBe(0)
    expect(store.display.version).toBe(v)
    expect(spy).not.toHaveBeenCalled()
    expect(store.runtime.sim.nowMs - before).toBeCloseTo(1000, 6)
  })

  it(`above 20,000 agents the link search is staged over ${LINK_EVERY_LARGE} frames`, () => {
    newStore({ seed: 2, count: 20_001 })
    const full = vi.spyOn(store.runtime.linkSearch, 'run')
    const staged = vi.spyOn(store.runtime.linkSearch, 'runStaged')
    for (let k = 0; k < 8; k++) frame(store, STEP_MS)
    expect(full).not.toHaveBeenCalled()
    expect(staged.mock.results.map((r) => r.value)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      true,
    ])
    // paused: the search under way is finished, then nothing more
    frame(store, STEP_MS)
    setPaused(store, true)
    for (let k = 0; k < 10; k++) frame(store, STEP_MS)
    expect(staged).toHaveBeenCalledTimes(12)
  })

  it(`panels' figures are synced at most every ${DERIVED_SYNC_MS} ms`, () => {
    setPaused(store, true)
    store.runtime.sim.efficiency = 80
    frame(store, DERIVED_SYNC_MS - 10)
    expect(store.swarm.efficiency).toBe('97.3')
    frame(store, 10)
    expect(store.swarm.efficiency).toBe('80.0')
  })

  it.each([
    // ms per performance.now() call, step cap, steps a 500 ms frame runs
    [0.01, 60, 30],
    [50, 8, 8],
  ])('step cost %s ms → cap %s: a 500 ms frame runs %s steps', (msPerCall, cap, steps) => {
    let t = 0
    vi.spyOn(performance, 'now').mockImplementation(() => (t += msPerCall))
    frame(store, STEP_MS)
    expect((store.runtime.local as LocalSimSource).maxStepsPerFrame).toBe(cap)
    const before = store.runtime.sim.stepIndex
    frame(store, 500)
    expect(store.runtime.sim.stepIndex - before).toBe(steps)
  })

  it('the rAF/timer clock drives frames until stopped', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] })
    startSimulation(store)
    vi.advanceTimersByTime(1000)
    expect(store.runtime.sim.stepIndex).toBeGreaterThanOrEqual(58)
    expect(store.runtime.sim.stepIndex).toBeLessThanOrEqual(61)
    stopSimulation(store)
    const steps = store.runtime.sim.stepIndex
    vi.advanceTimersByTime(1000)
    expect(store.runtime.sim.stepIndex).toBe(steps)
  })
})

describe('main view through the store (§4)', () => {
  it('initial message, simulated error at 2 s (alert + error popup entry), recovery at 8 s', () => {
    setActive(store, false)
    startSimulation(store, { clock: false })
    expect(texts()).toEqual(['Initializing vPOS swarm core... neural mesh online'])
    advanceSimulation(store, 2000)
    expect(texts().filter((t) => t.startsWith('[ERROR:'))).toHaveLength(1)
    expect(store.swarm.recentErrors).toHaveLength(1)
    expect(store.swarm.failingCount).toBe(1)
    advanceSimulation(store, 6000)
    expect(texts().filter((t) => t.startsWith('[RECOVERY:'))).toHaveLength(1)
    expect(store.swarm.failingCount).toBe(0)
    for (const m of store.swarm.messages)
      expect(new Date(m.timestamp).toISOString()).toBe(m.timestamp)
  })

  it('message timestamps follow the sim clock, which follows the wall clock', () => {
    newStore({ seed: 3, count: 30, epochMs: Date.UTC(2025, 0, 1, 12) })
    setActive(store, false)
    startSimulation(store, { clock: false })
    setPaused(store, true)
    frame(store, 60_000)
    setPaused(store, false)
    advanceSimulation(store, 2000)
    const alert = store.swarm.messages.find((m) => m.text.startsWith('[ERROR:'))
    expect(alert?.timestamp).toBe('2025-01-01T12:01:02.000Z')
  })
})
