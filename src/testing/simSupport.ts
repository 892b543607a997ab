/**
 * Helpers for the sim's unit tests (imported only by *.test.ts; nothing in the app imports it):
 * a scripted random source, hand-built agent buffers and the events a failure tick hands on.
 */
import { expect } from 'vitest'
import { createAgentBuffers } from '../sim/agents'
import { RECENT_ERRORS, type SimEvent } from '../sim/events'
import type { Rng } from '../sim/random'
import { FLAG, MODE, STATUS, type AgentBuffers } from '../sim/types'

/**
 * A stand-in for Rng whose next() returns `values` in order, then `fallback` (0.999: "no event"
 * for every `next() < p` roll). `draws` counts the calls.
 */
export function scriptedRng(values: number[], fallback = 0.999): Rng & { draws: number } {
  let k = 0
  const rng = {
    draws: 0,
    next() {
      rng.draws++
      return k < values.length ? values[k++]! : fallback
    },
    chance(p: number) {
      return rng.next() < p
    },
    scaleInto(arr: Float32Array, i: number, scale: number) {
      arr[i] = rng.next() * scale
    },
  }
  return rng as unknown as Rng & { draws: number }
}

export interface AgentSpec {
  x?: number
  y?: number
  speedX?: number
  speedY?: number
  targetX?: number
  targetY?: number
  mode?: number
  status?: number
  type?: number
  energy?: number
  connections?: number
  failing?: boolean
}

/** Buffers holding exactly these agents (ids a0000000, a0000001, …). */
export function buffersOf(specs: AgentSpec[]): AgentBuffers {
  const buf = createAgentBuffers(specs.length)
  specs.forEach((s, i) => {
    buf.ids[i] = `a${String(i).padStart(7, '0')}`
    buf.x[i] = s.x ?? 100
    buf.y[i] = s.y ?? 100
    buf.size[i] = 3
    buf.speedX[i] = s.speedX ?? 0
    buf.speedY[i] = s.speedY ?? 0
    buf.targetX[i] = s.targetX ?? 0
    buf.targetY[i] = s.targetY ?? 0
    buf.mode[i] = s.mode ?? MODE.idle
    buf.status[i] = s.status ?? STATUS.active
    buf.type[i] = s.type ?? 0
    buf.energy[i] = s.energy ?? 60
    buf.connections[i] = s.connections ?? 0
    buf.pulseRate[i] = 1
    buf.flags[i] = s.failing ? FLAG.failing : 0
  })
  buf.count = specs.length
  return buf
}

/**
 * What a failure tick of a big swarm hands on to the page (the worker's posts, ?sim=main's
 * listeners): its console lines (alerts among them) and exactly the newest RECENT_ERRORS errors.
 */
export function expectFailureTickEvents(events: SimEvent[]): void {
  const errors = events.flatMap((e) => (e.kind === 'error' ? [Number(e.error.id.slice(1))] : []))
  expect(errors).toHaveLength(RECENT_ERRORS)
  expect(errors.at(-1)! - errors[0]!).toBe(RECENT_ERRORS - 1)
  expect(events.some((e) => e.kind === 'message' && e.message.type === 'alert')).toBe(true)
  expect(events.every((e) => e.kind === 'message' || e.kind === 'error')).toBe(true)
}
