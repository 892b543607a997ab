/**
 * The per-agent rules of PRODUCT.md §4 as plain functions over the typed buffers. These are the hot
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
  ENERGY_REST_FROM,
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
const REST_SPAN_INV = 1 / (100 - ENERGY_REST_FROM)

/**
 * What one step hands to the per-agent rules. The engine keeps one object and updates its fields
 * every step: numbers passed as plain arguments to a call V8 does not inline are boxed (a heap
 * allocation per call unless they are small integers), fields of a long-lived object are not.
 */
export interface StepContext {
  world: World
  rng: Rng
  /** PRODUCT.md §4 active (true) or standby */
  active: boolean
  /** movement scale: speed / 5 */
  speedFactor: number
  /** simulated wall clock of this step (lastActiveTime stamps) */
  nowMs: number
}

/**
 * One frame of movement for non-failing agents (failing agents are frozen). While active, each
 * agent also has the 0.5% mode switch of PRODUCT.md §4.
 */
export function moveAgents(buf: AgentBuffers, ctx: StepContext): void {
  const n = buf.count
  const { x, y, speedX, speedY, targetX, targetY, mode, flags } = buf
  const { rng, active, speedFactor } = ctx
  const w = ctx.world.width
  const h = ctx.world.height
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
      // GOTCHA: Math.min/max, not `px < 0 ? 0 : px > w ? w : px`: with w a small integer the
      // ternary's phi became a tagged value in V8 and boxed a HeapNumber per agent per frame.
      x[i] = Math.min(Math.max(px, 0), w)
      y[i] = Math.min(Math.max(py, 0), h)
    } else if (m === TARGET) {
      const dx = targetX[i]! - x[i]!
      const dy = targetY[i]! - y[i]!
      const dist = Math.sqrt(dx * dx + dy * dy)
      if (dist < TARGET_REACHED_DISTANCE) {
        rng.scaleInto(targetX, i, w)
        rng.scaleInto(targetY, i, h)
        if (rng.chance(TARGET_REVERT_TO_EXPLORE_CHANCE)) mode[i] = m = EXPLORE
      } else {
        const s = dist < tStep ? 1 : tStep / dist
        x[i] = x[i]! + dx * s
        y[i] = y[i]! + dy * s
      }
    }
    if (active && rng.chance(MODE_SWITCH_CHANCE)) {
      if (m === EXPLORE || m === IDLE) {
        mode[i] = TARGET
        rng.scaleInto(targetX, i, w)
        rng.scaleInto(targetY, i, h)
      } else if (rng.chance(MODE_BACK_TO_EXPLORE_CHANCE)) {
        mode[i] = EXPLORE
      }
    }
  }
}

/**
 * The PRODUCT.md §4 "simulation tick" for agents [from, to) while active: 20% status change (70%
 * active, 30% processing) and the energy rules. Failing agents only lose 5 energy (they keep their
 * red look). Our addition (PRODUCT.md leaves exhaustion open; ARCHITECTURE.md §7): an agent that
 * falls below ENERGY_LOW goes idle and rests, its status change less likely the emptier it is;
 * without it every busy agent drains ~1.8 per tick, only idle ones gain, and the whole swarm reads
 * 0 energy within two minutes whatever the tick rates.
 */
export function agentTick(
  buf: AgentBuffers,
  ctx: StepContext,
  from = 0,
  to: number = buf.count,
): void {
  const n = to < buf.count ? to : buf.count
  const { status, mode, energy, flags, lastActiveTime, pulseRate } = buf
  const { rng, nowMs } = ctx
  for (let i = from; i < n; i++) {
    let e = energy[i]!
    if ((flags[i]! & FAILING) !== 0) {
      energy[i] = Math.max(e - ENERGY_FAILING_LOSS, 0)
      continue
    }
    let s = status[i]!
    // An idle agent is resting (our rule, see above): its PRODUCT.md §4 status change chance is 0
    // up to ENERGY_REST_FROM and grows to the full 20% at 100 (quadratically), so agents go back to
    // work at spread-out energies and the swarm does not pulse in step.
    let change = STATUS_CHANGE_CHANCE
    if (s === IDLE_STATUS) {
      const f = e > ENERGY_REST_FROM ? (e - ENERGY_REST_FROM) * REST_SPAN_INV : 0
      change = STATUS_CHANGE_CHANCE * f * f
    }
    if (rng.chance(change)) {
      status[i] = s = rng.chance(STATUS_ACTIVE_SHARE) ? ACTIVE : PROCESSING
    }
    if (s === ACTIVE || s === PROCESSING) {
      e -= rng.chance(ENERGY_BUSY_LOSS_EXTRA_CHANCE) ? ENERGY_BUSY_LOSS * 2 : ENERGY_BUSY_LOSS
      lastActiveTime[i] = nowMs
    } else if (s === IDLE_STATUS) {
      e += rng.chance(ENERGY_IDLE_GAIN_EXTRA_CHANCE) ? ENERGY_IDLE_GAIN * 2 : ENERGY_IDLE_GAIN
    }
    const m = mode[i]!
    if (m === EXPLORE || m === TARGET) e -= ENERGY_MOVING_LOSS
    // GOTCHA: Math.min/max, not nested ternaries with 0/100: V8 typed that phi as tagged and
    // boxed a HeapNumber per agent. The look (applyEnergyLook, inlined by hand) reads the stored
    // float32 value back, so the thresholds see exactly what is drawn.
    energy[i] = Math.min(Math.max(e, 0), 100)
    const stored = energy[i]!
    if (stored < ENERGY_LOW) {
      // Exhausted: the agent goes idle to rest (see `resting` above).
      status[i] = IDLE_STATUS
      flags[i] = flags[i]! & NOT_GLOW
      pulseRate[i] = PULSE_LOW
    } else if (stored > ENERGY_HIGH) {
      flags[i] = flags[i]! | GLOW
      pulseRate[i] = PULSE_HIGH
    }
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
  if (e > ENERGY_HIGH) buf.pulseRate[i] = PULSE_HIGH
  else if (e < ENERGY_LOW) buf.pulseRate[i] = PULSE_LOW
  else buf.pulseRate[i] = 1
}
