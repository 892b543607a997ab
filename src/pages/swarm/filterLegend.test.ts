import { describe, expect, it } from 'vitest'
import { createSwarmSim } from '../../sim'
import { noFilter } from '../../sim/agentFilter'
import { takeCensus } from '../../sim/census'
import {
  LEGEND_GROUPS,
  failingCount,
  legendEntries,
  showingText,
  toggleFailing,
  toggleValue,
} from './filterLegend'

describe('filter legend', () => {
  const sim = createSwarmSim({ seed: 7, count: 1500 })

  it.each(LEGEND_GROUPS.map((g) => [g.group, g] as const))(
    '%s: one entry per value with a colour, its live count summing to the agents',
    (_name, { group, colors }) => {
      const census = takeCensus(sim.buffers, sim.world, noFilter())
      const entries = legendEntries(group, colors, noFilter(), census)
      expect(entries.length).toBe(colors.length)
      for (const e of entries) expect(e.color).toMatch(/^#[0-9a-f]{6}$/i)
      const sum = entries.reduce((s, e) => s + Number(e.count.replace(/,/g, '')), 0)
      expect(sum).toBe(1500)
      expect(entries.every((e) => !e.pressed)).toBe(true)
    },
  )

  it('presses the values the filter holds and formats counts en-US', () => {
    const f = toggleValue(toggleValue(noFilter(), 'types', 1), 'types', 3)
    expect(f.types).toBe(0b1010)
    const census = takeCensus(sim.buffers, sim.world, f)
    const entries = legendEntries('types', LEGEND_GROUPS[0]!.colors, f, census)
    expect(entries.map((e) => e.pressed)).toEqual([false, true, false, true, false])
    expect(toggleValue(f, 'types', 1).types).toBe(0b1000)
    expect(showingText(census)).toBe(`SHOWING ${census.matching.toLocaleString('en-US')} OF 1,500`)
    expect(census.matching).toBe(census.types[1]! + census.types[3]!)
  })

  it('shows dashes before the first census', () => {
    expect(legendEntries('modes', ['#000000'], noFilter(), null)[0]!.count).toBe('—')
    expect(showingText(null)).toBe('SHOWING — OF —')
    expect(failingCount(null)).toBe('—')
  })

  it('toggles failing', () => {
    expect(toggleFailing(noFilter()).failing).toBe(true)
    expect(toggleFailing(toggleFailing(noFilter()))).toEqual(noFilter())
  })
})
