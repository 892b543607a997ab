/**
 * The swarm's fixed texts (PRODUCT.md §4; the twelve failure texts are ours, ARCHITECTURE.md §7).
 */

export const BANNER_ACTIVE = 'SWARM ANALYZING NETWORK PATTERNS'
export const BANNER_STANDBY = 'SWARM IN STANDBY MODE'

export const FAILURE_TEXTS: readonly string[] = [
  'Memory corruption detected in local cache',
  'Consensus failure: vote rejected by quorum',
  'Sync timeout: peer state unreachable',
  'Checksum mismatch in data shard',
  'Processing core overheated, throttling engaged',
  'Task queue overflow, jobs dropped',
  'Network partition: lost contact with cluster',
  'Invalid signature on inbound message',
  'Heartbeat missed: watchdog triggered',
  'Stack overflow in pattern-recognition module',
  'Energy cell voltage out of range',
  'Routing table corrupted, neighbours unknown',
]

/** '[ERROR:{first 5 id chars}] {text}' */
export function errorText(id: string, text: string): string {
  return `[ERROR:${id.slice(0, 5)}] ${text}`
}

/** '[RECOVERY:{id5}] Agent restored to operational status' */
export function recoveryText(id: string): string {
  return `[RECOVERY:${id.slice(0, 5)}] Agent restored to operational status`
}

export const INITIAL_MESSAGE = 'Initializing vPOS swarm core... neural mesh online'

/** Demo console lines for the main view (one every 3 s); `{n}` is a count 10–999, `{p}` a percentage 80–99. */
export const DEMO_LINES: readonly {
  type: 'system' | 'node' | 'task' | 'analysis'
  text: string
}[] = [
  { type: 'node', text: 'Node handshake completed with {n} peers' },
  { type: 'task', text: 'Pattern Recognition batch {n} dispatched to analyzer cluster' },
  { type: 'analysis', text: 'Anomaly score recalculated: {p}% of traffic nominal' },
  { type: 'system', text: 'Consensus round {n} finalized' },
  { type: 'node', text: 'Collector agents harvested {n} new data points' },
  { type: 'task', text: 'Risk Assessment model refreshed ({n} features)' },
  { type: 'analysis', text: 'Cross-correlation matrix updated: {n} strong links' },
  { type: 'system', text: 'Memory compaction freed {n} MB' },
  { type: 'node', text: 'Processor agents rebalanced {n} workloads' },
  { type: 'analysis', text: 'Predictive model confidence at {p}%' },
  { type: 'task', text: 'Resource Allocation plan {n} approved' },
  { type: 'system', text: 'Blockchain sync checkpoint {n} verified' },
]

/** Mode texts of PRODUCT.md §4 "Agent status display" (short panel text and detail text). */
export const MODE_TEXT: Record<string, { text: string; detail: string }> = {
  explore: { text: 'Scanning area for anomalies', detail: 'Area exploration' },
  target: { text: 'Moving toward objective', detail: 'Coordinate acquisition' },
  analyze: { text: 'Processing collected data', detail: 'Pattern analysis' },
  idle: { text: 'Waiting for instructions', detail: 'System maintenance' },
}
export const UNKNOWN_MODE_TEXT = { text: 'Unknown mode', detail: 'Unknown mode' }
