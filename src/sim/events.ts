/**
 * What the sim reports while it runs. Listeners (the store, the live-feed server) subscribe with
 * `sim.on(listener)`; events fire synchronously inside tick(). Events are rare (messages, failures,
 * timers), so creating their objects never happens in the per-agent hot loop.
 */
import type { ErrorEvent, HealthItem, Message, Metrics, Task } from './model'

export type SimEvent =
  /** A console line (§3 Message, timestamp = simulated clock, ISO). */
  | { kind: 'message'; message: Message }
  /** An agent failed (automatic or simulated); the alert message is a separate 'message' event. */
  | { kind: 'error'; error: ErrorEvent; index: number }
  /** A failing agent recovered. */
  | { kind: 'recovery'; agentId: string; index: number }
  /** An agent was marked failing by hand (markFailing). */
  | { kind: 'failing'; agentId: string; index: number }
  /** Task progress changed (live feed type 3). */
  | { kind: 'tasks'; tasks: readonly Task[] }
  /** Metrics, efficiency and health recomputed (every 5 s; live feed type 4). */
  | { kind: 'metrics'; metrics: Metrics; efficiency: number; health: readonly HealthItem[] }
  /** Active/standby switched; actionText is the banner. */
  | { kind: 'active'; isActive: boolean; actionText: string }

export type SimListener = (event: SimEvent) => void
