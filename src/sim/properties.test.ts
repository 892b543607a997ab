import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSwarmSim, type SwarmSim } from './engine'
import { attachMainView } from './mainView'
import { FLAG } from './types'

type Op =
  | { kind: 'steps'; n: number }
  | { kind: 'toggle' }
  | { kind: 'mark'; at: number }
  | { kind: 'speed'; v: number }
  | { kind: 'update' }
  | { kind: 'failAll' }

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('steps' as const), n: fc.nat(400) }) },
  fc.record({ kind: fc.constant('toggle' as const) }),
  fc.record({ kind: fc.constant('mark' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('speed' as const), v: fc.integer({ min: 1, max: 10 }) }),
  fc.record({ kind: fc.constant('update' as const) }),
  fc.record({ kind: fc.constant('failAll' as const) }),
)

const scenario = fc.record({
  seed: fc.integer(),
  count: fc.integer({ min: 1, max: 250 }),
  ops: fc.array(op, { maxLength: 12 }),
})

function checkInvariants(sim: SwarmSim): void {
  const b = sim.buffers
  const { width, height } = sim.world
  for (let i = 0; i < b.count; i++) {
    const e = b.energy[i]!
    if (!(e >= 0 && e <= 100)) throw new Error(`energy ${e} of agent ${i}`)
    const x = b.x[i]!
    const y = b.y[i]!
    if (!(x >= 0 && x <= width && y >= 0 && y <= height)) {
      throw new Error(`agent ${i} at ${x},${y} outside ${width}×${height}`)
    }
    if (b.connections[i]! > 7) throw new Error(`connections ${b.connections[i]}`)
  }
  if (!(sim.efficiency >= 75 && sim.efficiency <= 99.9)) {
    throw new Error(`efficiency ${sim.efficiency}`)
  }
}

/** One step; agents failing before it must not move during it. */
function frozenStep(sim: SwarmSim, fx: Float32Array, fy: Float32Array): void {
  const b = sim.buffers
  fx.set(b.x)
  fy.set(b.y)
  const failing = sim.failing.list.slice(0, sim.failingCount)
  sim.step()
  for (const i of failing) {
    if (b.x[i] !== fx[i] || b.y[i] !== fy[i]) throw new Error(`failing agent ${i} moved`)
  }
}

describe('swarm invariants (fast-check)', () => {
  it('energy 0–100, efficiency 75–99.9, positions inside the world, failing agents frozen', () => {
    fc.assert(
      fc.property(scenario, ({ seed, count, ops }) => {
        const sim = createSwarmSim({ seed, count })
        attachMainView(sim)
        const fx = new Float32Array(count)
        const fy = new Float32Array(count)
        checkInvariants(sim)
        for (const o of ops) {
          if (o.kind === 'steps') {
            for (let s = 0; s < o.n; s++) frozenStep(sim, fx, fy)
          } else if (o.kind === 'toggle') sim.setActive(!sim.isActive)
          else if (o.kind === 'mark') sim.markFailing(o.at % count)
          else if (o.kind === 'speed') sim.speed = o.v
          else if (o.kind === 'update') sim.periodicUpdate()
          else for (let i = 0; i < count; i++) sim.failAgent(i, false)
          checkInvariants(sim)
        }
        // the failing list and the flags agree
        let flagged = 0
        for (let i = 0; i < count; i++) {
          if ((sim.buffers.flags[i]! & FLAG.failing) !== 0) flagged++
        }
        expect(flagged).toBe(sim.failingCount)
      }),
      { numRuns: 60 },
    )
  })

  it('with every agent failing, efficiency settles at its floor (75), never below', () => {
    const sim = createSwarmSim({ seed: 99, count: 50 })
    attachMainView(sim)
    for (let i = 0; i < 50; i++) sim.markFailing(i)
    for (let k = 0; k < 100; k++) sim.periodicUpdate()
    expect(sim.efficiency).toBe(75)
  })
})
