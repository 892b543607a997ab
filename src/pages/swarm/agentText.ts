/**
 * Texts and splits of the agent hover card and detail modal (PRODUCT.md §4 agent status display,
 * §9).
 */
import { MODE_TEXT, UNKNOWN_MODE_TEXT } from '../../sim/texts'

export interface ModeTexts {
  /** the short text ('Scanning area for anomalies') */
  text: string
  /** the detail text ('Area exploration') */
  detail: string
}

/** PRODUCT.md §4 mode texts: explore, target, analyze, idle; anything else 'Unknown mode'. */
export function modeTexts(mode: string): ModeTexts {
  return Object.hasOwn(MODE_TEXT, mode) ? MODE_TEXT[mode]! : UNKNOWN_MODE_TEXT
}

/** '(x, y)' of a target, whole world units. */
export function coordinatesText(p: { x: number; y: number }): string {
  return `(${Math.round(p.x)}, ${Math.round(p.y)})`
}

/** The current-objectives lines of an agent: mode text, detail text, target coordinates in target mode. */
export function objectiveLines(agent: {
  mode: string
  target: { x: number; y: number }
}): string[] {
  const t = modeTexts(agent.mode)
  const lines = [t.text, t.detail]
  if (agent.mode === 'target') lines.push(`Target coordinates ${coordinatesText(agent.target)}`)
  return lines
}

/** Short name of an agent: the first 5 characters of its id. */
export function shortName(id: string): string {
  return id.slice(0, 5)
}

/**
 * PRODUCT.md §9 connections split 60 % data, 40 % control (whole links; data rounds, control takes
 * the rest).
 */
export function connectionSplit(connections: number): { data: number; control: number } {
  const c = Math.max(0, Math.round(connections))
  const data = Math.round(c * 0.6)
  return { data, control: c - data }
}

/** '1 link', '0 links', '3 connections': a count with its noun in the right number. */
export function countText(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

export const DATA_SHARE = 60
export const CONTROL_SHARE = 40

/** PRODUCT.md §9 processing power across three cores, one third each. */
export function coreSplit(power: number): [number, number, number] {
  const third = power / 3
  return [third, third, third]
}

/** PRODUCT.md §9 hover card: the network bar is full at 10 connections. */
const NETWORK_FULL_AT = 10

export function networkBarPercent(connections: number): number {
  return Math.min(100, Math.max(0, (connections / NETWORK_FULL_AT) * 100))
}

/** PRODUCT.md §9 fixed texts of the detail modal. */
export const ENERGY_REGEN_TEXT = '+1.5/cycle'
export const ENERGY_CAPACITY_TEXT = '100 units'
export const MODAL_VERSION_TEXT = 'v1.04'
export const MODULE_PENDING_TEXT = 'Module initialization in progress. Available in next update.'
export const HOVER_HINT_TEXT = 'Click for detailed analysis'
/** PRODUCT.md §4: the processing spinner toggles this often. */
export const SPINNER_TOGGLE_MS = 750
