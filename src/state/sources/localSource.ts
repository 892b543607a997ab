/**
 * The local simulation's source: in its Web Worker where the page can start one (the default), on
 * the main thread in Node (unit tests), without Worker support, or with `?sim=main`. Both are
 * controllable SwarmSources with a paused flag and the PRODUCT.md §4 main-view timers.
 */
import { createSwarmSim, worldForCount, type SwarmSim, type World } from '../../sim'
import { startSimWorker } from '../../sim/worker/simWorkerClient'
import type { SwarmFork } from '../swarmSource'
import { LocalSimSource, simFromFork } from './localSimSource'
import { WorkerSimSource } from './workerSimSource'

export type LocalSource = LocalSimSource | WorkerSimSource

/** The largest swarm the page builds itself to show before the worker's first frame. */
const SHOWN_AT_ONCE_MAX = 200_000

/** Whether the local simulation runs in a worker: asked for (not ?sim=main) and possible here. */
function simInWorker(simThread: 'worker' | 'main'): boolean {
  return typeof Worker !== 'undefined' && typeof window !== 'undefined' && simThread === 'worker'
}

/**
 * A new local source: a fresh swarm of `count` agents, or one continuing `fork`. `sim` is the
 * main-thread simulation; with a worker it is a one-agent stand-in that only carries the seed and
 * world (the agents live in the worker).
 */
export function createLocalSource(opts: {
  seed: number
  count: number
  epochMs: number
  world?: World
  fork?: SwarmFork
  /** the store's choice (SwarmStore.simThread); a page without Worker runs it here anyway */
  simThread: 'worker' | 'main'
}): { sim: SwarmSim; local: LocalSource } {
  const world = opts.fork?.world ?? opts.world ?? worldForCount(opts.count)
  if (!simInWorker(opts.simThread)) {
    const sim = opts.fork
      ? simFromFork(opts.fork, opts.epochMs)
      : createSwarmSim({ seed: opts.seed, count: opts.count, world, epochMs: opts.epochMs })
    return { sim, local: new LocalSimSource(sim) }
  }
  const sim = createSwarmSim({ seed: opts.seed, count: 1, world, epochMs: opts.epochMs })
  const fork = opts.fork
  const client = startSimWorker({
    seed: opts.seed,
    count: fork ? fork.buffers.count : opts.count,
    epochMs: opts.epochMs,
    world,
    fork: fork ? { buffers: fork.buffers, readings: fork.readings } : undefined,
  })
  // Until the worker's first frame is adopted the page shows the same seeded swarm, built here
  // (deterministic: identical to the worker's start), so a paused or slow-to-start worker never
  // leaves the scene and the readings empty. Above SHOWN_AT_ONCE_MAX agents that build would cost
  // the page a long task, and the scene waits for the worker instead.
  const initial =
    !fork && opts.count <= SHOWN_AT_ONCE_MAX
      ? createSwarmSim({ seed: opts.seed, count: opts.count, world, epochMs: opts.epochMs }).buffers
      : null
  return { sim, local: new WorkerSimSource(client, opts.seed, world, fork ?? null, initial) }
}
