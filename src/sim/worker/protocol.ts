/**
 * Messages between the page and the sim worker (simWorkerCore.ts). The worker owns the simulation
 * and its link search; the page only adopts published frames.
 *
 * Buffer hand-off (the same messages whether buffers are shared or not): the worker owns a few
 * frame buffers. It fills a free one and posts it in a 'frame'; the page displays it and, when a
 * newer frame arrives, posts the older one back in a 'release'. One clock-driven frame is in flight
 * at a time: the next goes out when the page says it adopted this one (`adopted`). SharedArrayBuffers travel as
 * handles (nothing is copied or detached); plain ArrayBuffers are transferred (moved, not copied).
 * Either way a buffer is written by the worker only while the page does not hold it.
 */
import type { SimEvent } from '../events'
import type { ForkReadings } from '../fork'
import type { SwarmScan } from '../swarmStats'
import type { World } from '../types'
import type { WorldRect } from '../viewSet'
import type { FrameBuffer } from './frameLayout'

/** Swarm-level figures the page shows (panels), posted a few times a second and after commands. */
export interface WorkerReadings extends ForkReadings {
  failingCount: number
  stepIndex: number
  epochMs: number
  /** messages handled so far (the page knows which of its controls these figures include) */
  handled: number
  /** the panels' figures of the agents (swarmStats.ts scanSwarm): the page need not scan them */
  scan: SwarmScan
}

/** A displayed swarm handed to the worker to continue: its agents as a frame (frameLayout.ts). */
export interface WorkerFork {
  frame: ArrayBuffer
  /** capacity the frame was laid out for */
  capacity: number
  count: number
  ids: string[]
  readings: ForkReadings
}

export type ToWorker =
  | {
      t: 'init'
      seed: number
      count: number
      epochMs: number
      world?: World
      /** allocate SharedArrayBuffers (the page is cross-origin isolated) */
      shared: boolean
      /** step by the worker's own clock (false: only 'advance' steps; tests) */
      clock: boolean
      /** continue this swarm instead of seeding a new one ("Simulate locally") */
      fork?: WorkerFork
    }
  /** run the sim clock (false: paused, live feed or replay displayed: the clock only skips) */
  | { t: 'run'; running: boolean }
  /** PRODUCT.md §4 main-view timers on or off */
  | { t: 'mainView'; on: boolean; startup: boolean }
  | { t: 'setActive'; active: boolean }
  | { t: 'setSpeed'; speed: number }
  | { t: 'setParameter'; name: string; value: number }
  | { t: 'markFailing'; index: number }
  /**
   * the world rectangle the page draws (its view grown by a pan margin): every frame carries the
   * view set for it (viewSet.ts); null: none
   */
  | { t: 'view'; rect: WorldRect | null }
  /** run exactly `steps` steps at once (tests, determinism), then publish */
  | { t: 'advance'; steps: number; links: boolean }
  /**
   * buffers handed back; `adopted`: the page displayed a newer frame (the worker publishes the next
   * clock-driven frame only then: frames go out at the page's frame rate, not the sim's step rate)
   */
  | { t: 'release'; frame: FrameBuffer | null; links: FrameBuffer | null; adopted?: boolean }

export type FromWorker =
  | {
      t: 'ready'
      ids: string[]
      world: World
      capacity: number
      shared: boolean
    }
  | {
      t: 'frame'
      /** agent frame (frameLayout.ts) */
      frame: FrameBuffer
      count: number
      stepIndex: number
      /** a link frame when the links changed since the last frame, else null */
      links: FrameBuffer | null
      linkCount: number
      /** wall clock (ms since the epoch) of the positions the links were computed from */
      linksAt: number
      /**
       * the frame's view set (its index and link pairs are in the frame: frameLayout.ts), built
       * for the last 'view' rect with the newest links; null when the page asked for none
       */
      view: {
        rect: WorldRect
        count: number
        drawn: number
        linkCount: number
        /** wall clock of the positions its links were searched from (this frame's, as a rule) */
        linksAt: number
      } | null
    }
  | { t: 'state'; events: SimEvent[]; readings: WorkerReadings | null }
