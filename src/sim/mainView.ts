/**
 * PRODUCT.md §4 "Main view start" as a step hook on simulated time: an initializing message at
 * once; after 2 s a simulated agent error and alert; after 8 s its recovery; while active, random
 * agent errors (1% per frame) and recoveries (3% per frame), a demo console line every 3 s and the
 * efficiency / health / metrics update every 5 s. The store attaches it for the browser; the
 * live-feed server can attach it to its authoritative sim the same way.
 */
import {
  MAIN_DEMO_LINE_STEPS,
  MAIN_EFFICIENCY_STEPS,
  MAIN_ERROR_AT_STEPS,
  MAIN_FRAME_ERROR_CHANCE,
  MAIN_FRAME_RECOVERY_CHANCE,
  MAIN_RECOVERY_AT_STEPS,
} from './constants'
import type { SwarmSim } from './engine'
import { DEMO_LINES, INITIAL_MESSAGE } from './texts'

/** A demo console line with its number filled in. */
export function demoLine(sim: SwarmSim): {
  type: 'system' | 'node' | 'task' | 'analysis'
  text: string
} {
  const line = sim.rng.pick(DEMO_LINES)
  const n = 10 + sim.rng.int(990)
  const pct = 80 + sim.rng.int(20)
  return { type: line.type, text: line.text.replace('{n}', String(n)).replace('{p}', String(pct)) }
}

/**
 * Start the main-view timers on `sim`; returns a function that stops them. `startup: false` (a
 * swarm forked from another) skips the initializing message and the 2 s / 8 s simulated error.
 */
export function attachMainView(sim: SwarmSim, opts: { startup?: boolean } = {}): () => void {
  const startup = opts.startup ?? true
  const start = sim.stepIndex
  let simulated = -1
  if (startup) sim.log('system', INITIAL_MESSAGE)
  const detach = sim.addStepHook((s) => {
    const t = s.stepIndex - start
    if (!startup) {
      // no startup error on a forked swarm
    } else if (t === MAIN_ERROR_AT_STEPS) {
      simulated = s.randomHealthyAgent()
      if (simulated >= 0) {
        s.failAgent(simulated)
        s.heldFailing = simulated
      }
    } else if (t === MAIN_RECOVERY_AT_STEPS && simulated >= 0) {
      if (s.heldFailing === simulated) s.heldFailing = -1
      s.recoverAgent(simulated)
      simulated = -1
    }
    if (!s.isActive) return
    if (s.rng.chance(MAIN_FRAME_ERROR_CHANCE)) {
      const i = s.randomHealthyAgent()
      if (i >= 0) s.failAgent(i)
    }
    if (s.failingCount > 0 && s.rng.chance(MAIN_FRAME_RECOVERY_CHANCE)) {
      const i = s.randomFailingAgent()
      // The 2 s simulated error is recovered by its own 8 s timer.
      if (i >= 0 && i !== simulated) s.recoverAgent(i)
    }
    if (t > 0 && t % MAIN_DEMO_LINE_STEPS === 0) {
      const line = demoLine(s)
      s.log(line.type, line.text)
    }
    if (t > 0 && t % MAIN_EFFICIENCY_STEPS === 0) s.periodicUpdate()
  })
  return () => {
    detach()
    if (simulated >= 0 && sim.heldFailing === simulated) sim.heldFailing = -1
  }
}
