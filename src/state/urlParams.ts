/**
 * The URL parameters of the swarm (ARCHITECTURE.md "State stores"), parsed in one place:
 * `?seed=N` (PRNG seed; absent ⇒ time-based), `?agents=N` (default 146, 1–1,000,000),
 * `?paused=1` (sim clock stopped: visual tests), `?feed=sim|live`, `?sim=main` (the local
 * simulation on the main thread instead of its worker).
 */
import { DEFAULT_AGENT_COUNT } from '../sim/constants'

export const MAX_AGENTS = 1_000_000

export interface SwarmUrlParams {
  seed: number
  /** true when ?seed= was given (a reproducible run) */
  seeded: boolean
  agents: number
  paused: boolean
  feed: 'sim' | 'live'
  /** where the local simulation runs: its Web Worker (default) or, with `?sim=main`, the page */
  simThread: 'worker' | 'main'
}

function intParam(v: string | null): number | null {
  if (v === null || !/^-?\d+$/.test(v.trim())) return null
  const n = Number(v)
  return Number.isSafeInteger(n) ? n : null
}

/** Parse a location.search string; invalid values fall back to defaults. */
export function parseSwarmParams(
  search: string,
  fallbackSeed: () => number = () => Date.now() % 2147483647,
): SwarmUrlParams {
  const q = new URLSearchParams(search)
  const seedParam = intParam(q.get('seed'))
  const agentsParam = intParam(q.get('agents'))
  const paused = q.get('paused')
  return {
    seed: seedParam ?? fallbackSeed(),
    seeded: seedParam !== null,
    agents:
      agentsParam !== null && agentsParam >= 1
        ? Math.min(agentsParam, MAX_AGENTS)
        : DEFAULT_AGENT_COUNT,
    paused: paused === '1' || paused === 'true',
    feed: q.get('feed') === 'live' ? 'live' : 'sim',
    simThread: q.get('sim') === 'main' ? 'main' : 'worker',
  }
}

/** The current page's params ('' in Node). */
export function currentSwarmParams(): SwarmUrlParams {
  const search = typeof location === 'undefined' ? '' : location.search
  return parseSwarmParams(search)
}
