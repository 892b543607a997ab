/**
 * A replayed (or imported) snapshot as a SwarmSource: a private copy of the snapshot's agents, its
 * efficiency, metrics and capture time; what a snapshot does not record (tasks, health, active
 * state, speed, parameters) reads from the source under it. Links come from the frame clock's
 * shared search, like every other source's. Read-only: the controls change nothing in a recording.
 */
import { copyAgentBuffers, createAgentBuffers, type AgentBuffers, type Snapshot } from '../../sim'
import type { SwarmReadings, SwarmSource } from '../swarmSource'

export class ReplaySource implements SwarmSource {
  readonly kind = 'replay' as const
  readonly controllable = false
  readonly links = null
  buffers: AgentBuffers = createAgentBuffers(1)
  private snapshot: Snapshot | null = null
  private shownChanged = false
  private readonly idIndex = new Map<string, number>()

  /** `advance(dtMs)` steps the replay (snapshotStore.tickReplay) and may call show(). */
  constructor(private readonly under: SwarmSource) {}

  get world() {
    return this.snapshot?.world ?? this.under.world
  }

  /** Put `s` on screen (copied: the stored snapshot never changes). */
  show(s: Snapshot): void {
    if (this.buffers.capacity < s.agents.count) {
      this.buffers = createAgentBuffers(Math.max(s.agents.count, 1))
    }
    copyAgentBuffers(s.agents, this.buffers)
    this.idIndex.clear()
    for (let i = 0; i < this.buffers.count; i++) this.idIndex.set(this.buffers.ids[i]!, i)
    this.snapshot = s
    this.shownChanged = true
  }

  sample(): boolean {
    const changed = this.shownChanged
    this.shownChanged = false
    return changed
  }

  readings(): SwarmReadings {
    const r = this.under.readings()
    const s = this.snapshot
    if (!s) return r
    return { ...r, efficiency: s.efficiency, metrics: s.metrics }
  }

  clockMs(): number {
    return this.snapshot?.timestamp ?? this.under.clockMs()
  }

  indexOfId(id: string): number {
    return this.idIndex.get(id) ?? -1
  }

  setActive(): void {}
  setSpeed(): void {}
  setParameter(): void {}
  markFailing(): void {}
}
