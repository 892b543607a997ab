import { describe, expect, it } from 'vitest'
import { createSwarmSim, type SimEvent } from '../../sim'
import { FAILURE_TICK_STEPS, STEP_MS } from '../../sim/constants'
import { expectFailureTickEvents } from '../../testing/simSupport'
import { LocalSimSource } from './localSimSource'

// Big swarms: seconds of CPU on a busy 2-core machine (the 5 s default timed out under load).
describe('LocalSimSource events (?sim=main)', { timeout: 30_000 }, () => {
  it("a failure tick's events reach the listeners after the steps: console lines and the newest errors", () => {
    const sim = createSwarmSim({ seed: 2, count: 20_000, epochMs: 0 })
    const source = new LocalSimSource(sim)
    for (let s = 1; s < FAILURE_TICK_STEPS; s++) sim.step()
    const events: SimEvent[] = []
    source.on((e) => events.push(e))
    expect(source.sample(STEP_MS)).toBe(true)
    // ~10 % of 20,000 agents failed in that step; the store keeps only the newest RECENT_ERRORS
    expect(sim.failingCount).toBeGreaterThan(500)
    expectFailureTickEvents(events)
  })

  it('events outside a step (a control) are delivered at once; unsubscribing stops them', () => {
    const sim = createSwarmSim({ seed: 3, count: 50, epochMs: 0 })
    const source = new LocalSimSource(sim)
    const a: SimEvent[] = []
    const b: SimEvent[] = []
    const offA = source.on((e) => a.push(e))
    const offB = source.on((e) => b.push(e))
    source.markFailing(4)
    expect(a.map((e) => e.kind)).toEqual(['failing'])
    expect(b).toEqual(a)
    offA()
    const before = a.length
    source.setActive(false)
    expect(a).toHaveLength(before)
    expect(b.at(-1)!.kind).toBe('active')
    offB()
    const last = b.length
    source.setActive(true)
    expect(b).toHaveLength(last)
  })
})
