import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LiveFeedSource } from './sources/liveSource'
import type { WireAgent } from '../feed/protocol'
import { buffersToWire } from '../feed/wire'
import type { LocalSimSource } from './sources/localSimSource'
import { STEP_MS, createSwarmSim, toAgent } from '../sim'
import {
  DERIVED_SYNC_MS,
  LINK_EVERY_LARGE,
  advanceSimulation,
  agentById,
  backToLive,
  display,
  frame,
  markFailing,
  resetSwarm,
  runtime,
  selectAgent,
  selectedAgent,
  setActive,
  setHoverInfo,
  setParameter,
  setPaused,
  setSpeed,
  simulateLocally,
  startSimulation,
  stopSimulation,
  swarm,
  toggleActive,
} from './swarmStore'

beforeEach(() => {
  resetSwarm({ seed: 1, count: 146 })
})

afterEach(() => {
  stopSimulation()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const texts = () => swarm.messages.map((m) => m.text)

describe('initial state (§3)', () => {
  it('holds the sim and the defaults', () => {
    expect(swarm).toMatchObject({
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
    expect(swarm.snapshots).toEqual({
      snapshots: [],
      isReplaying: false,
      isReplayPaused: false,
      currentReplayIndex: 0,
      replaySpeed: 1,
      showReplayControls: false,
      activeSnapshotId: null,
      importError: null,
    })
    expect(swarm.parameters.map((p) => p.value)).toEqual([75, 80, 92, 87, 91])
    expect(swarm.tasks.map((t) => t.progress)).toEqual([89, 76, 92, 64, 32])
    expect(swarm.health.map((h) => h.name)).toContain('Error Rate')
    expect(swarm.metrics.totalAgents).toBe(146)
  })

  it('keeps the displayed buffers outside the proxy and the links computed', () => {
    expect(display.buffers).toBe(runtime.sim.buffers)
    expect(display.links).toBe(runtime.linkSearch.links)
    expect(display.buffers.x).toBeInstanceOf(Float32Array)
    expect(display.links.count).toBeGreaterThan(0)
    expect('buffers' in swarm || 'version' in swarm).toBe(false)
  })

  it('resetSwarm can start paused with another count', () => {
    resetSwarm({ seed: 9, count: 20, paused: true })
    expect(swarm).toMatchObject({ seed: 9, paused: true })
    expect(display.buffers.count).toBe(20)
  })
})

describe('actions', () => {
  it('toggleActive switches banner and standby', () => {
    const v = display.version
    toggleActive()
    expect(swarm.isActive).toBe(false)
    expect(swarm.actionText).toBe('SWARM IN STANDBY MODE')
    expect(runtime.sim.isActive).toBe(false)
    toggleActive()
    expect(swarm.actionText).toBe('SWARM ANALYZING NETWORK PATTERNS')
    expect(display.version).toBe(v + 2)
  })

  it.each([
    ['Swarm Density', 50, 50],
    ['Processing Speed', 150, 100],
    ['Error Resilience', -4, 0],
  ])('setParameter(%s, %s) → %s, in the store and the sim', (name, value, stored) => {
    setParameter(name, value)
    expect(swarm.parameters.find((p) => p.name === name)?.value).toBe(stored)
    expect(runtime.sim.parameters.find((p) => p.name === name)?.value).toBe(stored)
  })

  it('setParameter ignores unknown names', () => {
    setParameter('Warp Factor', 9)
    expect(swarm.parameters.map((p) => p.value)).toEqual([75, 80, 92, 87, 91])
  })

  it.each([
    [7, 7],
    [0, 1],
    [25, 10],
  ])('setSpeed(%s) → %s', (v, s) => {
    setSpeed(v)
    expect(swarm.speed).toBe(s)
    expect(runtime.sim.speed).toBe(s)
  })

  it('markFailing by id or index: failing list, efficiency −0.3, unknown ignored', () => {
    const id = display.buffers.ids[5]!
    expect(markFailing(id)).toBe(5)
    expect(markFailing(9)).toBe(9)
    expect(markFailing('nobody')).toBe(-1)
    expect(markFailing(146)).toBe(-1)
    expect(swarm.failingCount).toBe(2)
    expect(swarm.failingAgents).toEqual([id, display.buffers.ids[9]])
    expect(swarm.efficiency).toBe('96.7')
  })

  it('select and hover', () => {
    const id = display.buffers.ids[3]!
    selectAgent(id)
    expect(swarm.selectedAgentId).toBe(id)
    expect(selectedAgent()).toEqual(toAgent(runtime.sim.buffers, 3))
    expect(agentById('nope')).toBeNull()
    selectAgent(null)
    expect(selectedAgent()).toBeNull()
    setHoverInfo({ agentId: id, position: { x: 4, y: 5 } })
    expect(swarm.hoverInfo).toEqual({ agentId: id, position: { x: 4, y: 5 } })
  })
})

describe('frames', () => {
  it('a frame steps the sim, bumps the version and recomputes the links', () => {
    const spy = vi.spyOn(runtime.linkSearch, 'run')
    const v = display.version
    frame(STEP_MS)
    expect(runtime.sim.stepIndex).toBe(1)
    expect(display.version).toBe(v + 1)
    expect(spy).toHaveBeenCalledTimes(1)
  })

  it('paused: no steps, no version bump, no link work; the clock still follows', () => {
    setPaused(true)
    const spy = vi.spyOn(runtime.linkSearch, 'run')
    const before = runtime.sim.nowMs
    const v = display.version
    for (let k = 0; k < 10; k++) frame(100)
    expect(runtime.sim.stepIndex).toBe(0)
    expect(display.version).toBe(v)
    expect(spy).not.toHaveBeenCalled()
    expect(runtime.sim.nowMs - before).toBeCloseTo(1000, 6)
  })

  it(`above 20,000 agents the link search is staged over ${LINK_EVERY_LARGE} frames`, () => {
    resetSwarm({ seed: 2, count: 20_001 })
    const full = vi.spyOn(runtime.linkSearch, 'run')
    const staged = vi.spyOn(runtime.linkSearch, 'runStaged')
    for (let k = 0; k < 8; k++) frame(STEP_MS)
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
    frame(STEP_MS)
    setPaused(true)
    for (let k = 0; k < 10; k++) frame(STEP_MS)
    expect(staged).toHaveBeenCalledTimes(12)
  })

  it(`panels' figures are synced at most every ${DERIVED_SYNC_MS} ms`, () => {
    setPaused(true)
    runtime.sim.efficiency = 80
    frame(DERIVED_SYNC_MS - 10)
    expect(swarm.efficiency).toBe('97.3')
    frame(10)
    expect(swarm.efficiency).toBe('80.0')
  })

  it.each([
    // ms per performance.now() call, step cap, steps a 500 ms frame runs
    [0.01, 60, 30],
    [50, 8, 8],
  ])('step cost %s ms → cap %s: a 500 ms frame runs %s steps', (msPerCall, cap, steps) => {
    let t = 0
    vi.spyOn(performance, 'now').mockImplementation(() => (t += msPerCall))
    frame(STEP_MS)
    expect((runtime.local as LocalSimSource).maxStepsPerFrame).toBe(cap)
    const before = runtime.sim.stepIndex
    frame(500)
    expect(runtime.sim.stepIndex - before).toBe(steps)
  })

  it('the rAF/timer clock drives frames until stopped', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] })
    startSimulation()
    vi.advanceTimersByTime(1000)
    expect(runtime.sim.stepIndex).toBeGreaterThanOrEqual(58)
    expect(runtime.sim.stepIndex).toBeLessThanOrEqual(61)
    stopSimulation()
    const steps = runtime.sim.stepIndex
    vi.advanceTimersByTime(1000)
    expect(runtime.sim.stepIndex).toBe(steps)
  })
})

