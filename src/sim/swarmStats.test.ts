import { describe, expect, it } from 'vitest'
import { createSwarmSim } from './engine'
import {
  clampEfficiency,
  errorRate,
  formatEfficiency,
  nextEfficiency,
  updateEfficiency,
  updateHealth,
  updateMetrics,
  updateTasks,
} from './swarmStats'
import { STATUS } from './types'

describe('efficiency (§4)', () => {
  it.each([
    // current, failing, r, next
    [97.3, 1, 0.5, 97.1],
    [97.3, 5, 0.9, 96.3],
    [75.5, 10, 0.5, 75],
    [97.3, 0, 1, 97.6],
    [97.3, 0, 0, 97],
    [97.3, 0, 0.5, 97.3],
    [99.8, 0, 1, 99.9],
    [75.1, 0, 0, 75],
  ])('%s with %s failing, r=%s → %s', (current, failing, r, next) => {
    expect(nextEfficiency(current, failing, r)).toBeCloseTo(next, 10)
  })

  it.each([
    [74, 75],
    [75, 75],
    [88.8, 88.8],
    [99.9, 99.9],
    [100, 99.9],
  ])('clamp %s → %s', (v, c) => expect(clampEfficiency(v)).toBe(c))

  it.each([
    [97.3, '97.3'],
    [97, '97.0'],
    [99.94, '99.9'],
    [75, '75.0'],
  ])('shown with 1 decimal: %s → %s', (v, s) => expect(formatEfficiency(v)).toBe(s))

  it('updateEfficiency draws once and applies the rule', () => {
    const sim = createSwarmSim({ seed: 1, count: 10 })
    sim.failAgent(0, false)
    sim.failAgent(1, false)
    const before = sim.rng.state
    updateEfficiency(sim)
    expect(sim.efficiency).toBeCloseTo(96.9, 10)
    expect(sim.rng.state).not.toBe(before)
  })
})

describe('Error Rate health (§4)', () => {
  it.each([
    [0, 146, '0.00%', 'stable'],
    [1, 146, '0.68%', 'stable'],
    [3, 146, '2.05%', 'stable'],
    [4, 146, '2.74%', 'up'],
    [146, 146, '100.00%', 'up'],
    [0, 0, '0.00%', 'stable'],
  ])('%s of %s failing → %s %s', (failing, total, value, trend) => {
    expect(errorRate(failing, total)).toEqual({ value, trend })
  })

  it('updateHealth writes Error Rate from the failing count and keeps the six items', () => {
    const sim = createSwarmSim({ seed: 2, count: 100 })
    for (let i = 0; i < 5; i++) sim.failAgent(i, false)
    updateHealth(sim)
    expect(sim.health.map((h) => h.name)).toEqual([
      'Memory',
      'Processing',
      'Network',
      'Latency',
      'Error Rate',
      'Uptime',
    ])
    expect(sim.health[4]).toEqual({ name: 'Error Rate', value: '5.00%', trend: 'up' })
    expect(sim.health[5]?.value).toBe('99.98%')
    for (const h of sim.health) expect(['stable', 'up', 'down']).toContain(h.trend)
    expect(sim.health[3]?.value).toMatch(/^\d+ms$/)
  })
})

describe('tasks and metrics', () => {
  it('active tasks advance 0–3 points; completing one counts and restarts it', () => {
    const sim = createSwarmSim({ seed: 3, count: 10 })
    sim.tasks[0]!.progress = 99.5
    updateTasks(sim)
    expect(sim.metrics.completedTasks).toBe(1)
    expect(sim.tasks[0]!.progress).toBe(0)
    for (let k = 0; k < 20; k++) {
      const before = sim.tasks.map((t) => ({ ...t }))
      const done = sim.metrics.completedTasks
      updateTasks(sim)
      sim.tasks.forEach((t, i) => {
        const b = before[i]!
        if (b.status === 'pending') expect(t.progress).toBe(b.progress)
        else if (t.progress === 0 && b.progress > 0)
          expect(sim.metrics.completedTasks).toBe(done + 1)
        else expect(t.progress - b.progress).toBeGreaterThanOrEqual(0)
        if (b.status === 'active') expect(t.progress - b.progress).toBeLessThanOrEqual(3)
      })
    }
  })

  it('metrics from the buffers: totals, busy agents, power, average efficiency', () => {
    const sim = createSwarmSim({ seed: 4, count: 4 })
    const b = sim.buffers
    b.status.set([STATUS.active, STATUS.processing, STATUS.idle, STATUS.active])
    b.processingPower.set([10, 20, 30, 40])
    b.efficiency.set([90, 92, 94, 96])
    sim.failAgent(3, false)
    updateMetrics(sim)
    expect(sim.metrics).toMatchObject({
      totalAgents: 4,
      activeAgents: 2,
      processingPower: 60,
      averageEfficiency: 92,
      networkLatency: 12.5,
    })
  })
})
