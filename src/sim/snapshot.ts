/**
 * §3 Snapshot: a frozen copy of the swarm (agents, metrics, failing agents, messages) plus the
 * export/import file format. Export writes plain §3 Agent objects; import validates the whole file
 * with zod and reports the first problem in words ("Invalid snapshot file: snapshots.0.agents.3.x:
 * expected number") so a bad file never half-loads.
 */
import { z } from 'zod'
import { cloneAgentBuffers, createAgentBuffers, toAgent, writeAgent, type Agent } from './agents'
import type { Message, Metrics } from './model'
import { AGENT_TYPE_NAMES, MODE_NAMES, STATUS_NAMES, type AgentBuffers, type World } from './types'

export interface Snapshot {
  /** 6 chars */
  id: string
  /** ms since epoch (simulated clock of the swarm that was captured) */
  timestamp: number
  /** default 'Snapshot N' */
  name: string
  /** default 'Captured at {time}' */
  description: string
  world: World
  efficiency: number
  agents: AgentBuffers
  metrics: Metrics
  failingAgents: string[]
  messages: Message[]
}

export const SNAPSHOT_FILE_FORMAT = 'vpos-swarm-snapshots'
export const SNAPSHOT_FILE_VERSION = 1

/** 'HH:MM:SS' in local time, 24-hour. */
export function formatSnapshotTime(ms: number): string {
  const d = new Date(ms)
  const p = (v: number) => String(v).padStart(2, '0')
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

export function defaultSnapshotName(n: number): string {
  return `Snapshot ${n}`
}

export function defaultSnapshotDescription(ms: number): string {
  return `Captured at ${formatSnapshotTime(ms)}`
}

/** '[SNAPSHOT] Created snapshot ...' */
export function snapshotCreatedText(s: Snapshot): string {
  return `[SNAPSHOT] Created snapshot "${s.name}" (${s.agents.count} agents, ${s.failingAgents.length} failing)`
}

export interface SnapshotInput {
  id: string
  timestamp: number
  name: string
  description?: string
  world: World
  efficiency: number
  buffers: AgentBuffers
  metrics: Metrics
  failingAgents: readonly string[]
  messages: readonly Message[]
}

/** Capture: copies everything, so later ticks never change the snapshot. */
export function createSnapshot(input: SnapshotInput): Snapshot {
  return {
    id: input.id,
    timestamp: input.timestamp,
    name: input.name,
    description: input.description ?? defaultSnapshotDescription(input.timestamp),
    world: { width: input.world.width, height: input.world.height },
    efficiency: input.efficiency,
    agents: cloneAgentBuffers(input.buffers),
    metrics: { ...input.metrics },
    failingAgents: [...input.failingAgents],
    messages: input.messages.map((m) => ({ ...m })),
  }
}

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

export const snapshotFileSchema = z.object({
  format: z.literal(SNAPSHOT_FILE_FORMAT),
  version: z.literal(SNAPSHOT_FILE_VERSION),
  exportedAt: z.string().optional(),
  snapshots: z.array(snapshotSchema),
})

export type SnapshotFile = z.infer<typeof snapshotFileSchema>

/** The export file (JSON text) for these snapshots. */
export function exportSnapshots(snapshots: readonly Snapshot[], exportedAt: string): string {
  const file = {
    format: SNAPSHOT_FILE_FORMAT,
    version: SNAPSHOT_FILE_VERSION,
    exportedAt,
    snapshots: snapshots.map((s) => {
      const agents: Agent[] = []
      for (let i = 0; i < s.agents.count; i++) agents.push(toAgent(s.agents, i))
      return {
        id: s.id,
        timestamp: s.timestamp,
        name: s.name,
        description: s.description,
        world: s.world,
        efficiency: s.efficiency,
        metrics: s.metrics,
        failingAgents: s.failingAgents,
        messages: s.messages,
        agents,
      }
    }),
  }
  return JSON.stringify(file)
}

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
    return {
      id: s.id,
      timestamp: s.timestamp,
      name: s.name,
      description: s.description,
      world: s.world,
      efficiency: s.efficiency,
      agents,
      metrics: s.metrics,
      failingAgents: s.failingAgents,
      messages: s.messages,
    }
  })
  return { ok: true, snapshots }
}
