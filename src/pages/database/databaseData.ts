/**
 * Database screen demo data (PRODUCT.md §3 Demo database / Shard / Query) and the PRODUCT.md §4/§9
 * rules: the overall status re-rolled every 15 s (online 85%, syncing 10%, error 5%), disk usage
 * drifting between 50 and 95, the disk bar colours. Pure: every function takes the random source
 * and the clock. The page seeds its random source from `?seed=N` (same parameter as the swarm) so
 * tests replay.
 */
import type { Rng } from '../../sim/random'
import { formatNumber } from '../../ui/format'

/** PRODUCT.md §9: the Database screen refreshes every 15 s. */
export const DATABASE_REFRESH_MS = 15_000
export const DISK_MIN = 50
export const DISK_MAX = 95
/** Largest disk-usage step per refresh, in percentage points. */
const DISK_DRIFT = 4
/** Recent queries kept in the table. */
export const QUERY_CAP = 8
/** Number of the newest query of a fresh state; later ones count up from it. */
const FIRST_QUERY_SEQ = 4120

export type DbStatus = 'online' | 'syncing' | 'error'
type DbType = 'TimeSeries' | 'Document' | 'Graph' | 'Ledger'
export type QueryStatus = 'completed' | 'error'
export type BarTone = 'green' | 'yellow' | 'red'

export interface DemoDatabase {
  id: string
  name: string
  /** bytes */
  size: number
  tables: number
  status: DbStatus
  type: DbType
  /** ms timestamp */
  lastBackup: number
}

export interface Shard {
  id: string
  database: string
  node: string
  replicas: number
  status: DbStatus
  records: number
}

export interface Query {
  id: string
  /** ms timestamp */
  timestamp: number
  database: string
  /** ms */
  duration: number
  status: QueryStatus
}

export interface DatabaseState {
  status: DbStatus
  /** percent, DISK_MIN..DISK_MAX */
  diskUsage: number
  databases: DemoDatabase[]
  shards: Shard[]
  queries: Query[]
  /** ms timestamp of the last refresh */
  refreshedAt: number
  /** number of the newest query */
  querySeq: number
}

const CATALOG: readonly { name: string; type: DbType }[] = [
  { name: 'agent_telemetry', type: 'TimeSeries' },
  { name: 'swarm_state', type: 'Document' },
  { name: 'network_topology', type: 'Graph' },
  { name: 'token_ledger', type: 'Ledger' },
  { name: 'task_queue', type: 'Document' },
  { name: 'metrics_archive', type: 'TimeSeries' },
]
const NODES = ['node-alpha', 'node-beta', 'node-gamma', 'node-delta', 'node-epsilon']
const SHARD_COUNT = 8
const GB = 1024 ** 3

/** PRODUCT.md §4: online below 0.85, syncing below 0.95, else error. */
export function statusFromRoll(roll: number): DbStatus {
  if (roll < 0.85) return 'online'
  if (roll < 0.95) return 'syncing'
  return 'error'
}

export function rollStatus(rng: Rng): DbStatus {
  return statusFromRoll(rng.next())
}

/** One drift step of the disk usage: ±DISK_DRIFT, kept within DISK_MIN..DISK_MAX, 1 decimal. */
export function driftDisk(current: number, rng: Rng): number {
  const next = current + (rng.next() * 2 - 1) * DISK_DRIFT
  return Math.round(Math.min(DISK_MAX, Math.max(DISK_MIN, next)) * 10) / 10
}

/** PRODUCT.md §9 disk bar: above 85 red, above 70 yellow, else green. */
export function diskTone(percent: number): BarTone {
  if (percent > 85) return 'red'
  if (percent > 70) return 'yellow'
  return 'green'
}

/** Bytes as '512 MB', '1.46 GB', '2.10 TB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * GB) return `${(bytes / (1024 * GB)).toFixed(2)} TB`
  if (bytes >= GB) return `${(bytes / GB).toFixed(2)} GB`
  return `${Math.round(bytes / 1024 ** 2)} MB`
}

/** Counts as '1,234,567'. */
export function formatCount(n: number): string {
  return formatNumber(n)
}

/** Age as '35m ago', '4h ago', '2d ago'. */
export function formatAge(ms: number, now: number): string {
  const min = Math.max(0, Math.floor((now - ms) / 60_000))
  if (min < 60) return `${min}m ago`
  const h = Math.floor(min / 60)
  if (h < 48) return `${h}h ago`
  return `${Math.floor(h / 24)}d ago`
}

function generateDatabases(rng: Rng, now: number): DemoDatabase[] {
  return CATALOG.map((c, i) => ({
    id: `db-${String(i + 1).padStart(2, '0')}`,
    name: c.name,
    size: Math.round(rng.range(0.4, 900) * GB),
    tables: 4 + rng.int(60),
    status: rollStatus(rng),
    type: c.type,
    lastBackup: now - Math.round(rng.range(5, 36 * 60)) * 60_000,
  }))
}

function generateShards(rng: Rng, databases: readonly DemoDatabase[]): Shard[] {
  const shards: Shard[] = []
  for (let i = 0; i < SHARD_COUNT; i++) {
    shards.push({
      id: `shard-${String(i + 1).padStart(2, '0')}`,
      database: rng.pick(databases).name,
      node: rng.pick(NODES),
      replicas: 2 + rng.int(4),
      status: rollStatus(rng),
      records: 10_000 + rng.int(9_990_000),
    })
  }
  return shards
}

/** Query number `seq` (id 'q-{seq}'), finished at `timestamp`; 8% of them end in error. */
function generateQuery(
  rng: Rng,
  databases: readonly DemoDatabase[],
  seq: number,
  timestamp: number,
): Query {
  return {
    id: `q-${seq}`,
    timestamp,
    database: rng.pick(databases).name,
    duration: Math.round(rng.range(2, 850)),
    status: rng.chance(0.08) ? 'error' : 'completed',
  }
}

/** QUERY_CAP queries numbered up to FIRST_QUERY_SEQ, newest first, seconds apart before `now`. */
function generateQueries(rng: Rng, databases: readonly DemoDatabase[], now: number): Query[] {
  const list: Query[] = []
  let t = now
  for (let i = 0; i < QUERY_CAP; i++) {
    list.push(generateQuery(rng, databases, FIRST_QUERY_SEQ - i, t))
    t -= Math.round(rng.range(2, 40)) * 1000
  }
  return list
}

export function createDatabaseState(rng: Rng, now: number): DatabaseState {
  const databases = generateDatabases(rng, now)
  return {
    status: rollStatus(rng),
    diskUsage: Math.round(rng.range(55, 80) * 10) / 10,
    databases,
    shards: generateShards(rng, databases),
    queries: generateQueries(rng, databases, now),
    refreshedAt: now,
    querySeq: FIRST_QUERY_SEQ,
  }
}

/**
 * One refresh (every 15 s, or the Refresh button): re-roll the overall status, drift the disk,
 * log one new query on top (keeping QUERY_CAP). Databases and shards keep their identity.
 */
export function refreshDatabaseState(state: DatabaseState, rng: Rng, now: number): DatabaseState {
  return {
    ...state,
    status: rollStatus(rng),
    diskUsage: driftDisk(state.diskUsage, rng),
    queries: [generateQuery(rng, state.databases, state.querySeq + 1, now), ...state.queries].slice(
      0,
      QUERY_CAP,
    ),
    refreshedAt: now,
    querySeq: state.querySeq + 1,
  }
}
