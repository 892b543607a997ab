import { describe, expect, it } from 'vitest'
import {
  TYPE_COLORS,
  cloneAgentBuffers,
  copyAgentBuffers,
  createAgentBuffers,
  initAgents,
  worldForCount,
} from './agents'
import { DEFAULT_AGENT_COUNT } from './constants'
import { bufferDigest } from './digest'
import { Rng } from './random'
import { AGENT_TYPE, FLAG, MODE, STATUS } from './types'

function seeded(seed: number, count: number) {
  const world = worldForCount(count)
  const buf = createAgentBuffers(count)
  initAgents(buf, count, world, new Rng(seed), 1000)
  return { buf, world }
}

describe('initial agents (§3 ranges)', () => {
  it.each([
    [1, 146],
    [42, 146],
    [7, 500],
  ])('seed %s, %s agents', (seed, count) => {
    const { buf, world } = seeded(seed, count)
    expect(buf.count).toBe(count)
    expect(new Set(buf.ids.slice(0, count)).size).toBe(count)
    for (let i = 0; i < count; i++) {
      expect(buf.ids[i]).toMatch(/^[a-z0-9]{8}$/)
      expect(buf.x[i]).toBeGreaterThanOrEqual(0)
      expect(buf.x[i]).toBeLessThanOrEqual(world.width)
      expect(buf.y[i]).toBeGreaterThanOrEqual(0)
      expect(buf.y[i]).toBeLessThanOrEqual(world.height)
      expect(Number.isInteger(buf.processingPower[i])).toBe(true)
      expect(buf.processingPower[i]).toBeGreaterThanOrEqual(10)
      expect(buf.processingPower[i]).toBeLessThanOrEqual(99)
      expect(buf.efficiency[i]).toBeGreaterThanOrEqual(85)
      expect(buf.efficiency[i]).toBeLessThanOrEqual(100)
      expect(buf.connections[i]).toBeLessThanOrEqual(7)
      expect(Number.isInteger(buf.energy[i])).toBe(true)
      expect(buf.energy[i]).toBeGreaterThanOrEqual(50)
      expect(buf.energy[i]).toBeLessThanOrEqual(99)
      expect((buf.flags[i]! & FLAG.glow) !== 0).toBe(buf.energy[i]! > 80)
      expect((buf.flags[i]! & FLAG.failing) === 0).toBe(true)
      expect([MODE.explore, MODE.idle, MODE.target]).toContain(buf.mode[i])
      expect([STATUS.active, STATUS.idle, STATUS.processing]).toContain(buf.status[i])
      expect(buf.type[i]).toBeLessThan(AGENT_TYPE.other)
      expect(buf.color[i]).toBe(TYPE_COLORS[buf.type[i]!])
      expect(buf.lastActiveTime[i]).toBe(1000)
    }
  })

  it('spans every value of the ranges over a large swarm', () => {
    const { buf } = seeded(5, 5000)
    const pp = buf.processingPower.subarray(0, 5000)
    const en = buf.energy.subarray(0, 5000)
    expect([Math.min(...pp), Math.max(...pp)]).toEqual([10, 99])
    expect([Math.min(...en), Math.max(...en)]).toEqual([50, 99])
    expect(new Set(buf.connections.subarray(0, 5000)).size).toBe(8)
    expect(new Set(buf.type.subarray(0, 5000)).size).toBe(4)
  })

  it('refuses more agents than the capacity', () => {
    expect(() => initAgents(createAgentBuffers(2), 3, worldForCount(3), new Rng(1), 0)).toThrow(
      RangeError,
    )
  })
})

describe('worldForCount', () => {
  it.each([
    [1, 1600, 1000],
    [DEFAULT_AGENT_COUNT, 1600, 1000],
    [584, 3200, 2000],
    [100_000, 41874, 26171],
  ])('%s agents → %s × %s', (count, w, h) => {
    expect(worldForCount(count)).toEqual({ width: w, height: h })
  })
})

describe('copy and clone', () => {
  it('clone is tight and independent', () => {
    const { buf } = seeded(4, 30)
    const c = cloneAgentBuffers(buf)
    expect(c.capacity).toBe(30)
    expect(bufferDigest(c)).toBe(bufferDigest(buf))
    buf.x[0] = buf.x[0]! + 1
    expect(bufferDigest(c)).not.toBe(bufferDigest(buf))
  })

  it('copy into a larger buffer sets the count; a smaller one is refused', () => {
    const { buf } = seeded(4, 30)
    const big = createAgentBuffers(100)
    copyAgentBuffers(buf, big)
    expect(big.count).toBe(30)
    expect(bufferDigest(big)).toBe(bufferDigest(buf))
    expect(() => copyAgentBuffers(buf, createAgentBuffers(10))).toThrow(RangeError)
  })
})
