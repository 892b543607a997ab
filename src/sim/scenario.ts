/**
 * A reproducible run of the swarm for determinism checks: the unit test (Node), the browser test
 * (tests/e2e/sim-determinism.spec.ts bundles this file and runs it in Chromium) and the bench.
 * It exercises every rule: the main-view timers, failure and recovery ticks, standby and back,
 * a manual mark-failing, a speed change, the link search. Not part of the app (index.ts does not
 * export it), so it never ships to users.
 */
import { bufferDigest, linkDigest, textDigest } from './digest'
import { createSwarmSim } from './engine'
import { attachMainView } from './mainView'

export interface ScenarioResult {
  seed: number
  count: number
  ticks: number
  /** FNV-1a of every agent buffer byte and the ids */
  digest: string
  /** FNV-1a of the link pairs */
  links: string
  linkCount: number
  /** FNV-1a of every console line (type, text, ISO timestamp) in order */
  messages: string
  messageCount: number
  failing: number
  efficiency: number
}

/** Run `ticks` fixed steps of a seeded swarm (epoch 0) and fingerprint the result. */
export function runScenario(seed: number, ticks = 10_000, count = 146): ScenarioResult {
  const sim = createSwarmSim({ seed, count, epochMs: 0 })
  let messages = textDigest('')
  let messageCount = 0
  sim.on((e) => {
    if (e.kind !== 'message') return
    messageCount++
    const m = e.message
    messages = textDigest(`${m.type}|${m.text}|${m.timestamp}`, parseInt(messages, 16))
  })
  attachMainView(sim)
  for (let t = 1; t <= ticks; t++) {
    sim.step()
    if (t % 2500 === 0) sim.setActive(!sim.isActive)
    if (t === 3000) sim.markFailing(t % count)
    if (t === 4000) sim.speed = 8
  }
  const linkCount = sim.computeLinks()
  return {
    seed,
    count,
    ticks,
    digest: bufferDigest(sim.buffers),
    links: linkDigest(sim.links),
    linkCount,
    messages,
    messageCount,
    failing: sim.failingCount,
    efficiency: sim.efficiency,
  }
}