describe('main view through the store (§4)', () => {
  it('initial message, simulated error at 2 s (alert + error popup entry), recovery at 8 s', () => {
    setActive(false)
    startSimulation({ clock: false })
    expect(texts()).toEqual(['Initializing vPOS swarm core... neural mesh online'])
    advanceSimulation(2000)
    expect(texts().filter((t) => t.startsWith('[ERROR:'))).toHaveLength(1)
    expect(swarm.recentErrors).toHaveLength(1)
    expect(swarm.failingCount).toBe(1)
    advanceSimulation(6000)
    expect(texts().filter((t) => t.startsWith('[RECOVERY:'))).toHaveLength(1)
    expect(swarm.failingCount).toBe(0)
    for (const m of swarm.messages) expect(new Date(m.timestamp).toISOString()).toBe(m.timestamp)
  })

  it('message timestamps follow the sim clock, which follows the wall clock', () => {
    resetSwarm({ seed: 3, count: 30, epochMs: Date.UTC(2025, 0, 1, 12) })
    setActive(false)
    startSimulation({ clock: false })
    setPaused(true)
    frame(60_000)
    setPaused(false)
    advanceSimulation(2000)
    const alert = swarm.messages.find((m) => m.text.startsWith('[ERROR:'))
    expect(alert?.timestamp).toBe('2025-01-01T12:01:02.000Z')
  })
})

