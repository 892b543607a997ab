/**
 * The page's side of the sim worker (ARCHITECTURE.md "Swarm sources"): it starts the worker, adopts
 * the frames it publishes and forwards the controls. The main thread does no simulation and no link
 * search.
 *
 * `buffers` and `links` are stable objects whose arrays are swapped for the newest frame's views
 * in sample() (no copy: the views sit on the frame buffer the worker filled). The frame that was
 * displayed before goes back to the worker (protocol.ts). Shared buffers (the page is
 * cross-origin isolated) and transferred ones take exactly the same path here.
 */
import { createAgentBuffers } from '../agents'
import type { SimEvent, SimListener } from '../events'
import type { ForkReadings } from '../fork'
import type { AgentBuffers, LinkBuffers, World } from '../types'
import type { ViewSet, WorldRect } from '../viewSet'
import {
  adoptViews,
  fieldViews,
  frameLayout,
  linkViews,
  viewSetViews,
  writeFields,
  type FrameBuffer,
  type FrameLayout,
} from './frameLayout'
import type { FromWorker, ToWorker, WorkerFork, WorkerReadings } from './protocol'

/** What the client needs of a Worker (a browser Worker; a MessagePort in Node tests). */
export interface SimWorkerPort {
  postMessage(message: ToWorker, transfer: Transferable[]): void
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null
  terminate?(): void
}

export interface SimWorkerOptions {
  seed: number
  count: number
  epochMs: number
  world?: World
  /** SharedArrayBuffer frames (default: whether the page is cross-origin isolated) */
  shared?: boolean
  /** the worker steps by its own clock (default true; false: only advance()) */
  clock?: boolean
  /** continue this swarm ("Simulate locally"): its agents and figures */
  fork?: { buffers: AgentBuffers; readings: ForkReadings }
}

/** The fork's agents packed into a frame (transferred to the worker). */
function packFork(fork: NonNullable<SimWorkerOptions['fork']>): WorkerFork {
  const b = fork.buffers
  const capacity = Math.max(b.count, 1)
  const layout = frameLayout(capacity)
  const frame = new ArrayBuffer(layout.bytes)
  writeFields(b, fieldViews(layout, frame), b.count)
  const r = fork.readings
  return {
    frame,
    capacity,
    count: b.count,
    ids: b.ids.slice(0, b.count),
    readings: {
      isActive: r.isActive,
      actionText: r.actionText,
      speed: r.speed,
      efficiency: r.efficiency,
      parameters: r.parameters.map((p) => ({ ...p })),
      tasks: r.tasks.map((t) => ({ ...t })),
      health: r.health.map((h) => ({ ...h })),
      metrics: { ...r.metrics },
    },
  }
}

/** Start the sim worker of this page (Vite bundles simWorker.ts as a module worker). */
export function startSimWorker(opts: SimWorkerOptions): SimWorkerClient {
  const worker = new Worker(new URL('./simWorker.ts', import.meta.url), {
    type: 'module',
    name: 'sim',
  })
  return new SimWorkerClient(worker as unknown as SimWorkerPort, opts)
}

/** True where SharedArrayBuffer can be posted to a worker (cross-origin isolated pages, Node). */
function canShareBuffers(): boolean {
  const g = globalThis as { crossOriginIsolated?: boolean }
  return typeof SharedArrayBuffer !== 'undefined' && g.crossOriginIsolated !== false
}

type PendingFrame = Extract<FromWorker, { t: 'frame' }>

export class SimWorkerClient {
  /** the displayed agents (arrays swapped by sample(); the object stays) */
  readonly buffers: AgentBuffers
  /** the displayed links (arrays swapped by sample()) */
  readonly links: LinkBuffers
  world: World
  readonly shared: boolean
  ready = false
  /** frames adopted so far (+1 per sample() that changed the buffers) */
  frames = 0
  /** +1 whenever adopted links changed */
  linksVersion = 0
  /** wall clock (ms since the epoch) of the positions the displayed links came from; 0: none */
  linksAt = 0
  /** the displayed frame's view set (for the last requestView() rectangle), or null */
  viewSet: ViewSet | null = null
  private viewRect: WorldRect | null = null
  stepIndex = 0
  readings: WorkerReadings | null = null
  private layout: FrameLayout | null = null
  private pending: PendingFrame | null = null
  private pendingLinks: PendingFrame | null = null
  private shownFrame: FrameBuffer | null = null
  private shownLinks: FrameBuffer | null = null
  private readonly listeners: SimListener[] = []
  private readonly idIndex = new Map<string, number>()
  private running: boolean | null = null
  /** messages posted so far, the init included (readings.handled catches up with it) */
  sent = 1
  private readyWaiters: (() => void)[] = []

  constructor(
    private readonly port: SimWorkerPort,
    opts: SimWorkerOptions,
  ) {
    this.shared = opts.shared ?? canShareBuffers()
    this.buffers = createAgentBuffers(0)
    this.links = { count: 0, a: new Uint32Array(0), b: new Uint32Array(0) }
    this.world = opts.world ?? { width: 0, height: 0 }
    port.onmessage = (e) => this.receive(e.data)
    const fork = opts.fork ? packFork(opts.fork) : undefined
    port.postMessage(
      {
        t: 'init',
        seed: opts.seed,
        count: fork ? fork.capacity : opts.count,
        epochMs: opts.epochMs,
        world: opts.world,
        shared: this.shared,
        clock: opts.clock ?? true,
        fork,
      },
      fork ? [fork.frame] : [],
    )
  }

