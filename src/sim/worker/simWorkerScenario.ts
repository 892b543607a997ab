/**
 * The determinism scenario of src/sim/scenario.ts, run in the sim worker through its messages:
 * the unit test (Node, a MessageChannel) and the browser test (a real Web Worker) compare its
 * fingerprint with runScenario's on the main thread / in Node. Test support: the app never imports it.
 */
import { bufferDigest, linkDigest } from '../digest'
import {
  messageDigester,
  scenarioAction,
  scenarioActionSteps,
  type ScenarioResult,
} from '../scenario'
import type { SimWorkerClient } from './simWorkerClient'

function tick(): Promise<void> {
  return new Promise((r) => setTimeout(r, 1))
}

/**
 * Drive `client` (a worker started with `clock: false`, same seed/count, epoch 0) through the
 * scenario and fingerprint the frame it publishes at the end (the displayed, shared or
 * transferred buffers, not the worker's own).
 */
export async function runScenarioInWorker(
  client: SimWorkerClient,
  seed: number,
  ticks = 10_000,
): Promise<ScenarioResult> {
  const messages = messageDigester()
  client.on(messages.add)
  await client.whenReady()
  const count = client.buffers.ids.length
  client.setMainView(true)
  let at = 0
  let active = true
  for (const t of scenarioActionSteps(ticks)) {
    client.advance(t - at, false)
    at = t
    const a = scenarioAction(t, count)!
    if (a.toggleActive) client.setActive((active = !active))
    if (a.markFailing !== undefined) client.markFailing(a.markFailing)
    if (a.speed !== undefined) client.setSpeed(a.speed)
  }
  const linksBefore = client.linksVersion
  client.advance(ticks - at, true)
  for (let k = 0; k < 10_000; k++) {
    client.sample()
    const r = client.readings
    if (client.stepIndex === ticks && client.linksVersion > linksBefore && r?.stepIndex === ticks)
      break
    await tick()
  }
  const r = client.readings!
  return {
    seed,
    count,
    ticks: client.stepIndex,
    digest: bufferDigest(client.buffers),
    links: linkDigest(client.links),
    linkCount: client.links.count,
    messages: messages.digest,
    messageCount: messages.count,
    failing: r.failingCount,
    efficiency: r.efficiency,
  }
}
