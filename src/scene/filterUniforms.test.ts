import { describe, expect, it } from 'vitest'
import { noFilter, type AgentFilter } from '../sim/agentFilter'
import { createFilterUniforms, writeFilterUniforms } from './filterUniforms'

describe('writeFilterUniforms', () => {
  it.each<[string, Partial<AgentFilter>, Record<string, number>]>([
    ['no filter', {}, { uFilterOn: 0, uFilterTypes: 0, uFilterFailing: 0 }],
    ['types', { types: 0b110 }, { uFilterOn: 1, uFilterTypes: 6 }],
    ['statuses', { statuses: 0b1 }, { uFilterOn: 1, uFilterStatuses: 1 }],
    ['modes', { modes: 0b1000 }, { uFilterOn: 1, uFilterModes: 8 }],
    ['energy', { energy: 0b11 }, { uFilterOn: 1, uFilterEnergy: 3 }],
    ['failing', { failing: true }, { uFilterOn: 1, uFilterFailing: 1 }],
  ])('%s', (_name, f, want) => {
    const u = createFilterUniforms()
    writeFilterUniforms(u, { ...noFilter(), ...f })
    for (const [k, v] of Object.entries(want)) expect(u[k as keyof typeof u].value).toBe(v)
  })

  it('reports a change only when a value changed', () => {
    const u = createFilterUniforms()
    expect(writeFilterUniforms(u, noFilter())).toBe(false)
    expect(writeFilterUniforms(u, { ...noFilter(), types: 1 })).toBe(true)
    expect(writeFilterUniforms(u, { ...noFilter(), types: 1 })).toBe(false)
    expect(writeFilterUniforms(u, noFilter())).toBe(true)
    expect(u.uFilterOn.value).toBe(0)
  })
})
