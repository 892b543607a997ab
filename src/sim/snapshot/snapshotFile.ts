/**
 * Snapshot import (PRODUCT.md §3): validates a whole export file (snapshot.ts writes it) with zod
 * and reports the first problem in words ("Invalid snapshot file: snapshots.0.agents.3.x: must be
 * between -1,000 and 2,600 (it is 1e+308)") so a bad file never half-loads. Every number has a
 * range (snapshotBounds.ts): a finite but absurd one made replay throw every frame
 * (RELIABILITY.md §12, finding 7). Kept
 * apart from snapshot.ts and loaded on demand (state/snapshotStore.ts importSnapshotsJson): zod
 * is not part of the app's first paint.
 */
import { z } from 'zod'
import { writeAgent } from '../agentFields'
import { createAgentBuffers } from '../agents'
import {
  AGENT_RANGES,
  MAX_SNAPSHOT_AGENTS,
  METRIC_RANGES,
  SNAPSHOT_RANGES,
  coordinateRange,
  inRange,
  rangeMessage,
  type NumberRange,
} from './snapshotBounds'
import {
  SNAPSHOT_FILE_FORMAT,
  SNAPSHOT_FILE_VERSION,
  snapshotHead,
  type Snapshot,
} from './snapshot'
import { AGENT_TYPE_NAMES, MODE_NAMES, STATUS_NAMES, type World } from '../types'

/** A number within `r`; out of range: 'must be between A and B (it is V)'. */
const within = (r: NumberRange) => {
  const error = (issue: { input?: unknown }) => rangeMessage(r, issue.input)
  return z.number().min(r.min, { error }).max(r.max, { error })
}

const coordinate = z.number()
const A = AGENT_RANGES

const agentSchema = z.object({
  id: z.string().min(1).max(64),
  // checked against the snapshot's world (coordinateIssue below)
  x: coordinate,
  y: coordinate,
  size: within(A.size),
  speedX: within(A.speedX),
  speedY: within(A.speedY),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like #00d4ff'),
  target: z.object({ x: coordinate, y: coordinate }),
  mode: z.enum(MODE_NAMES as [string, ...string[]]),
  type: z.enum(AGENT_TYPE_NAMES as [string, ...string[]]),
  status: z.enum(STATUS_NAMES as [string, ...string[]]),
  processingPower: within(A.processingPower),
  efficiency: within(A.efficiency),
  connections: within(A.connections).int(),
  lastActiveTime: within(A.lastActiveTime),
  energyLevel: within(A.energyLevel),
  glow: z.boolean(),
  pulseRate: within(A.pulseRate),
  failing: z.boolean().optional(),
})

const messageSchema = z.object({
  id: z.string(),
  type: z.enum(['system', 'node', 'task', 'alert', 'analysis']),
  text: z.string(),
  timestamp: z.string(),
})

const M = METRIC_RANGES
const metricsSchema = z.object({
  totalAgents: within(M.totalAgents),
  activeAgents: within(M.activeAgents),
  processingPower: within(M.processingPower),
  averageEfficiency: within(M.averageEfficiency),
  networkLatency: within(M.networkLatency),
  completedTasks: within(M.completedTasks),
})

type FileAgent = z.infer<typeof agentSchema>

type CoordinateIssue = { path: (string | number)[]; message: string; input: number }

function outside(i: number, field: string, v: number, r: NumberRange): CoordinateIssue | null {
  if (inRange(v, r)) return null
  return { path: ['agents', i, ...field.split('.')], message: rangeMessage(r, v), input: v }
}

/**
 * The first agent coordinate outside the world (plus COORDINATE_MARGIN) as a zod issue, or null:
 * a refinement of the whole snapshot, as the range depends on its world.
 */
function coordinateIssue(world: World, agents: readonly FileAgent[]): CoordinateIssue | null {
  const xr = coordinateRange(world.width)
  const yr = coordinateRange(world.height)
  for (let i = 0; i < agents.length; i++) {
    const a = agents[i]!
    const issue =
      outside(i, 'x', a.x, xr) ??
      outside(i, 'y', a.y, yr) ??
      outside(i, 'target.x', a.target.x, xr) ??
      outside(i, 'target.y', a.target.y, yr)
    if (issue) return issue
  }
  return null
}

const snapshotSchema = z
  .object({
    id: z.string().min(1).max(32),
    timestamp: within(SNAPSHOT_RANGES.timestamp),
    name: z.string().max(200),
    description: z.string().max(1000),
    world: z.object({
      width: within(SNAPSHOT_RANGES.worldSide),
      height: within(SNAPSHOT_RANGES.worldSide),
    }),
    efficiency: within(SNAPSHOT_RANGES.efficiency),
    metrics: metricsSchema,
    failingAgents: z.array(z.string()),
    messages: z.array(messageSchema),
    agents: z.array(agentSchema).max(MAX_SNAPSHOT_AGENTS, {
      error: `must hold at most ${MAX_SNAPSHOT_AGENTS.toLocaleString('en-US')} agents`,
    }),
  })
  .superRefine((s, ctx) => {
    // GOTCHA: zod runs this after an out-of-range field too (a wrong type stops it, a range does
    // not): against a world out of range, every agent would read as off the map.
    if (!inRange(s.world.width, SNAPSHOT_RANGES.worldSide)) return
    if (!inRange(s.world.height, SNAPSHOT_RANGES.worldSide)) return
    const issue = coordinateIssue(s.world, s.agents)
    if (issue) ctx.addIssue({ code: 'custom', ...issue })
  })

const snapshotFileSchema = z.object({
  format: z.literal(SNAPSHOT_FILE_FORMAT),
  version: z.literal(SNAPSHOT_FILE_VERSION),
  exportedAt: z.string().optional(),
  snapshots: z.array(snapshotSchema),
})

export type ImportResult = { ok: true; snapshots: Snapshot[] } | { ok: false; error: string }

/** Parse and validate an export file; never throws. */
export function parseSnapshotFile(text: string): ImportResult {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { ok: false, error: 'Invalid snapshot file: not valid JSON' }
  }
  const parsed = snapshotFileSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
    return {
      ok: false,
      error: `Invalid snapshot file: ${where}${issue?.message ?? 'unrecognised content'}`,
    }
  }
  const snapshots = parsed.data.snapshots.map((s): Snapshot => {
    const agents = createAgentBuffers(s.agents.length)
    s.agents.forEach((a, i) => writeAgent(agents, i, a))
    agents.count = s.agents.length
    return { ...snapshotHead(s), agents }
  })
  return { ok: true, snapshots }
}
