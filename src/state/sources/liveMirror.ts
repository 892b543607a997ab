/**
 * The live mirror: the server's swarm as the page holds it — its agents in buffers of their own, an
 * id index, the failing look, and the figures a state or metrics frame brings (metrics, tasks,
 * efficiency), plus the local drift of the health items the feed does not carry. Nothing here
 * steps: the server owns the swarm, and the live source (liveSource.ts) only writes what arrives.
 */
import { writeWireAgent } from '../../feed/wire'
import type { WireAgent, WireMetrics, WireTask } from '../../feed/protocol'
import type { SwarmReadings } from '../swarmSource'
import {
  BANNER_ACTIVE,
  DEFAULT_SPEED,
  EFFICIENCY_DEFAULT,
  FLAG,
  MODE,
  Rng,
  STATUS,
  clearFailingLook,
  createAgentBuffers,
  defaultHealth,
  defaultTasks,
  emptyMetrics,
  setFailingLook,
  updateHealth,
  type AgentBuffers,
  type HealthItem,
  type Metrics,
  type Task,
  type World,
} from '../../sim'

export class LiveMirror {
  buffers: AgentBuffers
  world: World
  /** the swarm's efficiency, as the server's metrics frames give it */
  efficiency = EFFICIENCY_DEFAULT
  readonly metrics: Metrics = emptyMetrics()
  readonly tasks: Task[] = defaultTasks()
  readonly health: HealthItem[] = defaultHealth()
  /** the health items' drift only (never an agent's) */
  readonly rng: Rng
  /** id → index, rebuilt on the first lookup after a state */
  private idIndex: Map<string, number> | null = null

  /**
   * What the panels read of a server-fed swarm (live or a moment of its history): always active at
   * the default speed, with the figures the frames brought and the page's own `parameters`.
   */
  readings(parameters: SwarmReadings['parameters']): SwarmReadings {
    return {
      isActive: true,
      actionText: BANNER_ACTIVE,
      speed: DEFAULT_SPEED,
      efficiency: this.efficiency,
      parameters,
      tasks: this.tasks,
      health: this.health,
      metrics: this.metrics,
    }
  }

  /** A metrics frame: the figures it carries replace these; efficiency when it has one. */
  applyMetrics(m: WireMetrics): void {
    const { efficiency, ...rest } = m
    Object.assign(this.metrics, rest)
    if (typeof efficiency === 'number') this.efficiency = efficiency
  }

  /** A tasks frame: the server's tasks replace these, in its order. */
  applyTasks(t: readonly WireTask[]): void {
    this.tasks.splice(
      0,
      this.tasks.length,
      ...t.map((x) => ({
        name: x.name,
        progress: x.progress,
        status: x.status === 'pending' ? ('pending' as const) : ('active' as const),
      })),
    )
  }

  constructor(seed: number, world: World) {
    this.rng = new Rng(seed)
    this.world = { ...world }
    this.buffers = createAgentBuffers(1)
    this.buffers.count = 0
  }

  /** A state frame: the server's agents replace these (new buffers when they do not fit). */
  write(agents: readonly WireAgent[], failing: ReadonlySet<string>, world: World): void {
    const count = agents.length
    if (
      this.buffers.capacity < count ||
      this.world.width !== world.width ||
      this.world.height !== world.height
    ) {
      this.buffers = createAgentBuffers(Math.max(count, 1))
      this.world = { ...world }
    }
    const b = this.buffers
    for (let i = 0; i < count; i++) {
      writeWireAgent(b, i, agents[i]!, failing)
      if ((b.flags[i]! & FLAG.failing) !== 0) setFailingLook(b, i)
    }
    b.count = count
    this.idIndex = null
  }

  indexOfId(id: string): number {
    let index = this.idIndex
    if (!index) {
      index = this.idIndex = new Map()
      for (let i = 0; i < this.buffers.count; i++) index.set(this.buffers.ids[i]!, i)
    }
    return index.get(id) ?? -1
  }

  /** The server failed agent i: idle, and the failing look (the efficiency is the server's). */
  markFailing(i: number): void {
    const b = this.buffers
    if (i < 0 || i >= b.count) return
    b.status[i] = STATUS.idle
    b.mode[i] = MODE.idle
    setFailingLook(b, i)
  }

  /** Agent i is operational again. */
  recover(i: number): void {
    const b = this.buffers
    if (i < 0 || i >= b.count || (b.flags[i]! & FLAG.failing) === 0) return
    clearFailingLook(b, i)
  }

  get failingCount(): number {
    let n = 0
    const { flags, count } = this.buffers
    for (let i = 0; i < count; i++) if ((flags[i]! & FLAG.failing) !== 0) n++
    return n
  }

  /** The local drift of Memory / Processing / Network / Latency (the feed does not carry them). */
  driftHealth(): void {
    updateHealth(this)
  }
}
