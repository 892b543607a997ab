/**
 * Diagnostics screen (PRODUCT.md §3 Component health, §4 Diagnose/Repair, §8 texts): the demo
 * components, the outcome rolls (diagnose 3 s, 70% ⇒ operational; repair 5 s, only for degraded or
 * failed components, 60% ⇒ operational), the overall text. Pure: random source and clock injected.
 * The page seeds its random source from `?seed=N`; one draw per finished operation.
 */
import type { Rng } from '../../sim/random'

export const LIST_LOAD_MS = 1500
const DIAGNOSE_MS = 3000
const REPAIR_MS = 5000
const DIAGNOSE_SUCCESS = 0.7
const REPAIR_SUCCESS = 0.6

export type ComponentStatus = 'operational' | 'degraded' | 'failed'
export type Operation = 'diagnose' | 'repair'

export interface ComponentHealth {
  id: string
  component: string
  status: ComponentStatus
  /** ms timestamp */
  lastUpdated: number
  message: string
  details: string
}

const CATALOG: readonly { id: string; component: string; degraded: string; failed: string }[] = [
  {
    id: 'core-01',
    component: 'Core Processor',
    degraded: 'Clock throttled to 72%',
    failed: 'Core halted on fault',
  },
  {
    id: 'mem-01',
    component: 'Memory Bank',
    degraded: 'Correctable ECC errors rising',
    failed: 'Uncorrectable memory errors',
  },
  {
    id: 'net-01',
    component: 'Network Interface',
    degraded: 'Packet loss 2.4%',
    failed: 'Link down',
  },
  {
    id: 'stor-01',
    component: 'Storage Array',
    degraded: 'Rebuilding one volume',
    failed: 'Array offline',
  },
  {
    id: 'cons-01',
    component: 'Consensus Engine',
    degraded: 'Vote latency above target',
    failed: 'Quorum lost',
  },
  {
    id: 'sec-01',
    component: 'Security Module',
    degraded: 'Certificate expires soon',
    failed: 'Key store sealed',
  },
  {
    id: 'pwr-01',
    component: 'Power Regulator',
    degraded: 'Voltage ripple high',
    failed: 'Supply rail fault',
  },
  {
    id: 'sync-01',
    component: 'Sync Controller',
    degraded: 'Sync lag 12 blocks',
    failed: 'Sync stalled',
  },
]
export const OPERATIONAL_MESSAGE = 'All checks nominal'

/** PRODUCT.md §8 */
export function diagnoseFailureText(id: string): string {
  return `Diagnostic test for ${id} revealed additional issues.`
}

/** PRODUCT.md §8 */
export function repairFailureText(id: string): string {
  return `Repair attempt failed for ${id}. Manual intervention required.`
}

/** Demo mix: operational below 0.65, degraded below 0.9, else failed. */
export function statusFromRoll(roll: number): ComponentStatus {
  if (roll < 0.65) return 'operational'
  if (roll < 0.9) return 'degraded'
  return 'failed'
}

/** PRODUCT.md §4: Repair is offered only for degraded or failed components. */
export function canRepair(status: ComponentStatus): boolean {
  return status === 'degraded' || status === 'failed'
}

/** One draw: does the operation succeed (diagnose 70%, repair 60%)? */
export function operationSucceeds(op: Operation, rng: Rng): boolean {
  return rng.next() < (op === 'diagnose' ? DIAGNOSE_SUCCESS : REPAIR_SUCCESS)
}

export function operationMs(op: Operation): number {
  return op === 'diagnose' ? DIAGNOSE_MS : REPAIR_MS
}

function messageFor(entry: (typeof CATALOG)[number], status: ComponentStatus): string {
  if (status === 'operational') return OPERATIONAL_MESSAGE
  return status === 'degraded' ? entry.degraded : entry.failed
}

export function generateComponents(rng: Rng, now: number): ComponentHealth[] {
  return CATALOG.map((entry) => {
    const status = statusFromRoll(rng.next())
    return {
      id: entry.id,
      component: entry.component,
      status,
      lastUpdated: now - Math.round(rng.range(1, 90)) * 60_000,
      message: messageFor(entry, status),
      details: `Temp ${Math.round(rng.range(38, 82))}°C · uptime ${1 + rng.int(120)}d`,
    }
  })
}

/**
 * The component after a finished operation: success ⇒ operational, updated now; failure ⇒ the
 * same object (status and message unchanged).
 */
export function applyOutcome(c: ComponentHealth, success: boolean, now: number): ComponentHealth {
  if (!success) return c
  return { ...c, status: 'operational', lastUpdated: now, message: OPERATIONAL_MESSAGE }
}

/** PRODUCT.md §4 overall text. */
export function overallStatus(list: readonly { status: ComponentStatus }[]): string {
  if (list.some((c) => c.status === 'failed')) return 'System Failure Detected'
  if (list.every((c) => c.status === 'operational')) return 'All Systems Operational'
  return 'Performance Degradation'
}

export function countByStatus(
  list: readonly { status: ComponentStatus }[],
): Record<ComponentStatus, number> {
  const counts = { operational: 0, degraded: 0, failed: 0 }
  for (const c of list) counts[c.status]++
  return counts
}

/** The one line 'Run Full Scan' logs (it changes nothing). */
export function fullScanText(list: readonly { status: ComponentStatus }[]): string {
  const n = countByStatus(list)
  return `Full system scan logged: ${list.length} components, ${n.operational} operational, ${n.degraded} degraded, ${n.failed} failed.`
}
