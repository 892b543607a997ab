/// <reference lib="webworker" />
/**
 * The census off the main thread (src/sim/census.ts): the page posts the displayed agents' fields
 * (shared views where the page is cross-origin isolated, copies otherwise), the world and the
 * filter; the worker answers with the census, its arrays transferred back.
 */
import { takeCensus } from '../../sim/census'
import type { CensusRequest } from './censusRunner'

self.onmessage = (e: MessageEvent<CensusRequest>) => {
  const { fields, world, filter, seq } = e.data
  // its arrays are transferred back, so each answer is a fresh census (128 × 128 cells: ~200 KB)
  const census = takeCensus(fields, world, filter)
  const g = census.grid
  postMessage({ seq, census }, [
    g.all.buffer,
    g.failing.buffer,
    g.matching.buffer,
    census.types.buffer,
    census.statuses.buffer,
    census.modes.buffer,
    census.energy.buffer,
  ])
}
