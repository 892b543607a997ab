/**
 * Test support for the agent codec (agentFields.ts) and every decoder built on it (the wire's,
 * the live mirror's): agents the sim could hold, records from outside with any field missing or
 * wrong, and the decoding rule as a table of cases. The expected values are written out as
 * numbers, not read from the field table, so the tests do not grade the code by itself.
 */
import fc from 'fast-check'
import type { Agent } from '../sim/agentFields'

/** Seeded, so a failure is the same failure on the next run. */
export const PROPERTY_RUNS = { seed: 3104, numRuns: 300 }

/** A value the buffers hold exactly (float32) that the wire's `decimals` also carry exactly. */
function onGrid(min: number, max: number, decimals: number): fc.Arbitrary<number> {
  const scale = 10 ** decimals
  return fc
    .integer({ min: Math.ceil(min * scale), max: Math.floor(max * scale) })
    .map((k) => Math.fround(k / scale))
}

const hex = (c: number) => `#${c.toString(16).padStart(6, '0')}`
const coordinate = onGrid(-1_000, 151_000, 1)

/**
 * An agent the sim could hold, on the wire's grid: every number within its range and kept to the
 * decimals the feed sends, so a trip over the wire loses nothing. A failing agent is red.
 */
export const simAgent: fc.Arbitrary<Agent> = fc
  .record({
    id: fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
      minLength: 8,
      maxLength: 8,
    }),
    x: coordinate,
    y: coordinate,
    size: onGrid(0, 20, 2),
    speedX: onGrid(-10, 10, 2),
    speedY: onGrid(-10, 10, 2),
    color: fc.integer({ min: 0, max: 0xffffff }).map(hex),
    target: fc.record({ x: coordinate, y: coordinate }),
    mode: fc.constantFrom('explore', 'idle', 'target', 'analyze' as const),
    type: fc.constantFrom('standard', 'analyzer', 'collector', 'processor', 'other' as const),
    status: fc.constantFrom('active', 'idle', 'processing', 'other' as const),
    processingPower: onGrid(0, 100, 1),
    efficiency: onGrid(0, 100, 2),
    connections: fc.integer({ min: 0, max: 7 }),
    lastActiveTime: fc.integer({ min: 0, max: 8.64e15 }),
    energyLevel: onGrid(0, 100, 1),
    glow: fc.boolean(),
    pulseRate: onGrid(0, 10, 2),
    failing: fc.boolean(),
  })
  .map((a) => (a.failing ? { ...a, color: '#ff3344' } : a))

/** Anything a field could hold in a JSON frame or file, sensible or not. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.double(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e308, -1e308, '12', 'drone', '#00d4ff', 'red'),
  fc.constantFrom(null, true, false, {}, []),
  fc.string({ maxLength: 8 }),
)

/**
 * A PRODUCT.md §3 agent record from outside the sim: each field is valid, anything, or absent (id,
 * x and y stay valid: decodeFrame refuses a state without them). Failing or not, by its id.
 */
export const anyAgentRecord: fc.Arbitrary<Record<string, unknown>> = simAgent.chain((a) => {
  const { id, x, y, failing: _failing, ...rest } = a
  const fields = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, fc.oneof(fc.constant(v), anyValue)]),
  )
  return fc
    .record(fields, { requiredKeys: [] })
    .map((r): Record<string, unknown> => ({ id, x, y, ...r }))
})

/** A valid wire agent the cases below patch; its failing state is `failing` of the case. */
const BASE_RECORD = {
  id: 'agent001',
  x: 100,
  y: 200,
  size: 4,
  speedX: 0.5,
  speedY: -0.5,
  color: '#00d4ff',
  target: { x: 300, y: 400 },
  mode: 'target',
  type: 'collector',
  status: 'processing',
  processingPower: 40,
  efficiency: 92,
  connections: 3,
  lastActiveTime: 1000,
  energyLevel: 60,
  glow: true,
  pulseRate: 1,
} as const

export interface DecodingCase {
  name: string
  /** fields to replace; `undefined` removes the field */
  patch: Record<string, unknown>
  failing?: boolean
  /** what toAgent reads back from the decoded slot */
  expected: Partial<Agent>
}

