/** PRODUCT.md §9 efficiency sparkline of the agent detail modal. */
import { fnv1a } from '../../sim/digest'
import { Rng } from '../../sim/random'

const SPARKLINE_POINTS = 30
const SPARKLINE_SPREAD = 7.5

/**
 * 30 points: the efficiency percentage plus a random offset of up to ±7.5, each clamped to 0..100.
 * `rand` returns uniform numbers in [0, 1).
 */
export function efficiencySparkline(
  percent: number,
  rand: () => number,
  count = SPARKLINE_POINTS,
  spread = SPARKLINE_SPREAD,
): number[] {
  const out: number[] = []
  for (let i = 0; i < count; i++) {
    const v = percent + (rand() * 2 - 1) * spread
    out.push(Math.min(100, Math.max(0, v)))
  }
  return out
}

/** A stable seed for an agent's sparkline (same agent and reading ⇒ same line; visual tests). */
function sparklineSeed(agentId: string, percent: number): number {
  return (fnv1a(agentId) ^ Math.round(percent * 10)) >>> 0
}

export function agentSparkline(agentId: string, percent: number): number[] {
  const rng = new Rng(sparklineSeed(agentId, percent))
  return efficiencySparkline(percent, () => rng.next())
}

/** SVG polyline points for values on a 0..100 scale drawn in a width × height box (y down). */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return ''
  const step = values.length > 1 ? width / (values.length - 1) : 0
  return values
    .map((v, i) => {
      const x = i * step
      const y = height - (Math.min(100, Math.max(0, v)) / 100) * height
      return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`
    })
    .join(' ')
}
