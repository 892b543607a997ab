import { describe, expect, it, vi } from 'vitest'
import { TYPE_COLORS } from './agents'
import {
  AGENT_TICK_STEPS,
  FAILURE_TICK_STEPS,
  MAX_ALERTS_PER_TICK,
  RECOVERY_TICK_STEPS,
  STEP_MS,
} from './constants'
import { createSwarmSim, type SwarmSim } from './engine'
import type { SimEvent } from './events'
import { BANNER_ACTIVE, BANNER_STANDBY, FAILURE_TEXTS } from './texts'
import { FLAG, MODE, STATUS } from './types'

function withEvents(sim: SwarmSim): SimEvent[] {
  const events: SimEvent[] = []
  sim.on((e) => events.push(e))
  return events
}

const texts = (events: SimEvent[]) =>
  events.flatMap((e) => (e.kind === 'message' ? [e.message.text] : []))

describe('defaults (§3 other global state)', () => {
  it('starts active with the banner, speed 5, efficiency 97.3, no failing agents', () => {
    const sim = createSwarmSim({ seed: 1 })
    expect(sim.buffers.count).toBe(146)
    expect(sim.isActive).toBe(true)
    expect(sim.actionText).toBe('SWARM ANALYZING NETWORK PATTERNS')
    expect(sim.speed).toBe(5)
    expect(sim.efficiency).toBe(97.3)
    expect(sim.failingCount).toBe(0)
    expect(sim.metrics.totalAgents).toBe(146)
  })

  it('can start in standby', () => {
    const sim = createSwarmSim({ seed: 1, active: false })
    expect(sim.actionText).toBe(BANNER_STANDBY)
  })
})

describe('active / standby (§4)', () => {
  it('standby: banner, about 30% of agents go idle (mode and status), failing ones untouched', () => {
    const sim = createSwarmSim({ seed: 5, count: 4000 })
    const buf = sim.buffers
    buf.mode.fill(MODE.explore)
    buf.status.fill(STATUS.active)
    sim.failAgent(0, false)
    const events = withEvents(sim)
    sim.setActive(false)
    expect(sim.actionText).toBe('SWARM IN STANDBY MODE')
    let idle = 0
    for (let i = 0; i < buf.count; i++) {
      const m = buf.mode[i]
      expect(m === MODE.idle).toBe(buf.status[i] === STATUS.idle)
      if (m === MODE.idle) idle++
    }
    expect(idle / 4000).toBeGreaterThan(0.27)
    expect(idle / 4000).toBeLessThan(0.33)
    expect(buf.mode[0]).toBe(MODE.explore)
    expect(events).toContainEqual({ kind: 'active', isActive: false, actionText: BANNER_STANDBY })
  })

  it('activating: banner and every idle (non-failing) agent explores', () => {
    const sim = createSwarmSim({ seed: 5, count: 50, active: false })
    sim.buffers.mode.fill(MODE.idle)
    sim.buffers.mode[3] = MODE.target
    sim.markFailing(1)
    sim.setActive(true)
    expect(sim.actionText).toBe(BANNER_ACTIVE)
    expect(sim.buffers.mode[0]).toBe(MODE.explore)
    expect(sim.buffers.mode[1]).toBe(MODE.idle)
    expect(sim.buffers.mode[3]).toBe(MODE.target)
  })
})

describe('failure (§4)', () => {
  it('each non-failing agent fails with 10% per failure tick; alerts beyond 20 are summarised', () => {
    const sim = createSwarmSim({ seed: 9, count: 10_000 })
    const events = withEvents(sim)
    sim.failureTick()
    const failed = sim.failingCount
    expect(failed).toBeGreaterThan(940)
    expect(failed).toBeLessThan(1060)
    const alerts = texts(events).filter((t) => t.startsWith('[ERROR:'))
    expect(alerts).toHaveLength(MAX_ALERTS_PER_TICK)
    expect(texts(events)).toContain(`[ERROR] ${failed - 20} more agents failed in this cycle`)
    expect(events.filter((e) => e.kind === 'error')).toHaveLength(failed)
  })

  it("alert '[ERROR:{id5}] {text}' with one of the twelve texts; error event; frozen and red", () => {
    const sim = createSwarmSim({ seed: 3, count: 20 })
    const events = withEvents(sim)
    sim.failAgent(4)
    const id = sim.buffers.ids[4]!
    const [message, error] = events
    expect(message?.kind).toBe('message')
    const text = message?.kind === 'message' ? message.message.text : ''
    expect(text.startsWith(`[ERROR:${id.slice(0, 5)}] `)).toBe(true)
    expect(FAILURE_TEXTS).toContain(text.slice(14))
    expect(message?.kind === 'message' && message.message.type).toBe('alert')
    expect(error?.kind === 'error' && error.error.agentId).toBe(id)
    expect(error?.kind === 'error' && error.error.errorCode).toMatch(/^AGT-1(0[1-9]|1[0-2])$/)
    expect(sim.isFailing(4)).toBe(true)
    expect(sim.buffers.color[4]).toBe(0xff3344)
    expect(sim.buffers.flags[4]! & FLAG.failing).toBe(FLAG.failing)
    sim.failAgent(4)
    expect(events).toHaveLength(2)
    expect(sim.failingCount).toBe(1)
  })

  it('twelve distinct failure texts, including the three of the spec', () => {
    expect(new Set(FAILURE_TEXTS).size).toBe(12)
    const all = FAILURE_TEXTS.join(' ').toLowerCase()
    for (const t of ['memory corruption', 'consensus failure', 'sync timeout']) {
      expect(all).toContain(t)
    }
  })

  it('failure ticks fire every FAILURE_TICK_STEPS only while active', () => {
    const sim = createSwarmSim({ seed: 1, count: 10 })
    const spy = vi.spyOn(sim, 'failureTick')
    for (let s = 1; s < FAILURE_TICK_STEPS; s++) sim.step()
    expect(spy).not.toHaveBeenCalled()
    sim.step()
    expect(spy).toHaveBeenCalledTimes(1)
    sim.setActive(false)
    for (let s = 0; s < FAILURE_TICK_STEPS; s++) sim.step()
    expect(spy).toHaveBeenCalledTimes(1)
  })
})

