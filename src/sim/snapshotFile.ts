/**
 * Snapshot import (§3): validates a whole export file (snapshot.ts writes it) with zod and reports
 * the first problem in words ("Invalid snapshot file: snapshots.0.agents.3.x: expected number") so a
 * bad file never half-loads. Kept apart from snapshot.ts and loaded on demand
 * (state/snapshotStore.ts importSnapshotsJson): zod is not part of the app's first paint.
 */
import { z } from 'zod'
import { createAgentBuffers, writeAgent, type Agent } from './agents'
import {
  SNAPSHOT_FILE_FORMAT,
  SNAPSHOT_FILE_VERSION,
  snapshotHead,
  type Snapshot,
} from './snapshot'
import { AGENT_TYPE_NAMES, MODE_NAMES, STATUS_NAMES } from './types'

const finite = z.number().finite()

const agentSchema = z.object({
  id: z.string().min(1).max(64),
  x: finite,
  y: finite,
  size: finite.min(0),
  speedX: finite,
  speedY: finite,
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like #00d4ff'),
  target: z.object({ x: finite, y: finite }),
  mode: z.enum(MODE_NAMES as [string, ...string[]]),
  type: z.enum(AGENT_TYPE_NAMES as [string, ...string[]]),
  status: z.enum(STATUS_NAMES as [string, ...string[]]),
  processingPower: finite,
  efficiency: finite,
  connections: z.number().int().min(0).max(7),
  lastActiveTime: finite,
  energyLevel: finite.min(0).max(100),
  glow: z.boolean(),
  pulseRate: finite,
  failing: z.boolean().optional(),
})

const messageSchema = z.object({
  id: z.string(),
  type: z.enum(['system', 'node', 'task', 'alert', 'analysis']),
  text: z.string(),
  timestamp: z.string(),
})

const metricsSchema = z.object({
  totalAgents: finite,
  activeAgents: finite,
  processingPower: finite,
  averageEfficiency: finite,
  networkLatency: finite,
  completedTasks: finite,
})

const snapshotSchema = z.object({
  id: z.string().min(1).max(32),
  timestamp: finite,
  name: z.string().max(200),
  description: z.string().max(1000),
  world: z.object({ width: finite.positive(), height: finite.positive() }),
  efficiency: finite,
  metrics: metricsSchema,
  failingAgents: z.array(z.string()),
  messages: z.array(messageSchema),
  agents: z.array(agentSchema),
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
    s.agents.forEach((a, i) => writeAgent(agents, i, a as Agent))
    agents.count = s.agents.length
    return { ...snapshotHead(s), agents }
  })
  return { ok: true, snapshots }
}
