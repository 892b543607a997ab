import { describe, expect, it } from 'vitest'
import { demoBalanceFromDigest } from './demoChain'

describe('demoBalanceFromDigest', () => {
  it.each([
    [[0, 0, 0], 0],
    [[1, 255, 255], 999.98],
    [[2, 0, 0], 1_000],
    [[13, 128, 0], 5_500],
    [[9, 0, 0], 1_000_000],
  ])('digest %j → %d vPOS', (bytes, balance) => {
    expect(demoBalanceFromDigest(Uint8Array.from(bytes))).toBe(balance)
  })
})
