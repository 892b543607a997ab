/**
 * Keeps the displayed swarm's census (src/sim/census.ts) fresh for the minimap and the filter legend:
 * one census every CENSUS_MS and at once when the filter changes. Small swarms are counted on the
 * page (a pass over 50,000 agents is ~0.5 ms); larger ones in the census worker, so the main thread
 * never pays the ~10 ms a pass over 1,000,000 agents costs. One request is in flight at a time; the
 * next waits for its answer. (ARCHITECTURE.md "Exploring the swarm")
 */
import { ref, subscribe } from 'valtio'
import type { AgentFilter } from '../../sim/agentFilter'
import { takeCensus, type Census, type CensusFields } from '../../sim/census'
import type { World } from '../../sim'
import type { SwarmStore } from '../swarmState'

/** How often the census is taken (ms). */
export const CENSUS_MS = 500
/** Up to this many agents the census is taken on the page; above, in the worker. */
const CENSUS_PAGE_MAX = 50_000

export interface CensusRequest {
  seq: number
  fields: CensusFields
  world: World
  filter: AgentFilter
}

const FIELDS = ['x', 'y', 'type', 'status', 'mode', 'energy', 'flags'] as const

/** The fields to post: shared views as they are, else copies of the live part (transferred). */
function postable(src: CensusFields): { fields: CensusFields; transfer: ArrayBuffer[] } {
  const n = src.count
  const transfer: ArrayBuffer[] = []
  const fields = { count: n } as Record<string, unknown>
  for (const f of FIELDS) {
    const a = src[f]
    if (typeof SharedArrayBuffer !== 'undefined' && a.buffer instanceof SharedArrayBuffer) {
      fields[f] = a
    } else {
      const copy = a.slice(0, n)
      transfer.push(copy.buffer as ArrayBuffer)
      fields[f] = copy
    }
  }
  return { fields: fields as unknown as CensusFields, transfer }
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null
  try {
    return new Worker(new URL('./censusWorker.ts', import.meta.url), {
      type: 'module',
      name: 'census',
    })
  } catch {
    return null
  }
}

/**
 * Start taking `store`'s census into `store.explore` (census + censusVersion). Returns the stop.
 * `pageMax` (tests) moves the line between the page and the worker.
 */
export function startCensus(store: SwarmStore, pageMax = CENSUS_PAGE_MAX): () => void {
  const explore = store.explore
  let worker: Worker | null = null
  let workerFailed = false
  let inFlight = false
  let pending = false
  let seq = 0
  let seen = { version: -1, filter: '' }

  const publish = (census: Census) => {
    explore.census = ref(census)
    explore.censusVersion++
  }
  const onAnswer = (e: MessageEvent<{ seq: number; census: Census }>) => {
    inFlight = false
    if (e.data.seq === seq) publish(e.data.census)
    if (pending) {
      pending = false
      take(true)
    }
  }
  // a worker that cannot start (a strict CSP, an old browser): count on the page from now on
  const onFail = () => {
    workerFailed = true
    inFlight = false
    worker?.terminate()
    worker = null
  }
  const ensureWorker = (): Worker | null => {
    if (worker || workerFailed) return worker
    worker = startWorker()
    if (!worker) workerFailed = true
    worker?.addEventListener('message', onAnswer)
    worker?.addEventListener('error', onFail)
    return worker
  }

  function take(force: boolean): void {
    const src = store.runtime.source
    const buf = src.buffers
    const filterKey = JSON.stringify(explore.filter)
    // a paused swarm showing the same agents under the same filter needs no new count
    if (!force && store.display.version === seen.version && filterKey === seen.filter) return
    if (inFlight) {
      pending = true
      return
    }
    seen = { version: store.display.version, filter: filterKey }
    const filter = { ...explore.filter }
    const w = buf.count > pageMax ? ensureWorker() : null
    // a census handed out is never written again (readers keep it): each is a fresh one
    if (!w) return publish(takeCensus(buf, src.world, filter))
    const { fields, transfer } = postable(buf)
    inFlight = true
    const request: CensusRequest = { seq: ++seq, fields, world: { ...src.world }, filter }
    w.postMessage(request, transfer)
  }

  const timer = setInterval(() => take(false), CENSUS_MS)
  const unsubscribe = subscribe(explore.filter, () => take(true))
  take(true)
  return () => {
    clearInterval(timer)
    unsubscribe()
    worker?.terminate()
    worker = null
  }
}
