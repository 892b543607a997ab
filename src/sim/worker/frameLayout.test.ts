import { describe, expect, it } from 'vitest'
import { MAX_CONNECTIONS } from '../constants'
import { FRAME_POOL, FramePool, linkFrameBytes, linkViews, writeLinks } from './frameLayout'

describe('link frames: sized for the links they carry', () => {
  it('a quarter more than the count, at least 4,096 pairs, at most 7 per agent', () => {
    expect(linkFrameBytes(2_000_000, 1_000_000)).toBe(2_500_000 * 8)
    expect(linkFrameBytes(10, 146)).toBe(146 * MAX_CONNECTIONS * 8) // fewer than 4,096 can exist
    expect(linkFrameBytes(10, 100_000)).toBe(4096 * 8)
    expect(linkFrameBytes(6_900_000, 1_000_000)).toBe(7_000_000 * 8)
    expect(linkFrameBytes(0, 0)).toBe(8) // an empty swarm still gets a valid buffer
  })

  it('views hold as many pairs as the frame has room for; the links round-trip', () => {
    const buffer = new ArrayBuffer(linkFrameBytes(5000, 10_000))
    const v = linkViews(buffer)
    expect(v.a.length).toBe(6250)
    expect(v.b.length).toBe(6250)
    const a = Uint32Array.from({ length: 5000 }, (_, k) => k)
    const b = Uint32Array.from({ length: 5000 }, (_, k) => 9999 - k)
    writeLinks({ count: 5000, a, b }, v)
    const back = linkViews(buffer)
    expect([...back.a.subarray(0, 5000)]).toEqual([...a])
    expect([...back.b.subarray(0, 5000)]).toEqual([...b])
  })
})

describe('frame pool', () => {
  it.each([true, false])(
    'shared %s: at most FRAME_POOL out; returned buffers are reused',
    (shared) => {
      const pool = new FramePool(shared)
      const out = Array.from({ length: FRAME_POOL }, () => pool.take(64))
      expect(out.every((b) => b !== null && b.byteLength === 64)).toBe(true)
      expect(out[0] instanceof SharedArrayBuffer).toBe(shared)
      expect(pool.take(64)).toBeNull()
      pool.give(out[1]!)
      expect(pool.take(64)).toBe(out[1])
      expect(pool.allocated).toBe(FRAME_POOL)
    },
  )

  it('a returned buffer too small for what is needed is let go for a bigger one', () => {
    const pool = new FramePool(false)
    const out = [pool.take(64), pool.take(64), pool.take(64)]
    pool.give(out[0]!)
    const bigger = pool.take(100, 128)
    expect(bigger).not.toBe(out[0])
    expect(bigger!.byteLength).toBe(128)
    expect(pool.allocated).toBe(FRAME_POOL)
    expect(pool.take(8)).toBeNull()
  })
})
