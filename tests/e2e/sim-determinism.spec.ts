/**
 * The simulation in Chromium: same seed ⇒ the same swarm, byte for byte, as in Node after 10,000
 * ticks (agent buffers, links, console lines), and snapshot persistence in a real IndexedDB.
 *
 * The sim is not reached through a test hook in the app: beforeAll bundles
 * tests/e2e/support/simBrowserEntry.ts with Vite (the app's own bundler and minifier) into one
 * IIFE, and each test injects it into a page of the app's origin (/api/health, so no app code
 * runs beside it). bypassCSP lets the inline bundle run under the app's strict CSP.
 */
import { type Page, expect, test } from '@playwright/test'
import { build, type Rolldown } from 'vite'
import { runScenario } from '../../src/sim/scenario'
import type * as SimBrowser from './support/simBrowserEntry'

declare global {
  interface Window {
    VposSimTest: typeof SimBrowser
  }
}

test.use({ bypassCSP: true })

let bundle = ''
let workerBundle = ''

async function iife(entry: string, name: string): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: {
        entry: new URL(entry, import.meta.url).pathname,
        formats: ['iife'],
        name,
        fileName: () => `${name}.js`,
      },
    },
  })
  const results = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[]
  const chunk = results[0]?.output.find((o) => o.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error('no bundle')
  return chunk.code
}

test.beforeAll(async () => {
  bundle = await iife('./support/simBrowserEntry.ts', 'VposSimTest')
  // the app's sim worker, bundled on its own and started from a blob: URL in the page
  workerBundle = await iife('../../src/sim/worker/simWorker.ts', 'VposSimWorker')
})

async function openWithSim(page: Page) {
  await page.goto('/api/health')
  await page.addScriptTag({ content: bundle })
  await expect.poll(() => page.evaluate(() => typeof window.VposSimTest)).toBe('object')
}

for (const seed of [1, 42, 2024]) {
  test(`seed ${seed}: 10,000 ticks give the same digests in Chromium as in Node`, async ({
    page,
  }) => {
    await openWithSim(page)
    const node = runScenario(seed, 10_000)
    const browser = await page.evaluate((s) => window.VposSimTest.runScenario(s, 10_000), seed)
    expect(browser).toEqual(node)
    // the run did something: links, a console, failures and recoveries
    expect(node.linkCount).toBeGreaterThan(0)
    expect(node.messageCount).toBeGreaterThan(100)
  })
}

for (const shared of [true, false]) {
  test(`in a Web Worker (${shared ? 'SharedArrayBuffer' : 'transferred buffers'}): 10,000 ticks give the same buffers as on the main thread and in Node`, async ({
    page,
  }) => {
    await openWithSim(page)
    const node = runScenario(7, 10_000)
    const result = await page.evaluate(
      async ({ code, shared }) => {
        const T = window.VposSimTest
        const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }))
        const worker = new Worker(url)
        const client = new T.SimWorkerClient(worker, {
          seed: 7,
          count: 146,
          epochMs: 0,
          shared,
          clock: false,
        })
        const inWorker = await T.runScenarioInWorker(client, 7, 10_000)
        client.dispose()
        return {
          isolated: crossOriginIsolated,
          inWorker,
          mainThread: T.runScenario(7, 10_000),
          sharedFrames: client.buffers.x.buffer instanceof SharedArrayBuffer,
        }
      },
      { code: workerBundle, shared },
    )
    // the app's pages are cross-origin isolated (COOP + COEP): the worker may share its buffers
    expect(result.isolated).toBe(true)
    expect(result.sharedFrames).toBe(shared)
    expect(result.mainThread).toEqual(node)
    expect(result.inWorker).toEqual(node)
  })
}

test('a different seed gives a different swarm in Chromium too', async ({ page }) => {
  await openWithSim(page)
  const [a, b] = await page.evaluate(() => [
    window.VposSimTest.runScenario(1, 600).digest,
    window.VposSimTest.runScenario(2, 600).digest,
  ])
  expect(a).not.toBe(b)
  expect(a).toBe(runScenario(1, 600).digest)
})

test('snapshots persist in IndexedDB, capped at 20 (oldest dropped), across a reload', async ({
  page,
}) => {
  await openWithSim(page)
  const saved = await page.evaluate(async () => {
    const T = window.VposSimTest
    T.setSnapshotStorage(T.indexedDbStorage(indexedDB))
    const sim = T.createSwarmSim({ seed: 3, count: 146, epochMs: 1_700_000_000_000 })
    for (let k = 0; k < 25; k++) {
      sim.advance(1000)
      await T.saveSnapshot(
        T.createSnapshot({
          id: `snap${String(k).padStart(2, '0')}`,
          timestamp: sim.nowMs,
          name: `Snapshot ${k + 1}`,
          world: sim.world,
          efficiency: sim.efficiency,
          buffers: sim.buffers,
          metrics: sim.metrics,
          failingAgents: sim.failingIds(),
          messages: [],
        }),
      )
    }
    return { cap: T.MAX_PERSISTED_SNAPSHOTS, ids: (await T.loadSnapshots()).map((s) => s.id) }
  })
  expect(saved.cap).toBe(20)
  expect(saved.ids).toEqual(
    Array.from({ length: 20 }, (_, k) => `snap${String(k + 5).padStart(2, '0')}`),
  )

  await page.reload()
  await page.addScriptTag({ content: bundle })
  const restored = await page.evaluate(async () => {
    const T = window.VposSimTest
    T.setSnapshotStorage(T.indexedDbStorage(indexedDB))
    const all = await T.loadSnapshots()
    const last = all.at(-1)!
    return {
      ids: all.map((s) => s.id),
      names: [all[0]!.name, last.name],
      agents: last.agents.count,
      typed: last.agents.x instanceof Float32Array && last.agents.flags instanceof Uint8Array,
    }
  })
  expect(restored).toEqual({
    ids: saved.ids,
    names: ['Snapshot 6', 'Snapshot 25'],
    agents: 146,
    typed: true,
  })
})
