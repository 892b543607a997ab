/**
 * PRODUCT.md §9 figures derived from the swarm store's metrics, shared by the Analytics and Compute
 * screens: system health, the latency and processing-power classes, the compute load bar.
 */
import { formatNumber } from '../../ui/format'

export type LatencyClass = 'Optimal' | 'Good' | 'Degraded'
export type PowerClass = 'High' | 'Medium' | 'Low'

/** (agents − failing) / agents as a percentage; 100 for an empty swarm. */
export function systemHealthPercent(agents: number, failing: number): number {
  if (agents <= 0) return 100
  return (Math.max(0, agents - Math.max(0, failing)) / agents) * 100
}

/** Under 10 ms Optimal, under 50 Good, else Degraded. */
export function latencyClass(ms: number): LatencyClass {
  if (ms < 10) return 'Optimal'
  if (ms < 50) return 'Good'
  return 'Degraded'
}

/** Above 8000 High, above 5000 Medium, else Low. */
export function powerClass(processingPower: number): PowerClass {
  if (processingPower > 8000) return 'High'
  if (processingPower > 5000) return 'Medium'
  return 'Low'
}

/** Compute load bar: processingPower / 10000, as a percentage clamped to 0..100. */
export function computeLoadPercent(processingPower: number): number {
  return Math.min(100, Math.max(0, processingPower / 100))
}

/** '97.3%' (one decimal). */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`
}

/** '8,123 TF/s'. */
export function formatPower(processingPower: number): string {
  return `${formatNumber(Math.round(processingPower))} TF/s`
}

/** '12 ms' or '12.5 ms' (at most one decimal). */
export function formatLatency(ms: number): string {
  return `${Math.round(ms * 10) / 10} ms`
}
