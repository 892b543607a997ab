/**
 * `npm run bench:efficiency`: the swarm efficiency a long-running server shows (issue 30, item 3).
 *
 * It builds the server's swarm the way server/feed/sim-source.ts does (src/sim, 146 agents, seed
 * 146, a listener attached, the main-view timers attached) and advances it as the feed engine does,
 * 100 ms of simulated time per call, through 24 simulated hours as fast as it can: every 1/60 s
 * frame is stepped, nothing is skipped. Efficiency changes only at the 5 s update
 * (MAIN_EFFICIENCY_STEPS), so the readings taken there, each held for 5 s, are its whole history.
 *
 * Both rules see the same swarm: efficiency never feeds back into the sim, so at each update the
 * bench reads the failing count and peeks the walk's draw (the next value of the sim's seeded Rng,
 * which updateEfficiency takes first) and applies PRODUCT.md §4 as written (pull 0) beside the
 * sim's own rule (EFFICIENCY_PULL). It checks that its copy of our rule matches the sim's reading
 * at every update.
 *
 * Definitions:
 * - reading: the efficiency as shown, 1 decimal; "at the floor" is a reading of 75.0.
 * - failure wave: a PRODUCT.md §4 failure tick (every 120 s of simulated time, FAILURE_TICK_STEPS)
 *   at which at least one agent failed (the error events of that step; a main-view 1 % error that
 *   falls on the same step counts in it).
 * - dip: the reading at the first update at or after the wave's step (on the server the same step:
 *   both fall on whole 5 s) is at least 0.2 (one failing agent's drop) below the reading at the
 *   update before the wave.
 * - back: after a dip, the reading is again within 0.5 of its pre-wave value before the next wave.
 *
 * Options: --hours N (default 24), --seed N (default 146, the server's). It prints figures; it never
 * passes or fails on time.
 */
import { parseArgs } from 'node:util'
import {
  EFFICIENCY_DEFAULT,
  EFFICIENCY_MIN,
  FAILURE_TICK_STEPS,
  STEP_MS,
} from '../src/sim/constants'
import { attachMainView, createSwarmSim } from '../src/sim'
import { Rng } from '../src/sim/random'
import { nextEfficiency } from '../src/sim/swarmStats'

const { values } = parseArgs({
  options: { hours: { type: 'string', default: '24' }, seed: { type: 'string', default: '146' } },
})
const HOURS = Number(values.hours)
const SEED = Number(values.seed)
const AGENTS = 146
/** the feed engine's tick: FeedEngine calls source.step(100) at 10 Hz */
const FEED_TICK_MS = 100

interface Update {
  step: number
  failing: number
  ours: number
  spec: number
}

const shown = (e: number) => Math.round(e * 10) / 10

function run() {
  const sim = createSwarmSim({ seed: SEED, count: AGENTS })
  const waves = new Map<number, number>() // failure-tick step → agents failed there
  // sim-source.ts listens (for console lines and error events); a listener changes which texts the
  // sim builds, never its random draws, but it is attached here all the same.
  sim.on((e) => {
    if (e.kind === 'error' && sim.stepIndex % FAILURE_TICK_STEPS === 0) {
      waves.set(sim.stepIndex, (waves.get(sim.stepIndex) ?? 0) + 1)
    }
  })
  const updates: Update[] = []
  const peek = new Rng(0)
  let spec = sim.efficiency
  let ours = sim.efficiency
  // GOTCHA: the update's inputs (failing count, the walk's draw) exist only just before it runs, so
  // the bench wraps this one sim's periodicUpdate; what it runs is unchanged.
  const periodicUpdate = sim.periodicUpdate.bind(sim)
  sim.periodicUpdate = () => {
    peek.state = sim.rng.state
    const r = peek.next()
    const failing = sim.failingCount
    spec = nextEfficiency(spec, failing, r, 0)
    ours = nextEfficiency(ours, failing, r)
    periodicUpdate()
    if (sim.efficiency !== ours) {
      throw new Error(`bench's rule ${ours} differs from the sim's ${sim.efficiency}`)
    }
    updates.push({ step: sim.stepIndex, failing, ours, spec })
  }
  attachMainView(sim)
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  const end = HOURS * 3_600_000
  for (let t = 0; t < end; t += FEED_TICK_MS) sim.advance(FEED_TICK_MS)
  const cpu = process.cpuUsage(cpu0)
  return {
    updates,
    waves,
    steps: sim.stepIndex,
    wallMs: performance.now() - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
  }
}

function quantile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
}

