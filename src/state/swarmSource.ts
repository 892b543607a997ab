/**
 * THE SEAM: a swarm source is the one writer of the displayed swarm.
 *
 * Whatever fills the scene — the local simulation (in a Web Worker, or on the main thread), the
 * server's live feed, or a replayed/imported snapshot — implements SwarmSource, and the store holds
 * exactly one of them as the displayed source (`displayedSource()` in swarmStore.ts). Everything
 * downstream reads the displayed swarm through it and never asks which kind it is:
 *   - the frame clock (frameClock.ts) calls `sample()` once per frame, first, then runs the ONE
 *     shared link search (src/sim/links.ts, < 120 units, ≤ connections per agent) over `buffers`
 *     unless the source brought its own `links`;
 *   - the scene uploads and draws `buffers` / the links and picks among `buffers`;
 *   - the derived readings the panels show are synced a few times a second from `readings()` plus
 *     what the store computes from `buffers` itself (failing set, Error Rate and its trend, active
 *     agents, processing power), so every source gets the same figures for the same agents;
 *   - snapshots copy `buffers` + `readings()` and are stamped with the wall clock;
 *   - controls (active/standby, speed, parameters, mark failing) reach the source only when
 *     `controllable` (local sims); a live swarm is owned by the server and shows its values read-only.
 *
 * Asynchronous sources (a worker-backed sim whose buffers arrive by postMessage or sit in a
 * SharedArrayBuffer) adopt the newest arrived buffers inside `sample()`: `buffers` may be a different
 * object after every sample(), so readers fetch it anew each frame and never keep it across frames.
 * A source that computes its own links (the worker does, off the main thread) returns them from
 * `links`; they must obey the same PRODUCT.md §9 rule and index into the same `buffers` generation.
 */
import type {
  AgentBuffers,
  ForkReadings,
  LinkBuffers,
  SimListener,
  SwarmScan,
  ViewSet,
  World,
  WorldRect,
} from '../sim'

/** Which kind of source is displayed (DATA SOURCE in the status panel, tests). */
type SwarmSourceKind = 'sim' | 'live' | 'replay'

/** The swarm-level figures a source knows that cannot be recomputed from its agents (src/sim/fork.ts). */
export type SwarmReadings = ForkReadings

export interface SwarmSource {
  readonly kind: SwarmSourceKind
  /**
   * True: the controls change this swarm (a local simulation). False: the controls show
   * `readings()` read-only (the live swarm belongs to the server; a replay is a recording).
   */
  readonly controllable: boolean
  /** The agents to draw, pick and read. Fetch it anew every frame: sample() may swap it. */
  readonly buffers: AgentBuffers
  readonly world: World
  /**
   * Links the source computed itself (a worker), or null: the frame clock then runs the shared
   * link search over `buffers` whenever they changed.
   */
  readonly links: LinkBuffers | null
  /** With own `links`: +1 whenever they changed (the scene rebuilds its link index only then). */
  readonly linksVersion?: number
  /** With own `links`: wall clock (ms since the epoch) of the positions they were searched from. */
  readonly linksAt?: number
  /**
   * A source that works off the main thread (the worker) may build the view set (src/sim/viewSet.ts)
   * of the rectangle last passed to requestView() with each frame: the scene then uploads and draws
   * only those agents and links without scanning the swarm. null/absent: the scene builds its own.
   * Like `buffers`, fetch it anew every frame.
   */
  readonly viewSet?: ViewSet | null
  /**
   * The source's own scan of its displayed agents (scanSwarm, FAILING_IDS_CAP ids), when it has one
   * (the worker scans with its readings); otherwise the store scans `buffers` itself.
   */
  scan?(): SwarmScan | null
  requestView?(rect: WorldRect | null): void
  /**
   * Frame clock, phase 1 ("sample the source"): bring `buffers` to this frame — step a sim by
   * `dtMs`, interpolate a feed at `nowMs` (performance.now() ms), step a replay, adopt the buffers
   * a worker posted. Returns true when anything drawn changed. Must not allocate per frame.
   */
  sample(dtMs: number, nowMs: number): boolean
  /** Called by the clock instead of sample() while another source is displayed. */
  idle?(dtMs: number): void
  /** Figures for the panels (read a few times a second, not per frame). */
  readings(): SwarmReadings
  /**
   * Wall-clock ms (since the epoch) of the state shown: agents' lastActiveTime is measured on it
   * (a sim's own clock, which follows the wall clock; now for a feed; capture time for a replay).
   */
  clockMs(): number
  /** A recorded source's playhead (epoch ms of the moment shown); absent for a source of now. */
  moment?(): number
  /** Index of agent `id` in `buffers`, −1 when absent. */
  indexOfId(id: string): number
  /** Console and error events of this swarm (messages, alerts, errors). Returns unsubscribe. */
  on?(listener: SimListener): () => void
  // ---- controls: called only while `controllable` ----
  setActive(active: boolean): void
  setSpeed(speed: number): void
  setParameter(name: string, value: number): void
  /** PRODUCT.md §4 manual mark-failing of agent `index` */
  markFailing(index: number): void
  /** Release timers, workers, listeners. */
  dispose?(): void
}

/**
 * What "Simulate locally" hands to a new local simulation: the displayed swarm at that moment
 * (positions, modes, energy, failing flags in `buffers`; tasks, metrics, efficiency in `readings`).
 */
export interface SwarmFork {
  buffers: AgentBuffers
  world: World
  readings: SwarmReadings
  seed: number
}