describe('live feed source', () => {
  function liveState(n: number): { agents: WireAgent[]; metrics: never; failingAgents: string[] } {
    const other = createSwarmSim({ seed: 77, count: n })
    const { agents, failingAgents } = buffersToWire(other.buffers)
    return { agents, metrics: { ...other.metrics } as never, failingAgents }
  }

  it('its first state becomes the displayed swarm; the local sim stops stepping', () => {
    const live = new LiveFeedSource()
    const st = liveState(40)
    live.applyState(st)
    expect(swarm.source).toBe('live')
    expect(swarm.controllable).toBe(false)
    expect(display.buffers).not.toBe(runtime.sim.buffers)
    expect(display.buffers.count).toBe(40)
    expect(display.buffers.ids[0]).toBe(st.agents[0]!.id)
    expect(swarm.metrics.totalAgents).toBe(40)
    frame(100)
    expect(runtime.sim.stepIndex).toBe(0)
  })

  it('errors mark the agent failing, with Error Rate from the displayed failing set; back to the local sim', () => {
    const live = new LiveFeedSource()
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
    frame(DERIVED_SYNC_MS)
    expect(swarm.failingAgents).toEqual([st.agents[4]!.id])
    expect(swarm.health.find((h) => h.name === 'Error Rate')?.value).toBe('10.00%')
    live.setSource('sim')
    expect(swarm.source).toBe('sim')
    expect(display.buffers).toBe(runtime.sim.buffers)
    expect(swarm.isActive).toBe(true)
  })

  it('§8 feed texts stay in the banner through panel syncs until the feed returns', () => {
    const live = new LiveFeedSource()
    live.applyState(liveState(10))
    live.setActionText('Connection error')
    expect(swarm.actionText).toBe('Connection error')
    live.setActionText('Connection to data feed lost')
    for (let k = 0; k < 10; k++) frame(DERIVED_SYNC_MS)
    expect(swarm.actionText).toBe('Connection to data feed lost')
    live.applyState(liveState(10)) // the feed is back: its first state
    expect(swarm.actionText).toBe('SWARM ANALYZING NETWORK PATTERNS')
  })

  it('"Simulate locally" forks the live swarm; "Back to live" shows the server\'s again', () => {
    const live = new LiveFeedSource()
    const st = liveState(12)
    live.applyState(st)
    live.applyError({
      id: 'e1',
      errorCode: 'AGT-101',
      message: 'x',
      timestamp: '2025-01-01T00:00:00.000Z',
      agentId: st.agents[2]!.id,
    })
    setSpeed(9)
    expect(swarm.speed).toBe(5) // read-only while live
    simulateLocally()
    expect(swarm.source).toBe('sim')
    expect(swarm.controllable).toBe(true)
    expect(display.buffers.ids[2]).toBe(st.agents[2]!.id)
    expect(swarm.failingAgents).toEqual([st.agents[2]!.id])
    expect(display.buffers.x[5]).toBe(live.buffers.x[5])
    setSpeed(9)
    frame(DERIVED_SYNC_MS)
    expect(swarm.speed).toBe(9)
    live.applyState(liveState(12)) // a new live state does not take the fork away
    expect(swarm.source).toBe('sim')
    backToLive()
    expect(swarm.source).toBe('live')
    expect(swarm.speed).toBe(5)
  })
})
