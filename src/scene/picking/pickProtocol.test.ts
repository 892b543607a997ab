import { describe, expect, it } from 'vitest'
import { packPickData, packPickSubset } from './pickProtocol'

describe('packPickData', () => {
  const x = new Float32Array([1, 2, 3, 4])
  const y = new Float32Array([5, 6, 7, 8])
  const size = new Float32Array([2, 3, 4, 5])

  it('lays out x, y, size of the first `count` agents', () => {
    expect(Array.from(packPickData(null, 3, x, y, size))).toEqual([1, 2, 3, 5, 6, 7, 2, 3, 4])
  })

  it('reuses a large enough buffer and grows a small one', () => {
    const big = new Float32Array(30)
    const a = packPickData(big, 2, x, y, size)
    expect(a.buffer).toBe(big.buffer)
    expect(Array.from(a)).toEqual([1, 2, 5, 6, 2, 3])
    const small = new Float32Array(3)
    const b = packPickData(small, 4, x, y, size)
    expect(b.buffer).not.toBe(small.buffer)
    expect(b.length).toBe(12)
  })

  it('an empty swarm still sends a (non-empty) buffer', () => {
    expect(packPickData(null, 0, x, y, size).length).toBe(0)
  })
})

describe('packPickSubset', () => {
  const x = new Float32Array([1, 2, 3, 4])
  const y = new Float32Array([5, 6, 7, 8])
  const size = new Float32Array([2, 3, 4, 5])

  it('packs only the listed agents, in list order', () => {
    const subset = new Uint32Array([3, 1, 99])
    expect(Array.from(packPickSubset(null, subset, 2, x, y, size))).toEqual([4, 2, 8, 6, 5, 3])
  })

  it('reuses a large enough buffer', () => {
    const big = new Float32Array(64)
    expect(packPickSubset(big, new Uint32Array([0]), 1, x, y, size).buffer).toBe(big.buffer)
  })
})