/** The decoding rule, case by case (agentFields.ts, its header). */
export const DECODING_CASES: readonly DecodingCase[] = [
  { name: 'a valid agent as it is', patch: {}, expected: { ...BASE_RECORD, failing: false } },
  { name: 'missing size → 3', patch: { size: undefined }, expected: { size: 3 } },
  { name: 'size NaN → 3', patch: { size: NaN }, expected: { size: 3 } },
  { name: "size '4' (a string) → 3", patch: { size: '4' }, expected: { size: 3 } },
  { name: 'size 50 → 20', patch: { size: 50 }, expected: { size: 20 } },
  { name: 'speedX Infinity → 0', patch: { speedX: Infinity }, expected: { speedX: 0 } },
  { name: 'speedY -40 → -10', patch: { speedY: -40 }, expected: { speedY: -10 } },
  { name: 'missing energy → 75', patch: { energyLevel: undefined }, expected: { energyLevel: 75 } },
  { name: 'energy 150 → 100', patch: { energyLevel: 150 }, expected: { energyLevel: 100 } },
  { name: 'energy -5 → 0', patch: { energyLevel: -5 }, expected: { energyLevel: 0 } },
  {
    name: 'missing power, efficiency, pulse, time → 50, 90, 1, 0',
    patch: {
      processingPower: undefined,
      efficiency: undefined,
      pulseRate: undefined,
      lastActiveTime: undefined,
    },
    expected: { processingPower: 50, efficiency: 90, pulseRate: 1, lastActiveTime: 0 },
  },
  { name: 'efficiency 250 → 100', patch: { efficiency: 250 }, expected: { efficiency: 100 } },
  { name: 'pulse 99 → 10', patch: { pulseRate: 99 }, expected: { pulseRate: 10 } },
  { name: 'connections 3.6 → 4', patch: { connections: 3.6 }, expected: { connections: 4 } },
  { name: 'connections 12 → 7', patch: { connections: 12 }, expected: { connections: 7 } },
  { name: 'connections -3 → 0', patch: { connections: -3 }, expected: { connections: 0 } },
  {
    name: 'missing connections → 0',
    patch: { connections: undefined },
    expected: { connections: 0 },
  },
  {
    name: 'missing target → the agent’s position',
    patch: { target: undefined },
    expected: { target: { x: 100, y: 200 } },
  },
  {
    name: 'a target coordinate that is not a number → that position coordinate',
    patch: { target: { x: 'left', y: 401 } },
    expected: { target: { x: 100, y: 401 } },
  },
  { name: 'unknown mode → explore', patch: { mode: 'dance' }, expected: { mode: 'explore' } },
  { name: 'unknown status → other', patch: { status: 'sleeping' }, expected: { status: 'other' } },
  {
    name: 'unknown type → other, colour kept',
    patch: { type: 'drone' },
    expected: { type: 'other', color: '#00d4ff' },
  },
  {
    name: 'a colour that is not #rrggbb → the type’s colour',
    patch: { color: 'red' },
    expected: { color: '#33ff99' },
  },
  {
    name: 'no colour and an unknown type → the teal of other',
    patch: { color: undefined, type: 'drone' },
    expected: { color: '#14b8a6' },
  },
  {
    name: 'a colour without its # is read',
    patch: { color: 'B266FF' },
    expected: { color: '#b266ff' },
  },
  {
    name: 'a failing agent is red, whatever its colour',
    patch: {},
    failing: true,
    expected: { color: '#ff3344', failing: true },
  },
  { name: "glow 'yes' → no glow", patch: { glow: 'yes' }, expected: { glow: false } },
  { name: 'missing glow → no glow', patch: { glow: undefined }, expected: { glow: false } },
]

/** BASE_RECORD with a case's patch applied. */
export function patched(c: DecodingCase): Record<string, unknown> {
  const r: Record<string, unknown> = { ...BASE_RECORD, ...c.patch }
  for (const [k, v] of Object.entries(c.patch)) if (v === undefined) delete r[k]
  return r
}

/** Metrics of a one-agent state frame (the decoders' tests send agents, not figures). */
export const ONE_AGENT_METRICS = {
  totalAgents: 1,
  activeAgents: 1,
  processingPower: 1,
  averageEfficiency: 90,
  networkLatency: 5,
  completedTasks: 0,
}
