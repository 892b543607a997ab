/**
 * The swarm's filter (docs/PRODUCT.md "Swarm Core (/), the main view": exploring the swarm): by type, status, mode,
 * energy band and failing. Agents that match stay bright, the rest are dimmed (never hidden).
 *
 * Each group is a bit mask over its values (bit k = value k of AGENT_TYPE / STATUS / MODE /
 * ENERGY_BANDS); an empty mask puts no condition on that group. An agent matches when it meets
 * every group's condition (values of one group are alternatives, the groups all apply) and, with
 * `failing`, is failing. The same masks reach the GPU as integer uniforms (agents.vert.glsl), the
 * census (census.ts) counts with them, and the URL carries them by name (urlParams.ts).
 */
import { AGENT_TYPE_NAMES, FLAG, MODE_NAMES, STATUS_NAMES } from './types'

/** Energy bands (energy 0–100): each band starts at `min`. */
export const ENERGY_BANDS = [
  { name: 'critical', min: 0 },
  { name: 'low', min: 25 },
  { name: 'mid', min: 50 },
  { name: 'high', min: 75 },
] as const
type EnergyBandName = (typeof ENERGY_BANDS)[number]['name']
const ENERGY_BAND_NAMES: readonly EnergyBandName[] = ENERGY_BANDS.map((b) => b.name)

/** The band an energy level falls in (0 critical … 3 high). */
export function energyBand(energy: number): number {
  return energy < 25 ? 0 : energy < 50 ? 1 : energy < 75 ? 2 : 3
}

export interface AgentFilter {
  /** bit k: AGENT_TYPE value k */
  types: number
  /** bit k: STATUS value k */
  statuses: number
  /** bit k: MODE value k */
  modes: number
  /** bit k: ENERGY_BANDS[k] */
  energy: number
  /** only failing agents */
  failing: boolean
}

/** The filter's groups that are bit masks, each with the names of its values (bit order). */
export const FILTER_GROUPS = {
  types: AGENT_TYPE_NAMES,
  statuses: STATUS_NAMES,
  modes: MODE_NAMES,
  energy: ENERGY_BAND_NAMES,
} as const satisfies Record<string, readonly string[]>
export type FilterGroup = keyof typeof FILTER_GROUPS

export function noFilter(): AgentFilter {
  return { types: 0, statuses: 0, modes: 0, energy: 0, failing: false }
}

/** True when the filter puts any condition on the agents (otherwise every agent is bright). */
export function filterActive(f: AgentFilter): boolean {
  return f.types !== 0 || f.statuses !== 0 || f.modes !== 0 || f.energy !== 0 || f.failing
}

/** One agent's values, as the buffers hold them. */
export function agentMatches(
  f: AgentFilter,
  type: number,
  status: number,
  mode: number,
  energy: number,
  flags: number,
): boolean {
  if (f.types !== 0 && (f.types & (1 << type)) === 0) return false
  if (f.statuses !== 0 && (f.statuses & (1 << status)) === 0) return false
  if (f.modes !== 0 && (f.modes & (1 << mode)) === 0) return false
  if (f.energy !== 0 && (f.energy & (1 << energyBand(energy))) === 0) return false
  if (f.failing && (flags & FLAG.failing) === 0) return false
  return true
}

/** The mask with value `bit` of a group switched on or off. */
export function toggleBit(mask: number, bit: number): number {
  return mask ^ (1 << bit)
}

export function sameFilter(a: AgentFilter, b: AgentFilter): boolean {
  return (
    a.types === b.types &&
    a.statuses === b.statuses &&
    a.modes === b.modes &&
    a.energy === b.energy &&
    a.failing === b.failing
  )
}
