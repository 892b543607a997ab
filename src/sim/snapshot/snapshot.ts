/**
 * PRODUCT.md §3 Snapshot: a frozen copy of the swarm (agents, metrics, failing agents, messages)
 * plus the export file format. Export writes plain PRODUCT.md §3 Agent objects; the import side
 * (zod validation) is snapshotFile.ts, loaded only when a file is imported, so zod stays out of the
 * first-paint bundle.
 */
import { toAgent } from '../agentFields'
import { cloneAgentBuffers } from '../agents'
import type { Message, Metrics } from '../model'
import type { AgentBuffers, World } from '../types'

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

/** A snapshot's fields but its agents, in the export file's order (export and import). */
export function snapshotHead(s: Omit<Snapshot, 'agents'>): Omit<Snapshot, 'agents'> {
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
  }
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

/** Agents per piece of an export (exportSnapshotParts): ~3.5 MB of JSON. */
const AGENTS_PER_PART = 10_000

/**
 * The export file for these snapshots as pieces of JSON text whose concatenation is the file
 * (a Blob takes them as they are), each with the agents written so far. One string would not do
 * for big swarms: a snapshot of 1,000,000 agents is ~350 MB of JSON, and two of them pass V8's
 * longest string (~512 MB). A generator, so a page can yield between pieces (snapshotStore.ts).
 */
export function* exportSnapshotParts(
  snapshots: readonly Snapshot[],
  exportedAt: string,
): Generator<{ text: string; agentsDone: number }> {
  const head = JSON.stringify({
    format: SNAPSHOT_FILE_FORMAT,
    version: SNAPSHOT_FILE_VERSION,
    exportedAt,
    snapshots: [],
  })
  // everything but the closing ']}' of the empty list: the snapshots go there
  yield { text: head.slice(0, -2), agentsDone: 0 }
  let done = 0
  for (const [k, s] of snapshots.entries()) {
    const meta = JSON.stringify({ ...snapshotHead(s), agents: [] })
    yield { text: (k > 0 ? ',' : '') + meta.slice(0, -2), agentsDone: done }
    for (let from = 0; from < s.agents.count; from += AGENTS_PER_PART) {
      const to = Math.min(s.agents.count, from + AGENTS_PER_PART)
      const agents: string[] = []
      for (let i = from; i < to; i++) agents.push(JSON.stringify(toAgent(s.agents, i)))
      done += to - from
      yield { text: (from > 0 ? ',' : '') + agents.join(','), agentsDone: done }
    }
    yield { text: ']}', agentsDone: done }
  }
  yield { text: ']}', agentsDone: done }
}

/** The export file (JSON text) for these snapshots (small ones: see exportSnapshotParts). */
export function exportSnapshots(snapshots: readonly Snapshot[], exportedAt: string): string {
  let text = ''
  for (const part of exportSnapshotParts(snapshots, exportedAt)) text += part.text
  return text
}
