/**
 * The filter legend's content (docs/PRODUCT.md "Swarm Core (/), the main view": exploring the
 * swarm): each group's values with a colour and the census's live count, which are pressed, and
 * the "showing n of m" line. Pure: FilterPanel.tsx only draws it and calls back.
 */
import { FAILING_COLOR, TYPE_COLORS } from '../../sim'
import { FILTER_GROUPS, toggleBit, type AgentFilter, type FilterGroup } from '../../sim/agentFilter'
import type { Census } from '../../sim/census'
import { theme } from '../../ui/theme'
import { formatNumber } from '../../ui/format'

const hex = (c: number) => `#${(c & 0xffffff).toString(16).padStart(6, '0')}`
const c = theme.color

/** Each group's title and its values' colours (bit order of FILTER_GROUPS). */
export const LEGEND_GROUPS: readonly { group: FilterGroup; title: string; colors: string[] }[] = [
  // the agents' own colours on the canvas
  { group: 'types', title: 'Type', colors: TYPE_COLORS.map(hex) },
  // active, idle, processing, other: as the hover card tells a status
  { group: 'statuses', title: 'Status', colors: [c.green, c.muted, c.blue, c.dim] },
  // explore, idle, target, analyze
  { group: 'modes', title: 'Mode', colors: [c.accent, c.muted, c.amber, c.purple] },
  // critical, low, mid, high: red to green like the energy readings
  { group: 'energy', title: 'Energy', colors: [c.red, c.orange, c.yellow, c.green] },
]
export const FAILING_SWATCH = hex(FAILING_COLOR)

export interface LegendEntry {
  /** the value's name (its button's label) */
  name: string
  bit: number
  color: string
  /** agents with this value now ('—' before the first census) */
  count: string
  pressed: boolean
}

const CENSUS_FIELD = {
  types: 'types',
  statuses: 'statuses',
  modes: 'modes',
  energy: 'energy',
} as const satisfies Record<FilterGroup, keyof Census>

const figure = (n: number | undefined) => (n === undefined ? '—' : formatNumber(n))

/** One group's entries: each value's colour, live count and whether it is pressed. */
export function legendEntries(
  group: FilterGroup,
  colors: readonly string[],
  filter: AgentFilter,
  census: Census | null,
): LegendEntry[] {
  const counts = census?.[CENSUS_FIELD[group]]
  return FILTER_GROUPS[group].map((name, bit) => ({
    name,
    bit,
    color: colors[bit] ?? c.muted,
    count: figure(counts?.[bit]),
    pressed: (filter[group] & (1 << bit)) !== 0,
  }))
}

/** "SHOWING n OF m": the agents that match the filter, of all the displayed ones. */
export function showingText(census: Census | null): string {
  if (!census) return 'SHOWING — OF —'
  return `SHOWING ${figure(census.matching)} OF ${figure(census.count)}`
}

export function failingCount(census: Census | null): string {
  return figure(census?.failing)
}

/** The filter with one value of a group switched on or off. */
export function toggleValue(filter: AgentFilter, group: FilterGroup, bit: number): AgentFilter {
  return { ...filter, [group]: toggleBit(filter[group], bit) }
}

export function toggleFailing(filter: AgentFilter): AgentFilter {
  return { ...filter, failing: !filter.failing }
}
