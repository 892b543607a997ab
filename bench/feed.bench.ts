/**
 * `npm run bench:feed`: the live feed under load, in one bounded run (about a minute).
 * For each scenario a real server (Fastify + /ws, its own 10 Hz sim) listens on loopback; a child
 * process opens the clients and counts what arrives, so the figures below are the SERVER's event
 * loop. Prints event-loop lag p50/p99 (a 10 ms timer's lateness) and delivered position frames/s
 * (expected: clients × 10), the server process's CPU use (a figure the other processes on a shared
 * machine disturb less than lag), then JSON type 1 vs packed type 8 sizes and decode times.
 * It prints figures; it does not pass or fail on them. Env: BENCH_MS (window per scenario, 6000).
 */
import { fork } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import Fastify from 'fastify'
import { testConfig } from '../server/config'
import { feedRoutes } from '../server/feed/feed.routes'
import { createSimSource } from '../server/feed/sim-source'
import { decodeFrame, encodeJsonFrame, encodePackedPositions } from '../src/feed/protocol'
import { buffersToPositions } from '../src/feed/wire'
import { controlProbe, fmt as f, lagSampler, lagText, machineLoad } from './lib/lag'

const WINDOW_MS = Number(process.env.BENCH_MS ?? 6000)
const WARMUP_MS = 1000

interface Scenario {
  clients: number
  agents: number
  packed: boolean
}

const SCENARIOS: Scenario[] = [
  { clients: 100, agents: 146, packed: false },
  { clients: 1000, agents: 146, packed: false },
  { clients: 100, agents: 10_000, packed: false },
  { clients: 100, agents: 10_000, packed: true },
]

async function runScenario(s: Scenario) {
  const app = Fastify({ logger: false })
  app.decorate('config', testConfig())
  await app.register(feedRoutes, { agents: s.agents, seed: 7 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  const child = fork(fileURLToPath(new URL('./feed-clients.mjs', import.meta.url)), {
    stdio: 'inherit',
  })
  const wait = (cmd: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (m.cmd !== cmd) return
        child.off('message', on)
        resolve(m)
      }
      child.on('message', on)
    })
  const url = `ws://127.0.0.1:${port}/ws${s.packed ? '?positions=f32' : ''}`
  const ready = wait('ready')
  child.send({ cmd: 'start', url, clients: s.clients })
  await ready
  await new Promise((r) => setTimeout(r, WARMUP_MS))
  const control = await controlProbe()
  control.start()
  const stop = lagSampler()
  const statsBefore = { ...app.feed.relay.stats }
  const cpuBefore = process.cpuUsage()
  const result = wait('result')
  child.send({ cmd: 'measure', ms: WINDOW_MS })
  const r = await result
  const lag = stop()
  const controlLag = await control.stop()
  const cpu = process.cpuUsage(cpuBefore)
  const stats = app.feed.relay.stats
  const skipped = stats.skipped - statsBefore.skipped
  const coalesced = stats.coalesced - statsBefore.coalesced
  const terminated = stats.terminated - statsBefore.terminated
  await app.close()
  const frames = Number(r.frames)
  return {
    scenario: `${s.clients} clients × ${s.agents} agents${s.packed ? ' (type 8)' : ' (type 1)'}`,
    lag,
    controlLag,
    cpuPct: ((cpu.user + cpu.system) / 1000 / WINDOW_MS) * 100,
    framesPerSec: frames / (WINDOW_MS / 1000),
    expected: s.clients * 10,
    mbPerSec: Number(r.bytes) / (WINDOW_MS / 1000) / 1e6,
    skipped,
    coalesced,
    terminated,
  }
}

function codecFigures(agents: number) {
  const src = createSimSource({ agents, seed: 3 })
  src.step(100)
  const a = src.agents
  const json = encodeJsonFrame(1, buffersToPositions(a))
  const packed = encodePackedPositions(a.x, a.y, a.count)
  const time = (bytes: Uint8Array) => {
    const reps = agents > 1000 ? 50 : 2000
    for (let i = 0; i < 5; i++) decodeFrame(bytes)
    const t0 = performance.now()
    for (let i = 0; i < reps; i++) decodeFrame(bytes)
    return (performance.now() - t0) / reps
  }
  const encodeJsonMs = (() => {
    const t0 = performance.now()
    for (let i = 0; i < 20; i++) encodeJsonFrame(1, buffersToPositions(a))
    return (performance.now() - t0) / 20
  })()
  return {
    agents,
    jsonBytes: json.length,
    packedBytes: packed.length,
    jsonDecodeMs: time(json),
    packedDecodeMs: time(packed),
    encodeJsonMs,
  }
}

console.log(
  `live feed bench: window ${WINDOW_MS} ms per scenario, 10 Hz, loopback; clients in a child process`,
)
console.log(`machine: ${machineLoad()}`)
for (const s of SCENARIOS) {
  const r = await runScenario(s)
  console.log(
    `${r.scenario}\n` +
      `  server event-loop lag ${lagText(r.lag)}   idle control ${lagText(r.controlLag)}   server CPU ${f(r.cpuPct, 0)}%\n` +
      `  delivered ${f(r.framesPerSec, 0)}/${r.expected} position frames/s, ${f(r.mbPerSec, 1)} MB/s; ` +
      `skipped ${r.skipped}, coalesced ${r.coalesced}, terminated ${r.terminated}`,
  )
}
for (const agents of [146, 10_000]) {
  const c = codecFigures(agents)
  console.log(
    `codec ${String(agents).padStart(5)} agents: type 1 JSON ${c.jsonBytes} B (decode ${f(c.jsonDecodeMs, 3)} ms, encode ${f(c.encodeJsonMs, 3)} ms)  type 8 packed ${c.packedBytes} B (decode ${f(c.packedDecodeMs, 4)} ms)`,
  )
}
process.exit(0)