function figures(updates: Update[], waves: Map<number, number>, rule: 'ours' | 'spec') {
  const readings = updates.map((u) => shown(u[rule]))
  const sorted = [...readings].sort((a, b) => a - b)
  const floor = readings.filter((e) => e <= EFFICIENCY_MIN).length
  const firstFloor = readings.findIndex((e) => e <= EFFICIENCY_MIN)
  let dips = 0
  let back = 0
  let depth = 0
  const waveSteps = [...waves.keys()].sort((a, b) => a - b)
  waveSteps.forEach((step, w) => {
    const at = updates.findIndex((u) => u.step >= step)
    if (at < 0) return
    const before = at > 0 ? readings[at - 1]! : shown(EFFICIENCY_DEFAULT)
    const drop = before - readings[at]!
    if (drop < 0.2 - 1e-9) return
    dips++
    depth += drop
    const nextWave = waveSteps[w + 1] ?? Infinity
    for (let k = at + 1; k < updates.length && updates[k]!.step < nextWave; k++) {
      if (readings[k]! >= before - 0.5) {
        back++
        break
      }
    }
  })
  return {
    mean: readings.reduce((a, b) => a + b, 0) / readings.length,
    floorPct: (100 * floor) / readings.length,
    firstFloorMin: firstFloor < 0 ? null : (updates[firstFloor]!.step * STEP_MS) / 60_000,
    min: sorted[0]!,
    p5: quantile(sorted, 0.05),
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted.at(-1)!,
    dips,
    back,
    meanDip: dips > 0 ? depth / dips : 0,
  }
}

const r = run()
const { updates, waves } = r
const withFailing = updates.filter((u) => u.failing > 0).length
const waveSizes = [...waves.values()]
console.log(
  `efficiency over ${HOURS} simulated hours of the server's swarm (${AGENTS} agents, seed ${SEED}, ` +
    `main view attached, ${FEED_TICK_MS} ms per engine tick)`,
)
console.log(
  `  ${r.steps.toLocaleString('en')} frames stepped in ${(r.wallMs / 1000).toFixed(1)} s wall, ` +
    `${(r.cpuMs / 1000).toFixed(1)} s CPU; ${updates.length.toLocaleString('en')} efficiency updates (every 5 s)`,
)
console.log(
  `  updates that saw a failing agent: ${((100 * withFailing) / updates.length).toFixed(1)} %; ` +
    `failure waves: ${waves.size} (agents failed per wave: mean ` +
    `${(waveSizes.reduce((a, b) => a + b, 0) / Math.max(1, waves.size)).toFixed(1)}, ` +
    `min ${Math.min(...waveSizes)}, max ${Math.max(...waveSizes)})`,
)
console.log('')
const rows: [string, ReturnType<typeof figures>][] = [
  ['ours (pull 0.1 toward 97.3)', figures(updates, waves, 'ours')],
  ['SPEC §4 as written', figures(updates, waves, 'spec')],
]
const pad = (s: string | number, n: number) => String(s).padStart(n)
console.log(
  `${'rule'.padEnd(28)}${pad('mean', 7)}${pad('floor', 8)}${pad('1st floor', 11)}` +
    `${pad('min', 7)}${pad('p5', 7)}${pad('p50', 7)}${pad('p95', 7)}${pad('max', 7)}` +
    `${pad('dips', 11)}${pad('mean dip', 10)}${pad('back', 10)}`,
)
for (const [name, f] of rows) {
  console.log(
    `${name.padEnd(28)}${pad(f.mean.toFixed(2), 7)}${pad(`${f.floorPct.toFixed(1)} %`, 8)}` +
      `${pad(f.firstFloorMin === null ? 'never' : `${f.firstFloorMin.toFixed(1)} min`, 11)}` +
      `${pad(f.min.toFixed(1), 7)}${pad(f.p5.toFixed(1), 7)}${pad(f.p50.toFixed(1), 7)}` +
      `${pad(f.p95.toFixed(1), 7)}${pad(f.max.toFixed(1), 7)}` +
      `${pad(`${f.dips}/${waves.size}`, 11)}${pad(f.meanDip.toFixed(2), 10)}` +
      `${pad(`${f.back}/${f.dips}`, 10)}`,
  )
}
const ours = rows[0]![1]
console.log('')
console.log(
  `targets (issue 30): time-average ≥ 90 %: ${ours.mean >= 90 ? 'yes' : 'NO'}; ` +
    `at the floor < 5 % of the time: ${ours.floorPct < 5 ? 'yes' : 'NO'}; ` +
    `a dip after every failure wave: ${ours.dips === waves.size ? 'yes' : 'NO'}`,
)