describe('recovery (§4)', () => {
  it("each failing agent recovers with 40% per recovery tick, logging '[RECOVERY:{id5}] …'", () => {
    const sim = createSwarmSim({ seed: 2, count: 10_000 })
    for (let i = 0; i < 10_000; i++) sim.failAgent(i, false)
    const events = withEvents(sim)
    sim.recoveryTick()
    const recovered = 10_000 - sim.failingCount
    expect(recovered).toBeGreaterThan(3850)
    expect(recovered).toBeLessThan(4150)
    const lines = texts(events).filter((t) => t.startsWith('[RECOVERY:'))
    expect(lines).toHaveLength(MAX_ALERTS_PER_TICK)
    for (const l of lines) {
      expect(l).toMatch(/^\[RECOVERY:[a-z0-9]{5}\] Agent restored to operational status$/)
    }
    expect(texts(events)).toContain(`[RECOVERY] ${recovered - 20} more agents restored`)
  })

  it('a recovered agent gets its type colour back and moves again', () => {
    const sim = createSwarmSim({ seed: 2, count: 5 })
    const events = withEvents(sim)
    sim.failAgent(2, false)
    sim.recoverAgent(2)
    expect(sim.isFailing(2)).toBe(false)
    expect(sim.buffers.color[2]).toBe(TYPE_COLORS[sim.buffers.type[2]!])
    const id = sim.buffers.ids[2]!
    expect(texts(events)).toEqual([
      `[RECOVERY:${id.slice(0, 5)}] Agent restored to operational status`,
    ])
    expect(events).toContainEqual({ kind: 'recovery', agentId: id, index: 2 })
  })

  it('recovery ticks run every RECOVERY_TICK_STEPS while agents fail, and skip the held agent', () => {
    const sim = createSwarmSim({ seed: 4, count: 10, active: false })
    const spy = vi.spyOn(sim, 'recoveryTick')
    sim.advance(RECOVERY_TICK_STEPS * STEP_MS)
    expect(spy).not.toHaveBeenCalled()
    for (let i = 0; i < 10; i++) sim.failAgent(i, false)
    sim.heldFailing = 3
    for (let k = 0; k < 20; k++) sim.advance(RECOVERY_TICK_STEPS * STEP_MS)
    expect(spy).toHaveBeenCalledTimes(20)
    expect(sim.failingCount).toBe(1)
    expect(sim.isFailing(3)).toBe(true)
  })
})

describe('manual mark-failing (§4)', () => {
  it.each([
    [97.3, 97.0],
    [75.2, 75],
    [75, 75],
  ])('efficiency %s → %s; idle, idle mode, red, glowing, pulse 3', (before, after) => {
    const sim = createSwarmSim({ seed: 8, count: 10 })
    sim.buffers.status[6] = STATUS.processing
    sim.buffers.mode[6] = MODE.explore
    sim.efficiency = before
    const events = withEvents(sim)
    sim.markFailing(6)
    expect(sim.efficiency).toBeCloseTo(after, 10)
    expect(sim.buffers.status[6]).toBe(STATUS.idle)
    expect(sim.buffers.mode[6]).toBe(MODE.idle)
    expect(sim.buffers.color[6]).toBe(0xff3344)
    expect(sim.buffers.flags[6]! & (FLAG.glow | FLAG.failing)).toBe(FLAG.glow | FLAG.failing)
    expect(sim.buffers.pulseRate[6]).toBe(3)
    expect(sim.failingIds()).toEqual([sim.buffers.ids[6]])
    expect(events).toContainEqual({ kind: 'failing', agentId: sim.buffers.ids[6], index: 6 })
  })

  it('ignores indices outside the swarm', () => {
    const sim = createSwarmSim({ seed: 8, count: 10 })
    sim.markFailing(-1)
    sim.markFailing(10)
    expect(sim.failingCount).toBe(0)
    expect(sim.efficiency).toBe(97.3)
  })
})

