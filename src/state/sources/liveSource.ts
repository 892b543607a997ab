/**
 * The server's live swarm as a SwarmSource (../swarmSource.ts), and the live feed's target:
 * decoded frames are written into this source's OWN buffers (never into whatever the scene shows:
 * a replay's copy stays the snapshot), and sample() — phase 1 of the frame clock — interpolates the
 * 10 Hz positions to the frame's time. Read-only: the live swarm is owned by the server, so the
 * controls show its values and change nothing here.
 *
 * It imports nothing from the store: what the store must do about the feed (show this swarm, put
 * a notice in the banner, log a console line, hold the local sim still, go back to it) comes out
 * as LiveSourceEvents, which the store's attachLiveFeed (swarmStore.ts) turns into actions; what
 * the source must know of the page (is it on screen, is the page paused) it asks through the two
 * questions in LiveSourceOptions. docs/ARCHITECTURE.md, "Swarm sources".
 */
import {
  MAIN_EFFICIENCY_STEPS,
  STEP_MS,
  defaultParameters,
  type ErrorEvent,
  type Message,
  type MessageType,
  type World,
} from '../../sim'
import type { SwarmReadings, SwarmSource } from '../swarmSource'
import type { FeedApplier, LiveFeedTarget } from '../../feed/liveFeed'
import { LiveMirror } from './liveMirror'
import type {
  ErrorEventPayload,
  SwarmStatePayload,
  WireMetrics,
  WireTask,
} from '../../feed/protocol'

const MESSAGE_TYPES: readonly MessageType[] = ['system', 'node', 'task', 'alert', 'analysis']
/** the local drift of the demo health items (the feed does not carry them), as the sim's 5 s */
const HEALTH_EVERY_MS = MAIN_EFFICIENCY_STEPS * STEP_MS

const pick = <T extends string>(names: readonly T[], v: string, fallback: T): T =>
  names.includes(v as T) ? (v as T) : fallback

/** What the live source asks of the store: show it, tell the visitor, let go of it. */
export type LiveSourceEvent =
  /** a full state arrived: this swarm is ready to be shown (and the feed notice is over) */
  | { kind: 'state' }
  /** the action banner's feed text ('Connection to data feed lost', …); null: the feed is back */
  | { kind: 'notice'; text: string | null }
  /** a console line from the server (sent only while this swarm is on screen) */
  | { kind: 'message'; message: Message }
  /** an error event of the server's swarm, its agent already marked failing (only while shown) */
  | { kind: 'error'; error: ErrorEvent }
  /** the connection's own console line ('[FEED] …') */
  | { kind: 'log'; type: 'system' | 'alert'; text: string }
  /** ?feed=live: hold the local simulation still until the server's first state (false: let go) */
  | { kind: 'hold'; held: boolean }
  /** the feed failed for good: back to the local simulation */
  | { kind: 'lost' }

export interface LiveSourceOptions {
  /** the page's seed: the live mirror's local drift (health items) draws from it */
  seed: number
  /** the world until the server's state names one */
  world: World
  /** whether this swarm is the one on screen (its console lines belong to the console then) */
  isShown(): boolean
  /** whether the page is paused (?paused=1): a live swarm on screen then holds still */
  isPaused(): boolean
}

export class LiveFeedSource implements SwarmSource, LiveFeedTarget {
  readonly kind = 'live' as const
  readonly controllable = false
  readonly links = null
  /** the server's swarm as this page holds it (liveMirror.ts) */
  private readonly held: LiveMirror
  /** a state has arrived (before it the source has nothing to show) */
  private hasState = false
  private applier: FeedApplier | null = null
  private changed = false
  private healthAccum = 0
  /** ?feed=live: the local sim is held still until the server's first state arrives */
  private holding = false
  private readonly parameters = defaultParameters()
  private readonly listeners = new Set<(event: LiveSourceEvent) => void>()

  constructor(private readonly opts: LiveSourceOptions) {
    this.held = new LiveMirror(opts.seed, opts.world)
  }

