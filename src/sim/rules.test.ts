import { describe, expect, it } from 'vitest'
import { FAILING_COLOR, TYPE_COLORS } from './agents'
import type { Rng } from './random'
import { agentTick, clearFailingLook, moveAgents, setFailingLook, type StepContext } from './rules'
import { buffersOf, scriptedRng, type AgentSpec } from '../testing/simSupport'
import { FLAG, MODE, STATUS } from './types'

const world = { width: 200, height: 100 }
const { explore, idle, target } = MODE

const ctx = (rng: Rng, active = false, speedFactor = 1, nowMs = 0): StepContext => ({
  world,
  rng,
  active,
  speedFactor,
  nowMs,
})

describe('explore: moves by velocity, bounces at the edges (§4)', () => {
  it.each([
    // label, agent, speedFactor, expected x, y, speedX, speedY
    ['inside', { x: 100, y: 50, speedX: 1.5, speedY: -0.5 }, 1, 101.5, 49.5, 1.5, -0.5],
    ['speed 10 doubles the step', { x: 100, y: 50, speedX: 1, speedY: 1 }, 2, 102, 52, 1, 1],
    ['left edge', { x: 0.5, y: 50, speedX: -1, speedY: 0 }, 1, 0.5, 50, 1, 0],
    ['right edge', { x: 199.5, y: 50, speedX: 1, speedY: 0 }, 1, 199.5, 50, -1, 0],
    ['top edge', { x: 10, y: 0.25, speedX: 0, speedY: -0.5 }, 1, 10, 0.25, 0, 0.5],
    ['bottom edge', { x: 10, y: 99.75, speedX: 0, speedY: 0.5 }, 1, 10, 99.75, 0, -0.5],
    ['corner', { x: 0.25, y: 99.75, speedX: -0.5, speedY: 0.5 }, 1, 0.25, 99.75, 0.5, -0.5],
  ] as const)('%s', (_label, spec, factor, ex, ey, esx, esy) => {
    const buf = buffersOf([{ ...spec, mode: explore }])
    const rng = scriptedRng([])
    moveAgents(buf, ctx(rng, false, factor))
    expect([buf.x[0], buf.y[0], buf.speedX[0], buf.speedY[0]]).toEqual([ex, ey, esx, esy])
    expect(rng.draws).toBe(0)
  })
})

describe('target: moves toward its target; within 5 units a new target, 30% back to explore', () => {
  it.each([
    // far away: 1.2 units per frame at speed 5 along the line (3-4-5 triangle)
    ['far, speed 5', { x: 0, y: 0, targetX: 30, targetY: 40 }, 1, [], [0.72, 0.96], target],
    ['far, speed 10', { x: 0, y: 0, targetX: 30, targetY: 40 }, 2, [], [1.44, 1.92], target],
    // 5.0 away is not "within 5": it still moves
    ['exactly 5 away', { x: 10, y: 10, targetX: 13, targetY: 14 }, 1, [], [10.72, 10.96], target],
  ] as const)('%s', (_l, spec, factor, rolls, pos, mode) => {
    const buf = buffersOf([{ ...spec, mode: target }])
    moveAgents(buf, ctx(scriptedRng([...rolls]), false, factor))
    expect(buf.x[0]).toBeCloseTo(pos[0], 5)
    expect(buf.y[0]).toBeCloseTo(pos[1], 5)
    expect(buf.mode[0]).toBe(mode)
  })

  it.each([
    // rolls: new target x fraction, y fraction, revert roll
    ['reverts to explore below 0.3', [0.5, 0.25, 0.29], explore],
    ['stays on target at 0.3', [0.5, 0.25, 0.3], target],
  ])('reached: %s', (_l, rolls, mode) => {
    const buf = buffersOf([{ x: 10, y: 10, targetX: 12, targetY: 13, mode: target }])
    moveAgents(buf, ctx(scriptedRng(rolls), false, 1))
    expect([buf.targetX[0], buf.targetY[0]]).toEqual([100, 25])
    expect(buf.mode[0]).toBe(mode)
    // the frame that picks the new target does not move
    expect([buf.x[0], buf.y[0]]).toEqual([10, 10])
  })
})

