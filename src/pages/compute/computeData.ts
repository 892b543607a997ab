/**
 * Compute screen demo data (PRODUCT.md §3 Compute node / Compute task / Warning) and the
 * PRODUCT.md §9 rules: refresh every 10 s; the warnings list keeps 5, a new warning with 20% chance
 * per tick, 30% of those critical; load/memory bars above 90 red, above 75 yellow. Pure: random
 * source and clock injected. The page seeds its random sources from `?seed=N` (cluster and warnings
 * are separate streams).
 */
import type { Rng } from '../../sim/random'

export const COMPUTE_REFRESH_MS = 10_000
export const WARNING_CAP = 5
const NEW_WARNING_CHANCE = 0.2
const CRITICAL_SHARE = 0.3

export type NodeStatus = 'online' | 'maintenance'
export type Priority = 'high' | 'medium' | 'low'
type WarningLevel = 'warning' | 'critical'
export type BarTone = 'green' | 'yellow' | 'red'

export interface ComputeNode {
  id: string
  type: string
  /** percent */
  load: number
  cores: number
  /** percent of memoryGb in use */
  memory: number
  memoryGb: number
  status: NodeStatus
  location: string
  jobs: number
}

export interface ComputeTask {
  id: string
  name: string
  node: string
  /** percent, 0..100 */
  progress: number
  /** seconds left */
  eta: number
  priority: Priority
}

export interface Warning {
  id: string
  level: WarningLevel
  message: string
  /** ms timestamp */
  timestamp: number
}

export interface ClusterState {
  nodes: ComputeNode[]
  tasks: ComputeTask[]
  /** number of the newest task */
  taskSeq: number
}

export interface WarningsState {
  warnings: Warning[]
  /** number of the newest warning */
  seq: number
}

const NODE_SPECS: readonly { type: string; cores: number; memoryGb: number; location: string }[] = [
  { type: 'GPU Cluster', cores: 128, memoryGb: 512, location: 'us-east-1' },
  { type: 'GPU Cluster', cores: 96, memoryGb: 384, location: 'eu-central-1' },
  { type: 'CPU Node', cores: 64, memoryGb: 256, location: 'us-west-2' },
  { type: 'TPU Pod', cores: 256, memoryGb: 1024, location: 'ap-northeast-1' },
  { type: 'CPU Node', cores: 32, memoryGb: 128, location: 'eu-west-1' },
  { type: 'Edge Node', cores: 16, memoryGb: 64, location: 'ap-southeast-1' },
]
const TASK_NAMES = [
  'Neural Model Training',
  'Pattern Recognition Batch',
  'Consensus Validation',
  'Risk Simulation',
  'Anomaly Scan',
  'Ledger Indexing',
  'Swarm Path Planning',
  'Telemetry Compaction',
]
const WARNING_TEXTS: Record<WarningLevel, readonly string[]> = {
  warning: [
    'High memory pressure on {node}',
    'Thermal throttling detected on {node}',
    'Job queue backlog growing on {node}',
    'Network jitter above threshold on {node}',
  ],
  critical: [
    'Node {node} stopped responding to heartbeats',
    'ECC memory errors on {node}',
    'Task checkpoint failed on {node}',
  ],
}
const FIRST_TASK_SEQ = 2041

/** Seconds as 'hh:mm:ss', capped at 99:59:59. */
export function formatEta(seconds: number): string {
  const s = Math.min(99 * 3600 + 59 * 60 + 59, Math.max(0, Math.round(seconds)))
  const parts = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60]
  return parts.map((v) => String(v).padStart(2, '0')).join(':')
}

/** PRODUCT.md §9 load and memory bars: above 90 red, above 75 yellow, else green. */
export function loadTone(percent: number): BarTone {
  if (percent > 90) return 'red'
  if (percent > 75) return 'yellow'
  return 'green'
}

/** high 30%, medium 45%, low 25%. */
export function priorityFromRoll(roll: number): Priority {
  if (roll < 0.3) return 'high'
  if (roll < 0.75) return 'medium'
  return 'low'
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v))
}

function round1(v: number): number {
  return Math.round(v * 10) / 10
}

