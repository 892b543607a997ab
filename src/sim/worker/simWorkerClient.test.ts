import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { FLAG, bufferDigest, createSwarmSim, linkDigest } from '..'
import { runScenario } from '../scenario'
import type { ToWorker } from './protocol'
import { SimWorkerCore } from './simWorkerCore'
import { FRAME_POOL, type FramePool } from './frameLayout'
import { SimWorkerClient, type SimWorkerOptions, type SimWorkerPort } from './simWorkerClient'
import { runScenarioInWorker } from './simWorkerScenario'

/**
 * The worker's core on one end of a MessageChannel and the page's client on the other: the same
 * structured clone, SharedArrayBuffer sharing and ArrayBuffer transfer semantics as a Web Worker.
 */
const open: MessagePort[] = []

function connect(opts: {
  seed: number
  count: number
  shared: boolean
  fork?: SimWorkerOptions['fork']
}) {
  const { port1, port2 } = new MessageChannel()
  open.push(port1, port2)
  const core = new SimWorkerCore((m, transfer) =>
    port1.postMessage(m, transfer as unknown as ArrayBuffer[]),
  )
  port1.on('message', (m: ToWorker) => core.handle(m))
  const client = new SimWorkerClient(port2 as unknown as SimWorkerPort, {
    ...opts,
    epochMs: 0,
    clock: false,
  })
  return { core, client }
}

const turn = () => new Promise((r) => setTimeout(r, 2))

async function until(client: SimWorkerClient, done: () => boolean): Promise<void> {
  for (let k = 0; k < 2000 && !done(); k++) {
    await turn()
    client.sample()
  }
  expect(done()).toBe(true)
}

afterEach(() => {
  for (const p of open.splice(0)) p.close()
})

describe('sim worker: same seed ⇒ byte-identical buffers in the worker and in Node', () => {
  it.each([
    [1, true],
    [42, false],
    [2024, true],
  ])('seed %s (shared buffers: %s), 10,000 ticks', async (seed, shared) => {
    const node = runScenario(seed, 10_000)
    const { client } = connect({ seed, count: 146, shared })
    const worker = await runScenarioInWorker(client, seed, 10_000)
    expect(worker).toEqual(node)
    expect(node.linkCount).toBeGreaterThan(0)
    expect(node.messageCount).toBeGreaterThan(100)
    // the displayed arrays sit on the frame buffer the worker filled
    const shares = client.buffers.x.buffer instanceof SharedArrayBuffer
    expect(shares).toBe(shared)
  })

  it('a bigger swarm stepped in one go: the frame equals the sim, links included', async () => {
    const sim = createSwarmSim({ seed: 9, count: 5000, epochMs: 0 })
    sim.advance(1000 * (1000 / 60))
    sim.computeLinks()
    const { client } = connect({ seed: 9, count: 5000, shared: false })
    await client.whenReady()
    client.advance(1000, true)
    await until(client, () => client.stepIndex === 1000 && client.links.count > 0)
    expect(bufferDigest(client.buffers)).toBe(bufferDigest(sim.buffers))
    expect(linkDigest(client.links)).toBe(linkDigest(sim.links))
  })
})

describe('sim worker: buffer hand-off', () => {
  it.each([true, false])(
    'shared %s: frames come back to the worker, never more than the pool',
    async (shared) => {
      const { core, client } = connect({ seed: 3, count: 500, shared })
      await client.whenReady()
      const seen = new Set<number>()
      for (let k = 1; k <= 40; k++) {
        client.advance(1, k % 5 === 0)
        await until(client, () => client.stepIndex === k)
        seen.add(client.frames)
      }
      expect(seen.size).toBe(40) // every frame adopted
      const c = core as unknown as { frames: FramePool; linkFrames: FramePool }
      expect(c.frames.allocated).toBeLessThanOrEqual(FRAME_POOL)
      expect(c.linkFrames.allocated).toBeLessThanOrEqual(FRAME_POOL)
      // a transferred frame handed back is detached on the page's side
      const before = client.buffers.x
      client.advance(1, false)
      await until(client, () => client.stepIndex === 41)
      expect(before.buffer.byteLength === 0).toBe(!shared)
    },
  )

  it('controls reach the worker: mark failing, standby', async () => {
    const { client } = connect({ seed: 4, count: 200, shared: true })
    await client.whenReady()
    client.markFailing(7)
    client.setActive(false)
    await until(
      client,
      () =>
        client.readings?.isActive === false &&
        client.frames > 0 &&
        (client.buffers.flags[7]! & FLAG.failing) !== 0,
    )
    expect(client.readings!.failingCount).toBe(1)
    expect(client.readings!.actionText).toBe('SWARM IN STANDBY MODE')
    expect(client.indexOfId(client.buffers.ids[7]!)).toBe(7)
  })
})

describe('sim worker: "Simulate locally" continues the displayed swarm', () => {
  it('the first frame is the forked swarm, byte for byte; then it runs on', async () => {
    const shown = createSwarmSim({ seed: 11, count: 400, epochMs: 0 })
    shown.advance(5000)
    shown.markFailing(3)
    const readings = { ...shown, metrics: shown.metrics, efficiency: 88.5, speed: 7 }
    const { client } = connect({
      seed: 99,
      count: 1,
      shared: false,
      fork: { buffers: shown.buffers, readings },
    })
    await until(client, () => client.frames > 0 && client.readings !== null)
    expect(bufferDigest(client.buffers)).toBe(bufferDigest(shown.buffers))
    expect(client.readings).toMatchObject({ efficiency: 88.5, speed: 7, failingCount: 1 })
    client.advance(60, false)
    await until(client, () => client.stepIndex === 60)
    expect(bufferDigest(client.buffers)).not.toBe(bufferDigest(shown.buffers))
  })
})
