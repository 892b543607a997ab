import { describe, expect, it } from 'vitest'
import { bufferDigest } from './digest'
import { createSwarmSim } from './engine'
import { attachMainView } from './mainView'
import { captureSimState, raiseEventSequences, restoreSimState } from './resumeState'

describe('sim resume state', () => {
  it.each([146, 1_000])(
    'a sim restored from a JSON round trip runs on identically to the original (%i agents)',
    (count) => {
      const a = createSwarmSim({ seed: 7, count, epochMs: 1_700_000_000_000 })
      attachMainView(a)
      a.advance(12_000)
      const state = JSON.parse(JSON.stringify(captureSimState(a)))
      const b = createSwarmSim({ seed: 99, count })
      attachMainView(b) // the server attaches the main view to every sim it may resume
      expect(restoreSimState(b, state)).toBe(true)
      expect(bufferDigest(b.buffers)).toBe(bufferDigest(a.buffers))
      a.advance(5_000)
      b.advance(5_000)
      expect(bufferDigest(b.buffers)).toBe(bufferDigest(a.buffers))
      expect(b.tasks).toEqual(a.tasks)
      expect(b.metrics).toEqual(a.metrics)
      expect(b.efficiency).toBe(a.efficiency)
      expect(b.nowMs).toBe(a.nowMs)
      expect(b.failingIds()).toEqual(a.failingIds())
    },
  )

  it('continues the message and error ids instead of restarting them', () => {
    const a = createSwarmSim({ seed: 3 })
    const ids: string[] = []
    a.on((e) => {
      if (e.kind === 'message') ids.push(e.message.id)
    })
    attachMainView(a)
    a.advance(10_000)
    const b = createSwarmSim({ seed: 3 })
    restoreSimState(b, captureSimState(a))
    raiseEventSequences(b, 500, 0)
    const next: string[] = []
    b.on((e) => {
      if (e.kind === 'message') next.push(e.message.id)
    })
    b.log('system', 'after failover')
    expect(next).toEqual(['m501'])
  })

  it.each([
    ['another capacity', () => ({ ...captureSimState(createSwarmSim({ seed: 1, count: 10 })) })],
    ['another version', () => ({ ...captureSimState(createSwarmSim({ seed: 1 })), v: 2 })],
    ['garbage', () => 'nope'],
  ])('refuses a state that does not fit: %s', (_name, make) => {
    const sim = createSwarmSim({ seed: 1 })
    const before = bufferDigest(sim.buffers)
    expect(restoreSimState(sim, make())).toBe(false)
    expect(bufferDigest(sim.buffers)).toBe(before)
  })
})