  /** Subscribe to what the store must do about the feed. Returns unsubscribe. */
  events(listener: (event: LiveSourceEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(event: LiveSourceEvent): void {
    for (const listener of this.listeners) listener(event)
  }

  get buffers() {
    return this.held.buffers
  }

  get world() {
    return this.held.world
  }

  agents() {
    return this.held.buffers
  }

  attach(applier: FeedApplier): void {
    this.applier = applier
  }

  // ---- SwarmSource ----

  sample(dtMs: number, nowMs: number): boolean {
    this.idle(dtMs)
    // ?paused=1 (tests, demos): the displayed live swarm holds still; frames keep arriving.
    if (!this.heldStill()) this.applier?.frame(nowMs)
    const changed = this.changed
    this.changed = false
    return changed
  }

  idle(dtMs: number): void {
    this.healthAccum += dtMs
    if (this.healthAccum >= HEALTH_EVERY_MS && this.hasState) {
      this.healthAccum = 0
      this.held.driftHealth()
    }
  }

  readings(): SwarmReadings {
    return this.held.readings(this.parameters)
  }

  clockMs(): number {
    return Date.now()
  }

  indexOfId(id: string): number {
    return this.held.indexOfId(id)
  }

  setActive(): void {}
  setSpeed(): void {}
  setParameter(): void {}
  markFailing(): void {}

  // ---- LiveFeedTarget ----

  applyState(st: SwarmStatePayload): void {
    if (this.heldStill()) {
      this.applyMetrics(st.metrics)
      return
    }
    const failing = new Set(st.failingAgents ?? [])
    this.held.write(st.agents, failing, st.world ?? this.opts.world)
    this.hasState = true
    this.applyMetrics(st.metrics)
    if (st.tasks) this.applyTasks(st.tasks)
    this.changed = true
    this.emit({ kind: 'state' })
    if (this.holding) {
      this.holding = false
      this.emit({ kind: 'hold', held: false })
    }
  }

  touched(): void {
    this.changed = true
  }

  applyMetrics(m: WireMetrics): void {
    this.held.applyMetrics(m)
  }

  applyTasks(t: WireTask[]): void {
    this.held.applyTasks(t)
  }

  applyMessage(m: { id: string; type: string; text: string; timestamp: string }): void {
    if (!this.opts.isShown()) return
    const type = pick(MESSAGE_TYPES, m.type, 'system')
    this.emit({
      kind: 'message',
      message: { id: m.id, type, text: m.text, timestamp: m.timestamp },
    })
  }

  applyError(e: ErrorEventPayload): void {
    if (!this.heldStill()) this.failAgent(e)
  }

  /** PRODUCT.md §8: the error event's agent fails (also: browser tests' failures on a still live swarm). */
  failAgent(e: ErrorEventPayload): void {
    const i = this.held.indexOfId(e.agentId)
    if (i >= 0) {
      // PRODUCT.md §8: an error event marks the agent failing (the server's own failure: its
      // efficiency is the server's to report)
      this.held.markFailing(i)
      this.changed = true
    }
    if (this.opts.isShown()) this.emit({ kind: 'error', error: { ...e } })
  }

  recovered(agentId: string): void {
    if (!this.heldStill()) this.recoverAgent(agentId)
  }

  /** The agent is operational again (also: browser tests settling a still live swarm). */
  recoverAgent(agentId: string): void {
    const i = this.held.indexOfId(agentId)
    if (i >= 0) {
      this.held.recover(i)
      this.changed = true
    }
  }

  log(type: 'system' | 'alert', text: string): void {
    this.emit({ kind: 'log', type, text })
  }

  setActionText(text: string): void {
    this.emit({ kind: 'notice', text })
  }

  setSource(source: 'sim' | 'live'): void {
    if (source === 'live') {
      // ?feed=live: hold the local sim still until the server's state arrives.
      if (!this.hasState && !this.holding && !this.opts.isPaused()) {
        this.holding = true
        this.emit({ kind: 'hold', held: true })
      }
      return
    }
    if (this.holding) {
      this.holding = false
      this.emit({ kind: 'hold', held: false })
    }
    this.emit({ kind: 'lost' })
  }

  /** Paused (?paused=1) after the first state: the swarm on screen stays as it is. */
  private heldStill(): boolean {
    return this.opts.isPaused() && this.hasState && this.opts.isShown()
  }
}
