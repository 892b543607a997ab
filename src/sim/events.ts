/**
 * What the sim reports while it runs. Listeners (the store, the live-feed server) subscribe with
 * `sim.on(listener)`; events fire synchronously inside tick(). Events come with messages, timers and
 * failures, never from the per-agent movement loop; but a PRODUCT.md §4 failure tick fails ~10% of
 * the swarm at once (10,000 'error' events at 100,000 agents) and the recovery ticks after it
 * restore 40% of the failing each: a consumer of a big swarm keeps what it shows (RECENT_ERRORS).
 */
import type { ErrorEvent, HealthItem, Message, Metrics, Task } from './model'

export type SimEvent =
  /** A console line (PRODUCT.md §3 Message, timestamp = simulated clock, ISO). */
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

/**
 * Of a burst of 'error' events, what a display keeps: the newest this many (the store's
 * recentErrors, swarmState.ts). The sim worker forwards no more per post (simWorkerCore.ts).
 */
export const RECENT_ERRORS = 20
