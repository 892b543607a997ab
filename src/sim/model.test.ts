import { describe, expect, it } from 'vitest'
import { defaultHealth, defaultParameters, defaultTasks, emptyMetrics } from './model'
import { MODE_TEXT, UNKNOWN_MODE_TEXT, errorText, recoveryText } from './texts'

describe('§3 defaults', () => {
  it('swarm parameters', () => {
    expect(defaultParameters().map((p) => [p.name, p.value, p.min, p.max])).toEqual([
      ['Swarm Density', 75, 0, 100],
      ['Processing Speed', 80, 0, 100],
      ['Coordination Level', 92, 0, 100],
      ['Error Resilience', 87, 0, 100],
      ['Decision Confidence', 91, 0, 100],
    ])
    for (const p of defaultParameters()) expect(p.color).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('tasks', () => {
    expect(defaultTasks()).toEqual([
      { name: 'Data Analysis', progress: 89, status: 'active' },
      { name: 'Pattern Recognition', progress: 76, status: 'active' },
      { name: 'Risk Assessment', progress: 92, status: 'active' },
      { name: 'Resource Allocation', progress: 64, status: 'active' },
      { name: 'Anomaly Detection', progress: 32, status: 'pending' },
    ])
  })

  it('system health items', () => {
    expect(defaultHealth().map((h) => h.name)).toEqual([
      'Memory',
      'Processing',
      'Network',
      'Latency',
      'Error Rate',
      'Uptime',
    ])
    expect(defaultHealth()[4]).toEqual({ name: 'Error Rate', value: '0.00%', trend: 'stable' })
  })

  it('fresh copies every call', () => {
    const a = defaultTasks()
    a[0]!.progress = 1
    expect(defaultTasks()[0]!.progress).toBe(89)
  })

  it('metrics fields', () => {
    expect(Object.keys(emptyMetrics())).toEqual([
      'totalAgents',
      'activeAgents',
      'processingPower',
      'averageEfficiency',
      'networkLatency',
      'completedTasks',
    ])
  })
})

describe('texts (§4)', () => {
  it.each([
    ['abcdefgh', 'Sync timeout', '[ERROR:abcde] Sync timeout'],
    ['x1y2z3w4', 'Memory corruption', '[ERROR:x1y2z] Memory corruption'],
  ])('error text for %s', (id, text, out) => expect(errorText(id, text)).toBe(out))

  it('recovery text', () => {
    expect(recoveryText('k9m2p4q8')).toBe('[RECOVERY:k9m2p] Agent restored to operational status')
  })

  it.each([
    ['explore', 'Scanning area for anomalies', 'Area exploration'],
    ['target', 'Moving toward objective', 'Coordinate acquisition'],
    ['analyze', 'Processing collected data', 'Pattern analysis'],
    ['idle', 'Waiting for instructions', 'System maintenance'],
  ])('mode %s', (mode, text, detail) => expect(MODE_TEXT[mode]).toEqual({ text, detail }))

  it('unknown mode', () => expect(UNKNOWN_MODE_TEXT.text).toBe('Unknown mode'))
})
