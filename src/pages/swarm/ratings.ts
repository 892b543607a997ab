/**
 * The PRODUCT.md §9 ratings and colour thresholds of the Swarm Core view, as plain functions.
 * Colours are returned as tone names (tests compare names); `TONE_HEX` turns them into CSS colours.
 */

export type Tone =
  'red' | 'orange' | 'amber' | 'yellow' | 'blue' | 'green' | 'brightGreen' | 'accent'

export const TONE_HEX: Record<Tone, string> = {
  red: '#ff4d5e',
  orange: '#ff8a3d',
  amber: '#ffb547',
  yellow: '#ffe14d',
  blue: '#4da3ff',
  green: '#2fd67a',
  brightGreen: '#39ff88',
  accent: '#00f0c8',
}

export type Tier = 'S-TIER' | 'A-TIER' | 'B-TIER' | 'C-TIER'

/**
 * The detail view reads an agent's efficiency as a 0..1 fraction (PRODUCT.md §3: the simulation
 * stores 85–100). Values above 1 are taken as percentages, so both readings land on the same
 * fraction.
 */
export function efficiencyFraction(efficiency: number): number {
  if (!Number.isFinite(efficiency)) return 0
  const f = efficiency > 1 ? efficiency / 100 : efficiency
  return Math.min(1, Math.max(0, f))
}

/**
 * PRODUCT.md §9 efficiency class of a 0..1 fraction: above 0.8 S, above 0.6 A, above 0.4 B, else C.
 */
export function efficiencyTier(fraction: number): Tier {
  if (fraction > 0.8) return 'S-TIER'
  if (fraction > 0.6) return 'A-TIER'
  if (fraction > 0.4) return 'B-TIER'
  return 'C-TIER'
}

export const TIER_TONE: Record<Tier, Tone> = {
  'S-TIER': 'brightGreen',
  'A-TIER': 'blue',
  'B-TIER': 'amber',
  'C-TIER': 'red',
}

/**
 * PRODUCT.md §9 energy colour in the detail modal: above 80 green, above 50 blue, above 30 amber,
 * else red.
 */
export function modalEnergyTone(energy: number): Tone {
  if (energy > 80) return 'green'
  if (energy > 50) return 'blue'
  if (energy > 30) return 'amber'
  return 'red'
}

/**
 * PRODUCT.md §9 energy colour on the hover card: below 20 red, below 50 yellow, below 80 blue, else
 * green.
 */
export function hoverEnergyTone(energy: number): Tone {
  if (energy < 20) return 'red'
  if (energy < 50) return 'yellow'
  if (energy < 80) return 'blue'
  return 'green'
}

/**
 * PRODUCT.md §9 energy colour elsewhere: under 20 red, under 50 orange, under 80 green, else bright
 * green.
 */
export function energyTone(energy: number): Tone {
  if (energy < 20) return 'red'
  if (energy < 50) return 'orange'
  if (energy < 80) return 'green'
  return 'brightGreen'
}

/** PRODUCT.md §9 load or memory bars: above 90 red, above 75 yellow, else the accent. */
export function loadBarTone(percent: number): Tone {
  if (percent > 90) return 'red'
  if (percent > 75) return 'yellow'
  return 'accent'
}

/** PRODUCT.md §9 disk bars: above 85 red, above 70 yellow, else the accent. */
export function diskBarTone(percent: number): Tone {
  if (percent > 85) return 'red'
  if (percent > 70) return 'yellow'
  return 'accent'
}

export type ThreatLevel = 'CRITICAL' | 'HIGH' | 'MODERATE' | 'LOW'

/**
 * PRODUCT.md §9 threat level of `value` out of `max`: above 90 % CRITICAL, above 70 HIGH, above 40
 * MODERATE.
 */
export function threatLevel(value: number, max = 100): ThreatLevel {
  const pct = max > 0 ? (value / max) * 100 : 0
  if (pct > 90) return 'CRITICAL'
  if (pct > 70) return 'HIGH'
  if (pct > 40) return 'MODERATE'
  return 'LOW'
}

/** PRODUCT.md §9: the agent panel always rates 10 out of 100, so it always reads LOW. */
export const PANEL_THREAT = { value: 10, max: 100 } as const

export const THREAT_TONE: Record<ThreatLevel, Tone> = {
  CRITICAL: 'red',
  HIGH: 'orange',
  MODERATE: 'yellow',
  LOW: 'green',
}

/** PRODUCT.md §9 latency: under 10 ms Optimal, under 50 Good, else Degraded. */
export function latencyText(ms: number): 'Optimal' | 'Good' | 'Degraded' {
  if (ms < 10) return 'Optimal'
  if (ms < 50) return 'Good'
  return 'Degraded'
}

/** PRODUCT.md §9 processing power: above 8000 High, above 5000 Medium, else Low. */
export function processingPowerText(power: number): 'High' | 'Medium' | 'Low' {
  if (power > 8000) return 'High'
  if (power > 5000) return 'Medium'
  return 'Low'
}

/** PRODUCT.md §9 compute load bar: processingPower / 10000 as a percentage, clamped 0..100. */
export function computeLoadPercent(power: number): number {
  return Math.min(100, Math.max(0, (power / 10000) * 100))
}

/**
 * PRODUCT.md §9 system health: (agents − failing) / agents as a percentage (100 with no agents).
 */
export function systemHealthPercent(agents: number, failing: number): number {
  if (agents <= 0) return 100
  return Math.min(100, Math.max(0, ((agents - failing) / agents) * 100))
}
