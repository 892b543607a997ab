/**
 * Test support for snapshot import (RELIABILITY.md §12, finding 7): an export file with some of its
 * numbers replaced by any double, and the ranges a test checks an accepted snapshot against,
 * written out here as numbers rather than read from src/sim/snapshot/snapshotBounds.ts, so the
 * tests do not grade the code by itself.
 */
import fc from 'fast-check'
import { toAgent } from '../sim/agentFields'
import type { Snapshot } from '../sim/snapshot/snapshot'

type Json = Record<string, unknown>

/** Paths of every number of an export file's snapshots (agents of the first `agents` of each). */
function numberPaths(file: { snapshots: Json[] }): (string | number)[][] {
  const paths: (string | number)[][] = []
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v === 'number') paths.push(path)
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]))
    else if (typeof v === 'object' && v !== null)
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k])
  }
  walk(file.snapshots, ['snapshots'])
  return paths
}

/**
 * Any number JSON can carry, the full double range and its edges: ±1e308, ±MAX_VALUE, -0, the
 * smallest subnormal, huge integers; also ordinary values (the sim's ranges), so some files
 * pass. NaN and ±Infinity become null in JSON.stringify (a type error for the validator).
 */
const anyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double(),
  fc.constantFrom(
    1e308,
    -1e308,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    -0,
    Number.MIN_VALUE,
    2 ** 53 + 2,
    -(2 ** 63),
    1e21,
    8.64e15 + 1,
    150_001,
  ),
  fc.integer(),
  fc.double({ min: -2000, max: 3000, noNaN: true }),
)

/**
 * The JSON text of `file` with 1–4 of its numbers (any, including the world's, the metrics' and
 * every agent field) replaced by anyNumber.
 */
export function mutatedFile(file: { snapshots: Json[] }): fc.Arbitrary<string> {
  const paths = numberPaths(file)
  return fc
    .array(fc.tuple(fc.nat({ max: paths.length - 1 }), anyNumber), { minLength: 1, maxLength: 4 })
    .map((edits) => {
      const copy = structuredClone(file) as unknown as Json
      for (const [k, value] of edits) {
        const path = paths[k]!
        let at = copy as Record<string | number, unknown>
        for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>
        at[path.at(-1)!] = value
      }
      return JSON.stringify(copy)
    })
}

type Range = readonly [number, number]

const within = (v: number, [min, max]: Range) => v >= min && v <= max

/** Every number of `s` outside the ranges below, as 'field = value' (empty: all within). */
export function numbersOutOfRange(s: Snapshot): string[] {
  const bad: string[] = []
  const check = (where: string, v: number, r: Range) => {
    if (!within(v, r)) bad.push(`${where} = ${v}`)
  }
  const { width, height } = s.world
  check('timestamp', s.timestamp, [0, 8.64e15])
  check('world.width', width, [1, 150_000])
  check('world.height', height, [1, 150_000])
  check('efficiency', s.efficiency, [0, 100])
  const m = s.metrics
  check('metrics.totalAgents', m.totalAgents, [0, 1e6])
  check('metrics.activeAgents', m.activeAgents, [0, 1e6])
  check('metrics.processingPower', m.processingPower, [0, 1e8])
  check('metrics.averageEfficiency', m.averageEfficiency, [0, 100])
  check('metrics.networkLatency', m.networkLatency, [0, 1e6])
  check('metrics.completedTasks', m.completedTasks, [0, Number.MAX_SAFE_INTEGER])
  for (let i = 0; i < s.agents.count; i++) {
    const a = toAgent(s.agents, i)
    const at = (f: string) => `agents.${i}.${f}`
    check(at('x'), a.x, [-1000, width + 1000])
    check(at('y'), a.y, [-1000, height + 1000])
    check(at('target.x'), a.target.x, [-1000, width + 1000])
    check(at('target.y'), a.target.y, [-1000, height + 1000])
    check(at('size'), a.size, [0, 20])
    check(at('speedX'), a.speedX, [-10, 10])
    check(at('speedY'), a.speedY, [-10, 10])
    check(at('processingPower'), a.processingPower, [0, 100])
    check(at('efficiency'), a.efficiency, [0, 100])
    check(at('connections'), a.connections, [0, 7])
    check(at('lastActiveTime'), a.lastActiveTime, [0, 8.64e15])
    check(at('energyLevel'), a.energyLevel, [0, 100])
    check(at('pulseRate'), a.pulseRate, [0, 10])
  }
  return bad
}
