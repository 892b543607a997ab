/**
 * vPOS swarm simulation — public API (pure TypeScript; runs in the browser and in Node).
 *
 *   const sim = createSwarmSim({ seed: 42, count: 146 })   // world from the count when omitted
 *   sim.buffers        AgentBuffers (types.ts): structure-of-arrays typed arrays, index i = agent i
 *   sim.links          LinkBuffers: filled by sim.computeLinks() (≤ connections[i] nearest, < 120 units),
 *                      or by sim.computeLinksStaged(n) over n calls (big swarms: even cost per frame)
 *   sim.world          { width, height }
 *   sim.tick(dtMs)     advance by a frame's dt in fixed 1/60 s steps (≤ 8 steps per call; the rest
 *                      of a stall is skipped: the clock moves on, nothing is simulated)
 *   sim.skip(ms)       let wall time pass unsimulated (paused, replaying, live): nowMs follows
 *   sim.advance(ms)    advance exactly ms of simulated time (tests/timers; no cap)
 *   sim.setActive(b)   active/standby, PRODUCT.md §4 (banner in sim.actionText)
 *   sim.markFailing(i) manual mark-failing, PRODUCT.md §4; sim.failAgent(i) / sim.recoverAgent(i)
 *                      the automatic ones
 *   sim.agentAt(i)     plain Agent (PRODUCT.md §3) for panels; sim.indexOfId(id)
 *   sim.on(listener)   SimEvent stream (events.ts): 'message' (a Message of PRODUCT.md §3), 'error'
 *                      (its Error event), 'recovery', 'failing', 'tasks', 'metrics', 'active'.
 *                      Returns unsubscribe.
 *   attachMainView(sim)  the main-view timers of PRODUCT.md §4 (initial message, 2 s error, 8 s
 *                      recovery, 1%/3% per frame, demo line every 3 s, efficiency every 5 s) as a
 *                      step hook; returns detach.
 *   bufferDigest(buf)  FNV-1a hex of every buffer byte: same seed ⇒ same digest, Node and browser.
 *
 * Fields on the sim: isActive, actionText, speed, efficiency (number; format with formatEfficiency),
 * failingCount, failing (a FailingSet), parameters, tasks, health, metrics, stepIndex, timeMs, nowMs.
 * Tick periods (PRODUCT.md leaves them open) are in constants.ts. Snapshots: snapshot/snapshot.ts
 * (the file format, snapshot/snapshotFile.ts, is imported on its own: it brings zod). View sets:
 * viewSet.ts. The sim's Web Worker (worker/) is imported on its own too, never through here.
 */
export * from './types'
export * from './constants'
export * from './model'
export type { SimEvent, SimListener } from './events'
export { RECENT_ERRORS } from './events'
export { Rng } from './random'
export { type Agent, toAgent } from './agentFields'
export {
  TYPE_COLORS,
  cloneAgentBuffers,
  copyAgentBuffers,
  createAgentBuffers,
  worldForCount,
} from './agents'
export { LinkSearch } from './linkSearch'
export * from './viewSet'
export { createGatheredView, gatherView, type ViewField } from './viewFields'
export { SwarmSim, createSwarmSim } from './engine'
export { attachMainView } from './mainView'
export { applyFork, readingsOf, type ForkReadings } from './fork'
export { clearFailingLook, setFailingLook } from './rules'
export { bufferDigest, linkDigest } from './digest'
export {
  FAILING_IDS_CAP,
  errorRate,
  formatEfficiency,
  scanSwarm,
  updateHealth,
  type SwarmScan,
} from './swarmStats'
export * from './texts'
export * from './snapshot/snapshot'
