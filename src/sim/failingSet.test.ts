import { describe, expect, it } from 'vitest'
import { FailingSet } from './failingSet'

describe('FailingSet', () => {
  it('adds, removes (the last entry fills the slot) and clears in O(1) per agent', () => {
    const f = new FailingSet(6)
    for (const i of [4, 1, 5]) f.add(i)
    expect([f.has(4), f.has(1), f.has(5), f.has(0)]).toEqual([true, true, true, false])
    f.remove(4)
    expect(f.count).toBe(2)
    expect([...f.list.subarray(0, f.count)]).toEqual([5, 1])
    expect([f.pos[5], f.pos[1], f.pos[4]]).toEqual([0, 1, -1])
    f.clear()
    expect(f.count).toBe(0)
    expect([...f.pos]).toEqual([-1, -1, -1, -1, -1, -1])
  })
})
