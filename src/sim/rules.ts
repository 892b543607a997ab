/**
 * The per-agent rules of SPEC.md §4 as plain functions over the typed buffers. These are the hot
 * loops: no allocation, no closures, one pass each.
 */
import { TYPE_COLORS } from './agents'
import * as K from './constants'
import type { Rng } from './random'
import { FLAG, MODE, STATUS, type AgentBuffers, type World } from './types'

// GOTCHA: the hot loops read module-local copies of the constants. Loaders that compile modules to
// CommonJS (tsx when required from CJS, vite-node in tests) turn every imported binding into a
// getter call, which made moveAgents ~3× slower at 100k agents.
const {
  ENERGY_BUSY_LOSS,
  ENERGY_BUSY_LOSS_EXTRA_CHANCE,
  ENERGY_FAILING_LOSS,
  ENERGY_HIGH,
  ENERGY_IDLE_GAIN,
  ENERGY_IDLE_GAIN_EXTRA_CHANCE,
  ENERGY_LOW,
  ENERGY_MOVING_LOSS,
  FAILING_COLOR,
  FAILING_PULSE_RATE,
  MODE_BACK_TO_EXPLORE_CHANCE,
  MODE_SWITCH_CHANCE,
  PULSE_HIGH,
  PULSE_LOW,
  STATUS_ACTIVE_SHARE,
  STATUS_CHANGE_CHANCE,
  TARGET_REACHED_DISTANCE,
  TARGET_REVERT_TO_EXPLORE_CHANCE,
  TARGET_SPEED,
} = K
const EXPLORE = MODE.explore
const IDLE = MODE.idle
const TARGET = MODE.target
const FAILING = FLAG.failing
const GLOW = FLAG.glow
const NOT_GLOW = 0xff ^ FLAG.glow
const ACTIVE = STATUS.active
const IDLE_STATUS = STATUS.idle
const PROCESSING = STATUS.processing

/**
 * One frame of movement for non-failing agents (failing agents are frozen). `speedFactor` is
 * speed / 5. While `active`, each agent also has the 0.5% mode switch of §4.
 */
export function moveAgents(
  buf: AgentBuffers,
  world: World,
  rng: Rng,
  active: boolean,
  speedFactor: number,
): void {
  const n = buf.count
  const { x, y, speedX, speedY, targetX, targetY, mode, flags } = buf
  const w = world.width
  const h = world.height
  const tStep = TARGET_SPEED * speedFactor
  for (let i = 0; i < n; i++) {
    if ((flags[i]! & FAILING) !== 0) continue
    let m = mode[i]!
    if (m === EXPLORE) {
      let px = x[i]! + speedX[i]! * speedFactor
      let py = y[i]! + speedY[i]! * speedFactor
      // Bounce: reflect the position back inside and flip that velocity component.
      if (px < 0) {
        px = -px
        speedX[i] = -speedX[i]!
      } else if (px > w) {
        px = 2 * w - px
        speedX[i] = -speedX[i]!
      }
      if (py < 0) {
        py = -py
        speedY[i] = -speedY[i]!
      } else if (py > h) {
        py = 2 * h - py
        speedY[i] = -speedY[i]!
      }
      x[i] = px < 0 ? 0 : px > w ? w : px
      y[i] = py < 0 ? 0 : py > h ? h : py
    } else if (m === TARGET) {
      const dx = targetX[i]! - x[i]!
      const dy = targetY[i]! - y[i]!
      const dist = Math.sqrt(dx * dx + dy * dy)
      if (dist < TARGET_REACHED_DISTANCE) {
        targetX[i] = rng.next() * w
        targetY[i] = rng.next() * h
        if (rng.next() < TARGET_REVERT_TO_EXPLORE_CHANCE) mode[i] = m = EXPLORE
      } else {
        const s = dist < tStep ? 1 : tStep / dist
        x[i] = x[i]! + dx * s
        y[i] = y[i]! + dy * s
      }
    }
    if (active && rng.next() < MODE_SWITCH_CHANCE) {
      if (m === EXPLORE || m === IDLE) {
        mode[i] = TARGET
        targetX[i] = rng.next() * w
        targetY[i] = rng.next() * h
      } else if (rng.next() < MODE_BACK_TO_EXPLORE_CHANCE) {
        mode[i] = EXPLORE
      }
    }
  }
}

/** Glow and pulse from energy: below 20 no glow, pulse 0.5; above 80 glow, pulse 1.8. */
export function applyEnergyLook(buf: AgentBuffers, i: number): void {
  const e = buf.energy[i]!
  if (e < ENERGY_LOW) {
    buf.flags[i] = buf.flags[i]! & NOT_GLOW
    buf.pulseRate[i] = PULSE_LOW
  } else if (e > ENERGY_HIGH) {
    buf.flags[i] = buf.flags[i]! | GLOW
    buf.pulseRate[i] = PULSE_HIGH
  }
}

/**
 * The §4 "simulation tick" for agents [from, to) while active: 20% status change (70% active, 30%
 * processing) and the energy rules. Failing agents only lose 5 energy (they keep their red look).
 */
export function agentTick(
  buf: AgentBuffers,
  rng: Rng,
  nowMs: number,
  from = 0,
  to: number = buf.count,
): void {
  const n = to < buf.count ? to : buf.count
  const { status, mode, energy, flags, lastActiveTime } = buf
  for (let i = from; i < n; i++) {
    let e = energy[i]!
    if ((flags[i]! & FAILING) !== 0) {
      e -= ENERGY_FAILING_LOSS
      energy[i] = e < 0 ? 0 : e
      continue
    }
    let s = status[i]!
    if (rng.next() < STATUS_CHANGE_CHANCE) {
      status[i] = s = rng.next() < STATUS_ACTIVE_SHARE ? ACTIVE : PROCESSING
    }
    if (s === ACTIVE || s === PROCESSING) {
      e -= rng.next() < ENERGY_BUSY_LOSS_EXTRA_CHANCE ? ENERGY_BUSY_LOSS * 2 : ENERGY_BUSY_LOSS
      lastActiveTime[i] = nowMs
    } else if (s === IDLE_STATUS) {
      e += rng.next() < ENERGY_IDLE_GAIN_EXTRA_CHANCE ? ENERGY_IDLE_GAIN * 2 : ENERGY_IDLE_GAIN
    }
    const m = mode[i]!
    if (m === EXPLORE || m === TARGET) e -= ENERGY_MOVING_LOSS
    energy[i] = e < 0 ? 0 : e > 100 ? 100 : e
    applyEnergyLook(buf, i)
  }
}

/** Turn agent i into a failing agent: frozen, red, glowing, pulse 3. */
export function setFailingLook(buf: AgentBuffers, i: number): void {
  buf.flags[i] = buf.flags[i]! | FAILING | GLOW
  buf.color[i] = FAILING_COLOR
  buf.pulseRate[i] = FAILING_PULSE_RATE
}

/** Back to operational: type colour, glow/pulse from energy. */
export function clearFailingLook(buf: AgentBuffers, i: number): void {
  const e = buf.energy[i]!
  buf.flags[i] = (buf.flags[i]! & ~FAILING & NOT_GLOW) | (e > ENERGY_HIGH ? GLOW : 0)
  buf.color[i] = TYPE_COLORS[buf.type[i]!] ?? TYPE_COLORS[4]!
  buf.pulseRate[i] = e > ENERGY_HIGH ? PULSE_HIGH : e < ENERGY_LOW ? PULSE_LOW : 1
}
