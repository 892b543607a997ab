/**
 * A reproducible run of the swarm for determinism checks: the unit test (Node), the browser test
 * (tests/e2e/sim-determinism.spec.ts bundles this file and runs it in Chromium) and the bench.
 * It exercises every rule: the main-view timers, failure and recovery ticks, standby and back,
 * a manual mark-failing, a speed change, the link search. Not part of the app (index.ts does not
 * export it), so it never ships to users.
 */
import { bufferDigest, linkDigest, textDigest } from './digest'
import { createSwarmSim } from './engine'
import type { SimEvent } from './events'
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

/** What the scenario does right after step `t` (the worker-driven run applies the same). */
export function scenarioAction(
  t: number,
  count: number,
): { toggleActive?: true; markFailing?: number; speed?: number } | null {
  if (t % 2500 === 0) return { toggleActive: true }
  if (t === 3000) return { markFailing: t % count }
  if (t === 4000) return { speed: 8 }
  return null
}

/** Steps after which the scenario acts (ascending), up to `ticks`. */
export function scenarioActionSteps(ticks: number): number[] {
  const out: number[] = []
  for (let t = 1; t <= ticks; t++) if (scenarioAction(t, 1)) out.push(t)
  return out
}

/** Fingerprint of the console lines seen so far (type, text, ISO timestamp, in order). */
export function messageDigester(): { add(e: SimEvent): void; digest: string; count: number } {
  const d = {
    digest: textDigest(''),
    count: 0,
    add(e: SimEvent) {
      if (e.kind !== 'message') return
      d.count++
      const m = e.message
      d.digest = textDigest(`${m.type}|${m.text}|${m.timestamp}`, parseInt(d.digest, 16))
    },
  }
  return d
}

/** Run `ticks` fixed steps of a seeded swarm (epoch 0) and fingerprint the result. */
export function runScenario(seed: number, ticks = 10_000, count = 146): ScenarioResult {
  const sim = createSwarmSim({ seed, count, epochMs: 0 })
  const messages = messageDigester()
  sim.on(messages.add)
  attachMainView(sim)
  for (let t = 1; t <= ticks; t++) {
    sim.step()
    const a = scenarioAction(t, count)
    if (a?.toggleActive) sim.setActive(!sim.isActive)
    if (a?.markFailing !== undefined) sim.markFailing(a.markFailing)
    if (a?.speed !== undefined) sim.speed = a.speed
  }
  const linkCount = sim.computeLinks()
  return {
    seed,
    count,
    ticks,
    digest: bufferDigest(sim.buffers),
    links: linkDigest(sim.links),
    linkCount,
    messages: messages.digest,
    messageCount: messages.count,
    failing: sim.failingCount,
    efficiency: sim.efficiency,
  }
}