  /** Resolves once the worker has built the swarm. */
  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((r) => this.readyWaiters.push(r))
  }

  /**
   * Adopt the newest frame that arrived (and newer links). Returns true when the displayed buffers
   * changed. Allocates only the views of the adopted frame.
   */
  sample(): boolean {
    let releaseFrame: FrameBuffer | null = null
    let releaseLinks: FrameBuffer | null = null
    const p = this.pending
    const adopted = p !== null && this.layout !== null
    if (p && this.layout) {
      this.pending = null
      adoptViews(this.buffers, fieldViews(this.layout, p.frame))
      this.buffers.count = p.count
      this.stepIndex = p.stepIndex
      this.viewSet = p.view ? { ...p.view, ...viewSetViews(this.layout, p.frame) } : null
      releaseFrame = this.shownFrame
      this.shownFrame = p.frame
      this.frames++
    }
    const l = this.pendingLinks
    const linksAdopted = l !== null && this.layout !== null
    if (l && this.layout) {
      this.pendingLinks = null
      const v = linkViews(l.links!)
      this.links.a = v.a
      this.links.b = v.b
      this.links.count = l.linkCount
      this.linksAt = l.linksAt
      releaseLinks = this.shownLinks
      this.shownLinks = l.links
      this.linksVersion++
    }
    // One message: the buffers shown before, and (on a new frame) "adopted": the worker's next
    // frame goes out now, so frames are published at the page's frame rate.
    if (adopted || releaseLinks) {
      this.send({ t: 'release', frame: releaseFrame, links: releaseLinks, adopted })
    }
    return adopted || linksAdopted
  }

  indexOfId(id: string): number {
    return this.idIndex.get(id) ?? -1
  }

  on(listener: SimListener): () => void {
    this.listeners.push(listener)
    return () => {
      const i = this.listeners.indexOf(listener)
      if (i >= 0) this.listeners.splice(i, 1)
    }
  }

  /** Run or pause the worker's clock (posted only on a change). */
  setRunning(running: boolean): void {
    if (running === this.running) return
    this.running = running
    this.send({ t: 'run', running })
  }

  /**
   * PRODUCT.md §4 main-view timers on or off (`startup`: the initial message and the 2 s/8 s
   * error).
   */
  setMainView(on: boolean, startup = true): void {
    this.send({ t: 'mainView', on, startup })
  }

  /**
   * Ask for the view set of `rect` (world units: the page's view grown by a pan margin) in every
   * frame from now on; null: none. Posted only on a change.
   */
  requestView(rect: WorldRect | null): void {
    const r = this.viewRect
    if (
      r === rect ||
      (r &&
        rect &&
        r.minX === rect.minX &&
        r.minY === rect.minY &&
        r.maxX === rect.maxX &&
        r.maxY === rect.maxY)
    )
      return
    this.viewRect = rect ? { ...rect } : null
    this.send({ t: 'view', rect: this.viewRect })
  }

  setActive(active: boolean): void {
    this.send({ t: 'setActive', active })
  }

  setSpeed(speed: number): void {
    this.send({ t: 'setSpeed', speed })
  }

  setParameter(name: string, value: number): void {
    this.send({ t: 'setParameter', name, value })
  }

  markFailing(index: number): void {
    this.send({ t: 'markFailing', index })
  }

  /** Run exactly `steps` steps in the worker, then publish (tests: determinism). */
  advance(steps: number, links = true): void {
    this.send({ t: 'advance', steps, links })
  }

  /** Stop the worker (the swarm was replaced). */
  dispose(): void {
    this.port.onmessage = null
    this.port.terminate?.()
    this.listeners.length = 0
  }

  private send(message: ToWorker): void {
    this.sent++
    const transfer: Transferable[] = []
    if (message.t === 'release' && !this.shared) {
      if (message.frame) transfer.push(message.frame as ArrayBuffer)
      if (message.links) transfer.push(message.links as ArrayBuffer)
    }
    this.port.postMessage(message, transfer)
  }

  private release(frame: FrameBuffer | null, links: FrameBuffer | null): void {
    if (frame || links) this.send({ t: 'release', frame, links })
  }

  private receive(m: FromWorker): void {
    if (m.t === 'ready') {
      this.layout = frameLayout(m.capacity)
      const ids = this.buffers.ids
      ids.length = 0
      for (let i = 0; i < m.ids.length; i++) {
        ids.push(m.ids[i]!)
        this.idIndex.set(m.ids[i]!, i)
      }
      this.buffers.capacity = m.capacity
      this.world = m.world
      this.ready = true
      for (const w of this.readyWaiters.splice(0)) w()
    } else if (m.t === 'frame') {
      // Only the newest frame is kept: an older one not yet displayed goes straight back.
      if (this.pending) this.release(this.pending.frame, null)
      this.pending = m
      if (m.links) {
        if (this.pendingLinks) this.release(null, this.pendingLinks.links)
        this.pendingLinks = m
      }
    } else {
      if (m.readings) this.readings = m.readings
      for (const e of m.events) this.emit(e)
    }
  }

  private emit(e: SimEvent): void {
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i]!(e)
  }
}