describe('0.5% mode switch per tick while active', () => {
  it.each([
    ['explore → target', explore, [0.004, 0.5, 0.5], target, [100, 50]],
    ['explore stays at 0.005', explore, [0.005], explore, [0, 0]],
    ['idle → target', idle, [0.0049, 0.2, 0.4], target, [40, 40]],
    ['target → explore (30%)', target, [0.004, 0.29], explore, [150, 50]],
    ['target stays (70%)', target, [0.004, 0.3], target, [150, 50]],
  ] as const)('%s', (_l, mode, rolls, expected, tgt) => {
    const buf = buffersOf([{ x: 10, y: 10, targetX: 150, targetY: 50, mode }])
    if (mode === explore) buf.targetX[0] = buf.targetY[0] = 0
    moveAgents(buf, ctx(scriptedRng([...rolls]), true, 1))
    expect(buf.mode[0]).toBe(expected)
    expect([buf.targetX[0], buf.targetY[0]]).toEqual(tgt)
  })

  it('no switch roll in standby', () => {
    const buf = buffersOf([{ mode: explore }, { mode: idle }, { mode: target, targetX: 150 }])
    const rng = scriptedRng([0])
    moveAgents(buf, ctx(rng, false, 1))
    expect(rng.draws).toBe(0)
    expect([...buf.mode]).toEqual([explore, idle, target])
  })
})

describe('failing agents are frozen', () => {
  it.each([explore, idle, target])('mode %s: no movement, no rolls', (mode) => {
    const buf = buffersOf([
      { x: 50, y: 50, speedX: 1, speedY: 1, targetX: 0, targetY: 0, mode, failing: true },
    ])
    const rng = scriptedRng([0, 0, 0])
    moveAgents(buf, ctx(rng, true, 2))
    expect([buf.x[0], buf.y[0], buf.mode[0]]).toEqual([50, 50, mode])
    expect(rng.draws).toBe(0)
  })
})

