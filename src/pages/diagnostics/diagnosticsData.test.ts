import { describe, expect, it } from 'vitest'
import { createRng } from '../../sim/random'
import {
  OPERATIONAL_MESSAGE,
  applyOutcome,
  canRepair,
  diagnoseFailureText,
  fullScanText,
  generateComponents,
  operationMs,
  operationSucceeds,
  overallStatus,
  repairFailureText,
  statusFromRoll,
  type ComponentHealth,
  type ComponentStatus,
} from './diagnosticsData'
import { Scripted } from '../../testing/scriptedRng'

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0)
const list = (...s: ComponentStatus[]) => s.map((status) => ({ status }))

describe('§8 failure texts', () => {
  it.each([
    [
      'core-01',
      'Diagnostic test for core-01 revealed additional issues.',
      'Repair attempt failed for core-01. Manual intervention required.',
    ],
    [
      'sync-01',
      'Diagnostic test for sync-01 revealed additional issues.',
      'Repair attempt failed for sync-01. Manual intervention required.',
    ],
  ])('%s', (id, diag, repair) => {
    expect(diagnoseFailureText(id)).toBe(diag)
    expect(repairFailureText(id)).toBe(repair)
  })
})

describe('outcome rolls (diagnose 70%, repair 60%)', () => {
  it.each([
    ['diagnose', 0, true],
    ['diagnose', 0.6999, true],
    ['diagnose', 0.7, false],
    ['diagnose', 0.99, false],
    ['repair', 0.5999, true],
    ['repair', 0.6, false],
    ['repair', 0.65, false],
  ] as const)('%s with roll %f -> %s', (op, roll, ok) => {
    expect(operationSucceeds(op, new Scripted([roll]))).toBe(ok)
  })

  it.each([
    ['diagnose', 3000],
    ['repair', 5000],
  ] as const)('%s takes %d ms', (op, ms) => {
    expect(operationMs(op)).toBe(ms)
  })

  it('matches the rates over many seeded rolls', () => {
    const rng = createRng(8)
    const n = 20_000
    let d = 0
    let r = 0
    for (let i = 0; i < n; i++) {
      if (operationSucceeds('diagnose', rng)) d++
      if (operationSucceeds('repair', rng)) r++
    }
    expect(d / n).toBeCloseTo(0.7, 1)
    expect(r / n).toBeCloseTo(0.6, 1)
  })
})

describe('repair availability', () => {
  it.each([
    ['operational', false],
    ['degraded', true],
    ['failed', true],
  ] as const)('%s -> %s', (status, ok) => {
    expect(canRepair(status)).toBe(ok)
  })
})

describe('overall status text', () => {
  it.each([
    [list('operational', 'operational'), 'All Systems Operational'],
    [list(), 'All Systems Operational'],
    [list('operational', 'degraded'), 'Performance Degradation'],
    [list('degraded', 'failed'), 'System Failure Detected'],
    [list('failed'), 'System Failure Detected'],
  ])('%j -> %s', (l, text) => {
    expect(overallStatus(l)).toBe(text)
  })
})

describe('applying an outcome', () => {
  const failed: ComponentHealth = {
    id: 'net-01',
    component: 'Network Interface',
    status: 'failed',
    lastUpdated: NOW - 60_000,
    message: 'Link down',
    details: 'x',
  }
  it('success makes the component operational, updated now', () => {
    expect(applyOutcome(failed, true, NOW)).toEqual({
      ...failed,
      status: 'operational',
      lastUpdated: NOW,
      message: OPERATIONAL_MESSAGE,
    })
  })
  it('failure leaves it unchanged', () => {
    expect(applyOutcome(failed, false, NOW)).toBe(failed)
  })
})

describe('components', () => {
  it('eight components, deterministic for a seed, status-matching messages', () => {
    const a = generateComponents(createRng(4), NOW)
    expect(a).toEqual(generateComponents(createRng(4), NOW))
    expect(a).toHaveLength(8)
    expect(new Set(a.map((c) => c.id)).size).toBe(8)
    for (const c of a) {
      expect(c.lastUpdated).toBeLessThan(NOW)
      expect(c.message === OPERATIONAL_MESSAGE).toBe(c.status === 'operational')
    }
  })

  it.each([
    [0, 'operational'],
    [0.6499, 'operational'],
    [0.65, 'degraded'],
    [0.8999, 'degraded'],
    [0.9, 'failed'],
  ] as const)('status roll %f -> %s', (roll, status) => {
    expect(statusFromRoll(roll)).toBe(status)
  })

  it('the full-scan line counts the statuses', () => {
    expect(fullScanText(list('operational', 'degraded', 'failed', 'operational'))).toBe(
      'Full system scan logged: 4 components, 2 operational, 1 degraded, 1 failed.',
    )
  })
})
