/**
 * The living swarm (ARCHITECTURE.md §7, resting rule): with the default 146 agents, active, the
 * main-view timers attached (as in the browser and on the server), over 10 simulated minutes the
 * readings look alive. Seeded: the same seeds give the same figures on every run.
 */
import { describe, expect, it } from 'vitest'
import { FLAG, attachMainView, createSwarmSim } from '.'

const MINUTES = 10
const SAMPLE_MS = 1000

/** Energy colour bands outside the detail modal (PRODUCT.md §9): < 20, < 50, < 80, ≥ 80. */
function bands(energy: Float32Array, n: number): number[] {
  const out = [0, 0, 0, 0]
  for (let i = 0; i < n; i++) {
    const e = energy[i]!
    out[e < 20 ? 0 : e < 50 ? 1 : e < 80 ? 2 : 3]!++
  }
  return out
}

function run(seed: number) {
  const sim = createSwarmSim({ seed, count: 146 })
  attachMainView(sim)
  const n = sim.buffers.count
  const samples: { meanEnergy: number; bands: number[]; efficiency: number; failing: number }[] = []
  for (let t = 0; t < MINUTES * 60_000; t += SAMPLE_MS) {
    sim.advance(SAMPLE_MS)
    let e = 0
    let failing = 0
    for (let i = 0; i < n; i++) {
      e += sim.buffers.energy[i]!
      if ((sim.buffers.flags[i]! & FLAG.failing) !== 0) failing++
    }
    samples.push({
      meanEnergy: e / n,
      bands: bands(sim.buffers.energy, n),
      efficiency: sim.efficiency,
      failing: failing / n,
    })
  }
  return samples
}

describe('a living swarm over 10 simulated minutes (defaults, active)', () => {
  it.each([1, 2, 3, 42])('seed %s', (seed) => {
    const samples = run(seed)
    expect(samples).toHaveLength(600)
    // mean energy between 30 and 80 at every second
    for (const s of samples) {
      expect(s.meanEnergy).toBeGreaterThanOrEqual(30)
      expect(s.meanEnergy).toBeLessThanOrEqual(80)
    }
    // agents spread over the colour bands: at every second at least two bands hold 10 % of the
    // agents each and none holds 85 %; every band is used during the run
    for (const s of samples.slice(60)) {
      expect(s.bands.filter((b) => b >= 0.1 * 146).length).toBeGreaterThanOrEqual(2)
      expect(Math.max(...s.bands) / 146).toBeLessThanOrEqual(0.85)
    }
    for (let band = 0; band < 4; band++) {
      expect(samples.some((s) => s.bands[band]! > 0)).toBe(true)
    }
    // efficiency above its 75 floor most of the time (here: at least 80 % of the seconds)
    const offFloor = samples.filter((s) => s.efficiency > 75.05).length / samples.length
    expect(offFloor).toBeGreaterThanOrEqual(0.8)
    // failing agents: some (the swarm does fail), a few percent at most
    const failing = samples.map((s) => s.failing)
    expect(Math.max(...failing)).toBeGreaterThan(0)
    expect(failing.reduce((a, b) => a + b, 0) / failing.length).toBeLessThanOrEqual(0.05)
    expect(failing.filter((f) => f > 0.05).length / failing.length).toBeLessThanOrEqual(0.05)
  })
})
