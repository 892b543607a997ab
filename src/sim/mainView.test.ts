import { describe, expect, it, vi } from 'vitest'
import {
  MAIN_DEMO_LINE_STEPS,
  MAIN_EFFICIENCY_STEPS,
  MAIN_ERROR_AT_STEPS,
  MAIN_RECOVERY_AT_STEPS,
} from './constants'
import { createSwarmSim, type SwarmSim } from './engine'
import type { SimEvent } from './events'
import { attachMainView, demoLine } from './mainView'
import { DEMO_LINES, INITIAL_MESSAGE } from './texts'

interface Logged {
  step: number
  event: SimEvent
}

function run(sim: SwarmSim, steps: number): Logged[] {
  const log: Logged[] = []
  sim.on((event) => log.push({ step: sim.stepIndex, event }))
  const detach = attachMainView(sim)
  for (let s = 0; s < steps; s++) sim.step()
  detach()
  return log
}

const kinds = (log: Logged[], kind: SimEvent['kind']) => log.filter((l) => l.event.kind === kind)
const messageText = (l: Logged) => (l.event.kind === 'message' ? l.event.message.text : '')

/** The automatic failure/recovery ticks switched off, so only the main-view rules act. */
function mainViewOnly(sim: SwarmSim): SwarmSim {
  vi.spyOn(sim, 'failureTick').mockImplementation(() => {})
  vi.spyOn(sim, 'recoveryTick').mockImplementation(() => {})
  return sim
}

describe('main view start (§4)', () => {
  it('logs the initializing message at once', () => {
    const log = run(createSwarmSim({ seed: 1 }), 0)
    expect(log.map(messageText)).toEqual([INITIAL_MESSAGE])
  })

  it('simulates an agent error and alert after 2 s and its recovery after 8 s', () => {
    // In standby the random per-frame rules are off: only the two timers act.
    const sim = createSwarmSim({ seed: 2, active: false })
    const log = run(sim, 600)
    const errors = kinds(log, 'error')
    expect(errors.map((l) => l.step)).toEqual([MAIN_ERROR_AT_STEPS])
    const id = errors[0]!.event.kind === 'error' ? errors[0]!.event.error.agentId : ''
    const alert = log.find((l) => messageText(l).startsWith('[ERROR:'))
    expect(alert?.step).toBe(MAIN_ERROR_AT_STEPS)
    expect(messageText(alert!).startsWith(`[ERROR:${id.slice(0, 5)}] `)).toBe(true)
    const recoveries = kinds(log, 'recovery')
    expect(recoveries.map((l) => l.step)).toEqual([MAIN_RECOVERY_AT_STEPS])
    expect(recoveries[0]!.event).toMatchObject({ agentId: id })
    const line = log.find((l) => messageText(l).startsWith('[RECOVERY:'))
    expect(messageText(line!)).toBe(
      `[RECOVERY:${id.slice(0, 5)}] Agent restored to operational status`,
    )
    expect(sim.failingCount).toBe(0)
  })

  it('the automatic recovery tick leaves the simulated error to its 8 s timer', () => {
    const sim = createSwarmSim({ seed: 3, active: false })
    const log = run(sim, MAIN_RECOVERY_AT_STEPS - 1)
    expect(kinds(log, 'recovery')).toHaveLength(0)
    expect(sim.failingCount).toBe(1)
  })

  it('while active: a demo console line every 3 s, efficiency/metrics every 5 s', () => {
    const log = run(mainViewOnly(createSwarmSim({ seed: 4 })), 960)
    // every console line that is not an alert/recovery ('[…]') or the initial message
    const demoSteps = log
      .filter((l) => l.event.kind === 'message' && l.step > 0 && !messageText(l).startsWith('['))
      .map((l) => l.step)
    expect(demoSteps).toEqual([1, 2, 3, 4, 5].map((k) => k * MAIN_DEMO_LINE_STEPS))
    const every5s = [1, 2, 3].map((k) => k * MAIN_EFFICIENCY_STEPS)
    expect(kinds(log, 'metrics').map((l) => l.step)).toEqual(every5s)
    expect(kinds(log, 'tasks').map((l) => l.step)).toEqual(every5s)
  })

  it('in standby: no demo lines, no periodic update, no random errors', () => {
    const log = run(mainViewOnly(createSwarmSim({ seed: 4, active: false })), 1200)
    expect(kinds(log, 'metrics')).toHaveLength(0)
    expect(kinds(log, 'error')).toHaveLength(1)
    expect(kinds(log, 'message')).toHaveLength(3)
  })

  it('random agent errors at about 1% per frame', () => {
    let errors = 0
    for (const seed of [10, 11, 12]) {
      errors += kinds(run(mainViewOnly(createSwarmSim({ seed })), 1799), 'error').length - 1
    }
    // expected 3 × 1799 × 1% ≈ 54 (0.5% ≈ 27, 2% ≈ 108)
    expect(errors).toBeGreaterThan(38)
    expect(errors).toBeLessThan(72)
  })

  it('random recoveries at about 3% per frame while agents fail', () => {
    let recoveries = 0
    for (const seed of [20, 21, 22]) {
      const sim = mainViewOnly(createSwarmSim({ seed, count: 400 }))
      for (let i = 0; i < 390; i++) sim.failAgent(i, false)
      const log = run(sim, 1799)
      recoveries += kinds(log, 'recovery').filter((l) => l.step !== MAIN_RECOVERY_AT_STEPS).length
    }
    // expected 3 × 1799 × 3% ≈ 162 (2% ≈ 108, 4% ≈ 216)
    expect(recoveries).toBeGreaterThan(130)
    expect(recoveries).toBeLessThan(195)
  })

  it('detach stops every timer', () => {
    const sim = createSwarmSim({ seed: 5 })
    const detach = attachMainView(sim)
    detach()
    const seen: SimEvent[] = []
    sim.on((e) => seen.push(e))
    for (let s = 0; s < 600; s++) sim.step()
    expect(seen.filter((e) => e.kind === 'metrics')).toHaveLength(0)
    expect(
      seen.filter((e) => e.kind === 'message' && e.message.text.includes('Consensus round')),
    ).toHaveLength(0)
  })

  it('demo lines come from the list with their numbers filled in', () => {
    const sim = createSwarmSim({ seed: 6 })
    for (let k = 0; k < 50; k++) {
      const line = demoLine(sim)
      expect(line.text).not.toMatch(/\{[np]\}/)
      const source = DEMO_LINES.find(
        (d) => d.type === line.type && line.text.startsWith(d.text.split('{')[0]!),
      )
      expect(source).toBeDefined()
    }
  })
})
