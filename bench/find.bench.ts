/**
 * `npm run bench:find`: the Swarm Core find box's search (src/pages/swarm/findAgents.ts) over a
 * seeded swarm of 1,000,000 agents in Node. Issue 32 asks for an answer within 50 ms; the worst case
 * is a query nothing matches (every id read once). Prints the median and worst of 50 runs per
 * query kind; it never passes or fails on time.
 */
import { findAgents } from '../src/pages/swarm/findAgents'
import { createSwarmSim } from '../src/sim'

const COUNT = 1_000_000
const RUNS = 50

const t0 = performance.now()
const sim = createSwarmSim({ seed: 32, count: COUNT })
const b = sim.buffers
console.log(
  `swarm of ${b.count.toLocaleString('en')} agents built in ${(performance.now() - t0).toFixed(0)} ms`,
)

const last = b.ids[b.count - 1]!
const queries: [string, string][] = [
  ['one character (stops at the cap)', b.ids[0]!.slice(0, 1)],
  ['short name of the last agent', last.slice(0, 5).toUpperCase()],
  ['full id of the last agent', last],
  ['no match (valid prefix)', 'zzzzzzzz'],
  ['no match (not an id)', '7f-3'],
]

for (const [kind, query] of queries) {
  const times: number[] = []
  let found = 0
  for (let r = 0; r < RUNS; r++) {
    const s = performance.now()
    found = findAgents(b, query).ids.length
    times.push(performance.now() - s)
  }
  times.sort((x, y) => x - y)
  const median = times[Math.floor(RUNS / 2)]!
  const worst = times[RUNS - 1]!
  console.log(
    `${kind.padEnd(36)} ${JSON.stringify(query).padEnd(12)} ${String(found).padStart(2)} found  median ${median.toFixed(2)} ms  worst ${worst.toFixed(2)} ms`,
  )
}