function generateNodes(rng: Rng): ComputeNode[] {
  return NODE_SPECS.map((spec, i) => {
    const online = !rng.chance(0.15)
    return {
      id: `cn-${String(i + 1).padStart(2, '0')}`,
      type: spec.type,
      load: online ? round1(rng.range(25, 95)) : 0,
      cores: spec.cores,
      memory: online ? round1(rng.range(30, 92)) : 0,
      memoryGb: spec.memoryGb,
      status: online ? 'online' : 'maintenance',
      location: spec.location,
      jobs: online ? 1 + rng.int(12) : 0,
    }
  })
}

/** Task number `seq` on one of the online nodes (any node when none is online). */
function generateTask(rng: Rng, nodes: readonly ComputeNode[], seq: number): ComputeTask {
  const online = nodes.filter((n) => n.status === 'online')
  return {
    id: `task-${seq}`,
    name: rng.pick(TASK_NAMES),
    node: rng.pick(online.length > 0 ? online : nodes).id,
    progress: round1(rng.range(3, 90)),
    eta: Math.round(rng.range(60, 3 * 3600)),
    priority: priorityFromRoll(rng.next()),
  }
}

export function createClusterState(rng: Rng, taskCount = 6): ClusterState {
  const nodes = generateNodes(rng)
  const tasks: ComputeTask[] = []
  for (let i = 0; i < taskCount; i++) tasks.push(generateTask(rng, nodes, FIRST_TASK_SEQ + i))
  return { nodes, tasks, taskSeq: FIRST_TASK_SEQ + taskCount - 1 }
}

/**
 * One 10 s tick of the cluster: online nodes' load/memory/jobs drift; every task advances by the
 * share of its remaining time that passed; a task that finishes is replaced by a new one.
 */
export function tickCluster(
  state: ClusterState,
  rng: Rng,
  elapsedS = COMPUTE_REFRESH_MS / 1000,
): ClusterState {
  const nodes = state.nodes.map((n) =>
    n.status !== 'online'
      ? n
      : {
          ...n,
          load: round1(clamp(n.load + rng.range(-8, 8), 5, 99)),
          memory: round1(clamp(n.memory + rng.range(-5, 5), 10, 98)),
          jobs: clamp(n.jobs + rng.int(3) - 1, 0, 16),
        },
  )
  let taskSeq = state.taskSeq
  const tasks = state.tasks.map((t) => {
    if (t.eta <= elapsedS) return generateTask(rng, nodes, ++taskSeq)
    const progress = round1(t.progress + ((100 - t.progress) * elapsedS) / t.eta)
    return { ...t, progress, eta: t.eta - elapsedS }
  })
  return { nodes, tasks, taskSeq }
}

/** PRODUCT.md §9: with 20% chance a new warning (30% of those critical) goes on top; 5 are kept. */
export function tickWarnings(
  state: WarningsState,
  rng: Rng,
  nodes: readonly ComputeNode[],
  now: number,
): WarningsState {
  if (!rng.chance(NEW_WARNING_CHANCE)) return state
  const level: WarningLevel = rng.chance(CRITICAL_SHARE) ? 'critical' : 'warning'
  const node = rng.pick(nodes).id
  const seq = state.seq + 1
  const warning: Warning = {
    id: `w-${seq}`,
    level,
    message: rng.pick(WARNING_TEXTS[level]).replace('{node}', node),
    timestamp: now,
  }
  return { warnings: [warning, ...state.warnings].slice(0, WARNING_CAP), seq }
}

/** The list a visitor first sees: three warnings from the last half hour, newest first. */
export function initialWarnings(
  rng: Rng,
  nodes: readonly ComputeNode[],
  now: number,
): WarningsState {
  const warnings: Warning[] = []
  let t = now - Math.round(rng.range(1, 4)) * 60_000
  for (let i = 0; i < 3; i++) {
    const level: WarningLevel = i === 1 ? 'critical' : 'warning'
    warnings.push({
      id: `w-${3 - i}`,
      level,
      message: rng.pick(WARNING_TEXTS[level]).replace('{node}', rng.pick(nodes).id),
      timestamp: t,
    })
    t -= Math.round(rng.range(2, 12)) * 60_000
  }
  return { warnings, seq: 3 }
}
