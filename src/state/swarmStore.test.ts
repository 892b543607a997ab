import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STEP_MS, createSwarmSim, toAgent } from '../sim'
import {
  DERIVED_SYNC_MS,
  LINK_EVERY_LARGE,
  advanceSimulation,
  agentById,
  applyLiveError,
  applyLivePositions,
  applyLiveState,
  frame,
  markFailing,
  resetSwarm,
  revertToSimulatedData,
  runtime,
  selectAgent,
  selectedAgent,
  setActive,
  setHoverInfo,
  setParameter,
  setPaused,
  setSpeed,
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
      version: 0,
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

  it('keeps the typed buffers un-proxied (ref) and the links computed', () => {
    expect(swarm.buffers).toBe(runtime.sim.buffers)
    expect(swarm.links).toBe(runtime.sim.links)
    expect(swarm.buffers.x).toBeInstanceOf(Float32Array)
    expect(swarm.links.count).toBeGreaterThan(0)
  })

  it('resetSwarm can start paused with another count', () => {
    resetSwarm({ seed: 9, count: 20, paused: true })
    expect(swarm).toMatchObject({ seed: 9, paused: true })
    expect(swarm.buffers.count).toBe(20)
  })
})

describe('actions', () => {
  it('toggleActive switches banner and standby', () => {
    toggleActive()
    expect(swarm.isActive).toBe(false)
    expect(swarm.actionText).toBe('SWARM IN STANDBY MODE')
    expect(runtime.sim.isActive).toBe(false)
    toggleActive()
    expect(swarm.actionText).toBe('SWARM ANALYZING NETWORK PATTERNS')
    expect(swarm.version).toBe(2)
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
    const id = swarm.buffers.ids[5]!
    expect(markFailing(id)).toBe(5)
    expect(markFailing(9)).toBe(9)
    expect(markFailing('nobody')).toBe(-1)
    expect(markFailing(146)).toBe(-1)
    expect(swarm.failingCount).toBe(2)
    expect(swarm.failingAgents).toEqual([id, swarm.buffers.ids[9]])
    expect(swarm.efficiency).toBe('96.7')
  })

  it('select and hover', () => {
    const id = swarm.buffers.ids[3]!
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
    const spy = vi.spyOn(runtime.sim, 'computeLinks')
    frame(STEP_MS)
    expect(runtime.sim.stepIndex).toBe(1)
    expect(swarm.version).toBe(1)
    expect(spy).toHaveBeenCalledTimes(1)
  })

  it('paused: no steps, no version bump, no link work; the clock still follows', () => {
    setPaused(true)
    const spy = vi.spyOn(runtime.sim, 'computeLinks')
    const before = runtime.sim.nowMs
    for (let k = 0; k < 10; k++) frame(100)
    expect(runtime.sim.stepIndex).toBe(0)
    expect(swarm.version).toBe(0)
    expect(spy).not.toHaveBeenCalled()
    expect(runtime.sim.nowMs - before).toBeCloseTo(1000, 6)
  })

  it(`above 20,000 agents the link search is staged over ${LINK_EVERY_LARGE} frames`, () => {
    resetSwarm({ seed: 2, count: 20_001 })
    const full = vi.spyOn(runtime.sim, 'computeLinks')
    const staged = vi.spyOn(runtime.sim, 'computeLinksStaged')
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
    expect(runtime.maxStepsPerFrame).toBe(cap)
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

describe('live feed hooks', () => {
  function liveAgents(n: number) {
    const other = createSwarmSim({ seed: 77, count: n })
    return Array.from({ length: n }, (_, i) => toAgent(other.buffers, i))
  }

  it('applyLiveState swaps the displayed buffers; the local sim stops stepping', () => {
    const agents = liveAgents(40)
    applyLiveState({ agents, metrics: { totalAgents: 40 } })
    expect(swarm.source).toBe('live')
    expect(swarm.buffers).not.toBe(runtime.sim.buffers)
    expect(swarm.buffers.count).toBe(40)
    expect(swarm.buffers.ids[0]).toBe(agents[0]!.id)
    expect(swarm.metrics.totalAgents).toBe(40)
    frame(100)
    expect(runtime.sim.stepIndex).toBe(0)
  })

  it('positions, errors, then back to the local sim (network active)', () => {
    const agents = liveAgents(10)
    applyLiveState({ agents })
    applyLivePositions([{ id: agents[2]!.id, x: 12, y: 34 }])
    expect([swarm.buffers.x[2], swarm.buffers.y[2]]).toEqual([12, 34])
    applyLivePositions(new Float32Array([1, 2, 3, 4]))
    expect([swarm.buffers.x[1], swarm.buffers.y[1]]).toEqual([3, 4])
    applyLiveError({
      id: 'e1',
      errorCode: 'AGT-104',
      message: 'Checksum mismatch',
      timestamp: '2025-01-01T00:00:00.000Z',
      agentId: agents[4]!.id,
    })
    expect(texts()).toContain('[ERROR AGT-104] Checksum mismatch')
    expect(swarm.failingAgents).toEqual([agents[4]!.id])
    setActive(false)
    revertToSimulatedData()
    expect(swarm.source).toBe('sim')
    expect(swarm.buffers).toBe(runtime.sim.buffers)
    expect(swarm.isActive).toBe(true)
  })
})