describe('simulated time', () => {
  it('tick(dt) runs whole steps of 1/60 s and carries the remainder', () => {
    const sim = createSwarmSim({ seed: 1, count: 3 })
    expect(sim.tick(STEP_MS / 2)).toBe(0)
    expect(sim.tick(STEP_MS / 2)).toBe(1)
    expect(sim.tick(STEP_MS * 3)).toBe(3)
    expect(sim.stepIndex).toBe(4)
  })

  it.each([0, -5, Number.NaN])('tick(%s) does nothing', (dt) => {
    const sim = createSwarmSim({ seed: 1, count: 3 })
    expect(sim.tick(dt)).toBe(0)
    expect(sim.nowMs).toBe(0)
  })

  it('a stall runs at most 8 steps; the rest is skipped but the clock follows', () => {
    const sim = createSwarmSim({ seed: 1, count: 3, epochMs: 10_000 })
    expect(sim.tick(60_000)).toBe(8)
    expect(sim.stepIndex).toBe(8)
    expect(sim.nowMs).toBeCloseTo(70_000, 6)
    expect(sim.tick(60_000, 20)).toBe(20)
    expect(sim.nowMs).toBeCloseTo(130_000, 6)
    sim.skip(-500)
    expect(sim.nowMs).toBeCloseTo(130_000, 6)
    sim.skip(500)
    expect(sim.stepIndex).toBe(28)
    expect(sim.nowMs).toBeCloseTo(130_500, 6)
  })

  it('advance(ms) simulates every step', () => {
    const sim = createSwarmSim({ seed: 1, count: 3 })
    sim.advance(1000)
    expect(sim.stepIndex).toBe(60)
    expect(sim.timeMs).toBeCloseTo(1000, 6)
  })

  it('every agent has its agent tick exactly once per second (staggered), only while active', () => {
    const sim = createSwarmSim({ seed: 6, count: 500 })
    sim.buffers.status.fill(STATUS.active)
    sim.buffers.lastActiveTime.fill(-1)
    sim.advance((AGENT_TICK_STEPS / 2) * STEP_MS)
    const half = [...sim.buffers.lastActiveTime.subarray(0, 500)].filter((t) => t >= 0).length
    expect(half).toBeGreaterThan(200)
    expect(half).toBeLessThan(300)
    sim.advance((AGENT_TICK_STEPS / 2) * STEP_MS)
    expect(sim.buffers.lastActiveTime.subarray(0, 500).every((t) => t > 0)).toBe(true)
    const idle = createSwarmSim({ seed: 6, count: 100, active: false })
    const before = idle.buffers.energy.slice()
    idle.advance(5000)
    expect(idle.buffers.energy).toEqual(before)
  })
})

describe('lookups and bookkeeping', () => {
  it('indexOfId / agentAt / reindex', () => {
    const sim = createSwarmSim({ seed: 12, count: 30 })
    const id = sim.buffers.ids[17]!
    expect(sim.indexOfId(id)).toBe(17)
    expect(sim.indexOfId('nope')).toBe(-1)
    expect(sim.agentAt(17)?.id).toBe(id)
    expect(sim.agentAt(30)).toBeNull()
    expect(sim.agentAt(-1)).toBeNull()
    // the ids rewritten (a live state): the map is rebuilt on the next lookup after reindex()
    sim.buffers.ids[17] = 'rewritten'
    sim.reindex()
    expect(sim.indexOfId('rewritten')).toBe(17)
    expect(sim.indexOfId(id)).toBe(-1)
  })

  it('random healthy / failing picks', () => {
    const sim = createSwarmSim({ seed: 12, count: 4 })
    expect(sim.randomFailingAgent()).toBe(-1)
    for (let i = 0; i < 3; i++) sim.failAgent(i, false)
    expect(sim.randomHealthyAgent()).toBe(3)
    expect([0, 1, 2]).toContain(sim.randomFailingAgent())
    sim.failAgent(3, false)
    expect(sim.randomHealthyAgent()).toBe(-1)
  })

  it('resyncFailing rebuilds the failing list from the flags', () => {
    const sim = createSwarmSim({ seed: 12, count: 10 })
    sim.buffers.flags[2] = FLAG.failing
    sim.buffers.flags[7] = FLAG.failing | FLAG.glow
    sim.resyncFailing()
    expect(sim.failingCount).toBe(2)
    expect(sim.isFailing(2) && sim.isFailing(7)).toBe(true)
  })

  it('unsubscribed listeners hear nothing; a headless sim logs without building messages', () => {
    const sim = createSwarmSim({ seed: 12, count: 10 })
    const seen: SimEvent[] = []
    const off = sim.on((e) => seen.push(e))
    sim.log('system', 'one')
    off()
    sim.log('system', 'two')
    expect(texts(seen)).toEqual(['one'])
    expect(sim.hasListeners).toBe(false)
  })

  it('periodicUpdate emits tasks and metrics', () => {
    const sim = createSwarmSim({ seed: 12, count: 10 })
    const events = withEvents(sim)
    sim.periodicUpdate()
    expect(events.map((e) => e.kind)).toEqual(['tasks', 'metrics'])
  })
})