describe('agent tick: 20% status change (70% active / 30% processing) and energy (§4)', () => {
  it.each<[string, AgentSpec, number[], number, number]>([
    // label, agent, rolls (status, [share], energy), expected status, expected energy
    ['active loses 1', { status: STATUS.active }, [0.5, 0.3], STATUS.active, 59],
    ['active loses 2 (30%)', { status: STATUS.active }, [0.5, 0.29], STATUS.active, 58],
    ['processing loses 1', { status: STATUS.processing }, [0.5, 0.5], STATUS.processing, 59],
    ['processing loses 2', { status: STATUS.processing }, [0.5, 0.1], STATUS.processing, 58],
    ['idle gains 2 (70%)', { status: STATUS.idle }, [0.5, 0.69], STATUS.idle, 62],
    ['idle gains 1', { status: STATUS.idle }, [0.5, 0.7], STATUS.idle, 61],
    // resting: an idle agent's status change chance is 0.2 × ((energy − 50) / 50)², 0.008 at 60
    [
      'resting at 60: change below 0.008',
      { status: STATUS.idle },
      [0.0079, 0.69, 0.5],
      STATUS.active,
      59,
    ],
    ['resting at 60: no change at 0.0081', { status: STATUS.idle }, [0.0081, 0.7], STATUS.idle, 61],
    [
      'resting at 50: never changes',
      { status: STATUS.idle, energy: 50 },
      [0, 0.7],
      STATUS.idle,
      51,
    ],
    ['other status: no change', { status: STATUS.other }, [0.5], STATUS.other, 60],
    [
      'charged idle: change to active',
      { status: STATUS.idle, energy: 100 },
      [0.19, 0.69, 0.5],
      STATUS.active,
      99,
    ],
    [
      'charged idle: change to processing',
      { status: STATUS.idle, energy: 100 },
      [0.1, 0.7, 0.5],
      STATUS.processing,
      99,
    ],
    [
      'charged idle: no change at 0.2',
      { status: STATUS.idle, energy: 100 },
      [0.2, 0.7],
      STATUS.idle,
      100,
    ],
    ['explore: a further 0.5', { status: STATUS.active, mode: explore }, [0.5, 0.5], 0, 58.5],
    ['target: a further 0.5', { status: STATUS.idle, mode: target }, [0.5, 0.8], 1, 60.5],
    [
      'clamped at 0 (exhausted: goes idle to rest)',
      { status: STATUS.active, mode: explore, energy: 1 },
      [0.5, 0.1],
      STATUS.idle,
      0,
    ],
    [
      'below 20: goes idle to rest',
      { status: STATUS.active, energy: 20.5 },
      [0.5, 0.5],
      STATUS.idle,
      19.5,
    ],
    ['clamped at 100', { status: STATUS.idle, energy: 99.5 }, [0.5, 0.1], 1, 100],
    ['failing loses 5', { failing: true, status: STATUS.active }, [], STATUS.active, 55],
    ['failing clamped at 0', { failing: true, energy: 3 }, [], STATUS.active, 0],
  ])('%s', (_l, spec, rolls, status, energy) => {
    const buf = buffersOf([{ mode: idle, ...spec }])
    const rng = scriptedRng(rolls)
    agentTick(buf, ctx(rng, false, 1, 1234))
    expect(buf.status[0]).toBe(status)
    expect(buf.energy[0]).toBe(energy)
    expect(rng.draws).toBe(rolls.length)
  })

  it.each([
    // energy after the tick → glow, pulse (between 20 and 80 the look is left as it was)
    ['above 80: glow, pulse 1.8', 80, [0.5, 0.1], true, 1.8],
    ['below 20: no glow, pulse 0.5', 21, [0.5, 0.1], false, 0.5],
    ['80 exactly: unchanged', 81, [0.5, 0.5], true, 1.3],
    ['20 exactly: unchanged', 21, [0.5, 0.5], true, 1.3],
  ] as const)('%s', (_l, energy, rolls, glow, pulse) => {
    const buf = buffersOf([{ status: energy === 80 ? STATUS.idle : STATUS.active, energy }])
    buf.flags[0] = FLAG.glow
    buf.pulseRate[0] = 1.3
    agentTick(buf, ctx(scriptedRng([...rolls]), false, 1, 0))
    expect((buf.flags[0]! & FLAG.glow) !== 0).toBe(glow)
    expect(buf.pulseRate[0]).toBeCloseTo(pulse, 5)
  })

  it('busy agents stamp lastActiveTime, idle ones keep it', () => {
    const buf = buffersOf([{ status: STATUS.active }, { status: STATUS.idle }])
    buf.lastActiveTime.fill(5)
    agentTick(buf, ctx(scriptedRng([]), false, 1, 777))
    expect([...buf.lastActiveTime]).toEqual([777, 5])
  })

  it('ticks only agents [from, to)', () => {
    const buf = buffersOf([
      { status: STATUS.idle },
      { status: STATUS.idle },
      { status: STATUS.idle },
    ])
    agentTick(buf, ctx(scriptedRng([]), false, 1, 0), 1, 2)
    expect([...buf.energy]).toEqual([60, 61, 60])
  })
})

describe('failing look', () => {
  it('setFailingLook: red, glowing, pulse 3, failing flag', () => {
    const buf = buffersOf([{ energy: 50 }])
    setFailingLook(buf, 0)
    expect(buf.color[0]).toBe(FAILING_COLOR)
    expect(buf.flags[0]).toBe(FLAG.failing | FLAG.glow)
    expect(buf.pulseRate[0]).toBe(3)
  })

  it.each([
    // energy → glow, pulse after recovery
    [90, true, 1.8],
    [50, false, 1],
    [10, false, 0.5],
  ])('clearFailingLook at energy %s: type colour, glow %s, pulse %s', (energy, glow, pulse) => {
    const buf = buffersOf([{ energy, type: 2 }])
    setFailingLook(buf, 0)
    clearFailingLook(buf, 0)
    expect(buf.color[0]).toBe(TYPE_COLORS[2])
    expect(buf.flags[0]! & FLAG.failing).toBe(0)
    expect((buf.flags[0]! & FLAG.glow) !== 0).toBe(glow)
    expect(buf.pulseRate[0]).toBeCloseTo(pulse, 5)
  })
})
