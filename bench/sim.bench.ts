/**
 * `npm run bench:sim`: throughput of the swarm simulation (src/sim) in Node.
 *
 * For 146, 10,000 and 100,000 agents it prints ms per tick (one fixed 1/60 s step: movement, the
 * 0.5% mode switch, a 1/60 slice of the 1 s agent tick, and the failure/recovery ticks when they
 * fall due), agent-updates per second, and the same with the link-neighbour search run every tick
 * (and, for big swarms, staged over 4 ticks as the store runs it). Then the heap bytes allocated per
 * tick after warm-up. Each window covers 1,800 ticks (30 s of simulated time: every periodic rule
 * fires), except 600 (timing) and 300 (allocations) for 100,000 agents with links every tick.
 *
 * Wall-clock figures on a shared machine are noisy: mean and median are printed with the CPU time
 * the process itself used. It prints figures; it never passes or fails on time.
 */
import os from 'node:os'
import { Session } from 'node:inspector/promises'
import { createSwarmSim, type SwarmSim } from '../src/sim'

const COUNTS = [146, 10_000, 100_000]
const WARMUP_TICKS = 1800
const WARMUP_LINK_TICKS = 120
const WINDOW = 1800

interface Timing {
  mean: number
  median: number
  p95: number
  cpu: number
}

function measure(ticks: number, tick: () => void): Timing {
  const times = new Float64Array(ticks)
  const cpu0 = process.cpuUsage()
  for (let k = 0; k < ticks; k++) {
    const t0 = performance.now()
    tick()
    times[k] = performance.now() - t0
  }
  const cpu = process.cpuUsage(cpu0)
  const sorted = times.slice().sort()
  let sum = 0
  for (let k = 0; k < ticks; k++) sum += times[k]!
  return {
    mean: sum / ticks,
    median: sorted[Math.floor(ticks / 2)]!,
    p95: sorted[Math.floor(ticks * 0.95)]!,
    cpu: (cpu.user + cpu.system) / 1000 / ticks,
  }
}

let session: Session | null = null

/**
 * Bytes allocated per tick by the simulation's own code: V8's sampling heap profiler (every ~32
 * bytes, objects already collected by a GC included), summing the allocations made in functions
 * of src/sim. The bench's own loop, timers and the profiler are left out.
 */
async function allocations(ticks: number, tick: () => void): Promise<number> {
  if (!session) {
    session = new Session()
    session.connect()
    await session.post('HeapProfiler.enable')
  }
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 32,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  })
  for (let k = 0; k < ticks; k++) tick()
  const { profile } = await session.post('HeapProfiler.stopSampling')
  let bytes = 0
  const walk = (node: (typeof profile)['head']) => {
    if (node.callFrame.url.includes('/src/sim/')) bytes += node.selfSize
    for (const child of node.children) walk(child)
  }
  walk(profile.head)
  return bytes / ticks
}

const fmt = (v: number, d = 3) => v.toFixed(d)
const fmtInt = (v: number) => Math.round(v).toLocaleString('en-US')
const pad = (s: string, n: number) => s.padStart(n)

function row(cells: string[]): string {
  const widths = [9, 22, 9, 9, 9, 9, 16]
  return cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : pad(c, widths[i]!))).join(' ')
}

async function main(): Promise<void> {
  const cpus = os.cpus()
  console.log(
    `vPOS swarm sim bench: Node ${process.version}, ${cpus.length} CPU (${cpus[0]?.model ?? '?'}),` +
      ` load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  )
  console.log('ms per tick (wall: mean / median / p95; cpu: process CPU time per tick)\n')
  console.log(row(['agents', 'link search', 'mean', 'median', 'p95', 'cpu', 'agent-updates/s']))

  const allocRows: string[] = []
  for (const count of COUNTS) {
    const sim: SwarmSim = createSwarmSim({ seed: 1, count })
    const step = () => sim.step()
    const stepLinks = () => {
      sim.step()
      sim.computeLinks()
    }
    const stepLinksStaged = () => {
      sim.step()
      sim.computeLinksStaged(4)
    }
    // Warm-up: one full 30 s cycle (every periodic rule runs and gets optimised), then links.
    for (let k = 0; k < WARMUP_TICKS; k++) step()
    for (let k = 0; k < WARMUP_LINK_TICKS; k++) stepLinks()

    const variants: [string, () => void, number][] = [
      ['none', step, WINDOW],
      ['every tick', stepLinks, count >= 100_000 ? 600 : WINDOW],
    ]
    if (count > 20_000) variants.push(['staged over 4 (store)', stepLinksStaged, WINDOW])
    for (const [label, fn, ticks] of variants) {
      const t = measure(ticks, fn)
      console.log(
        row([
          fmtInt(count),
          label,
          fmt(t.mean),
          fmt(t.median),
          fmt(t.p95),
          fmt(t.cpu),
          fmtInt(count / (t.mean / 1000)),
        ]),
      )
    }
    const links = measure(count >= 100_000 ? 100 : 600, () => sim.computeLinks())
    console.log(
      row([
        fmtInt(count),
        'search alone',
        fmt(links.mean),
        fmt(links.median),
        fmt(links.p95),
        fmt(links.cpu),
        '',
      ]) + `   (${fmtInt(sim.links.count)} links)`,
    )

    const a = await allocations(WINDOW, step)
    const b = await allocations(count >= 100_000 ? 300 : WINDOW, stepLinks)
    allocRows.push(`${pad(fmtInt(count), 9)}   ${pad(fmt(a, 1), 14)}   ${pad(fmt(b, 1), 18)}`)
  }

  console.log('\nbytes allocated per tick by src/sim after warm-up (V8 sampling heap profiler)')
  console.log(`${pad('agents', 9)}   ${pad('no links', 14)}   ${pad('links every tick', 18)}`)
  for (const r of allocRows) console.log(r)
  console.log(
    '\ntargets (this 2-core machine): 100,000 agents ≤ 4 ms/tick without links, ≤ 8 ms with links,' +
      ' 0 allocations per tick after warm-up. Figures only: nothing here passes or fails.',
  )
}

void main()
