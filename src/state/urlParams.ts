/**
 * The URL parameters of the swarm (ARCHITECTURE.md "State stores"), parsed in one place:
 * `?seed=N` (PRNG seed; absent ⇒ time-based), `?agents=N` (default 146, 1–1,000,000),
 * `?paused=1` (sim clock stopped: visual tests), `?feed=sim|live`, `?sim=main` (the local
 * simulation on the main thread instead of its worker); and the view (issue 32): `?x=&y=` (camera
 * pan, world units), `?zoom=` (0.5–5), `?agent=` (the selected or followed agent), the filter
 * (`?type=analyzer,collector&status=processing&mode=explore&energy=low,critical&failing=1`) and
 * `?at=` (a moment of the live history, epoch ms: a shared moment, issue 33).
 */
import { DEFAULT_AGENT_COUNT } from '../sim/constants'
import { FILTER_GROUPS, noFilter, type AgentFilter, type FilterGroup } from '../sim/agentFilter'
import { ZOOM_MAX, ZOOM_MIN } from '../scene/camera/camera'

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

// ---- the view: camera and agent (issue 32) ----

/** The filter's parameters: each group's key and the group it names values of. */
const FILTER_KEYS = [
  ['type', 'types'],
  ['status', 'statuses'],
  ['mode', 'modes'],
  ['energy', 'energy'],
] as const satisfies readonly (readonly [string, FilterGroup])[]
/** The view parameters, in the order they are written after the others. */
const VIEW_KEYS = [
  'x',
  'y',
  'zoom',
  'agent',
  ...FILTER_KEYS.map(([k]) => k),
  'failing',
  'at',
] as const
/** A filter parameter longer than this is not a list of value names (every name at most once). */
const MAX_FILTER_PARAM = 64

/** The longest link the page writes or copies (many chat apps and proxies cut longer URLs). */
export const MAX_URL_LENGTH = 2048
/** A pan (world units) beyond any world the sim makes, even at 1,000,000 agents: a typo, not a view. */
export const MAX_PAN = 1_000_000
const NUMBER = /^-?\d+(\.\d+)?$/
/** Agent ids are 8 characters from the sim; the live feed's are at most this shape. */
const AGENT_ID = /^[A-Za-z0-9_.:-]{1,64}$/

/**
 * What Swarm Core shows: camera pan and zoom (cameraStore.ts), the selected or followed agent and
 * the filter (src/sim/agentFilter.ts).
 */
export interface SwarmView {
  x: number
  y: number
  zoom: number
  agent: string | null
  filter: AgentFilter
  /** the displayed swarm (absent: its parameters are left as they are) */
  source?: ViewSource | null
  /** a moment of the live swarm's history (epoch ms; issue 33), null/absent: now */
  at?: number | null
}

/**
 * The displayed swarm as the link gives it: the local simulation by its seed and size (so a link
 * opened elsewhere builds the same swarm; ?feed itself is never added: while the live feed is still
 * coming, the sim shown meanwhile must not turn the page into a sim page), or the live feed (the
 * default: a `?feed=sim` goes).
 */
export type ViewSource = { feed: 'sim'; seed: number; agents: number } | { feed: 'live' }

/** `q` naming `source`, each parameter kept where it stood. */
function writeSource(q: URLSearchParams, source: ViewSource): void {
  if (source.feed === 'live') {
    if (q.get('feed') === 'sim') q.delete('feed')
    return
  }
  q.set('seed', String(source.seed))
  if (source.agents === DEFAULT_AGENT_COUNT) q.delete('agents')
  else q.set('agents', String(source.agents))
}

/** The view a URL asks for (absent or ignored parameters left out), and one note per bad one. */
export interface ParsedView {
  view: Partial<SwarmView>
  notes: string[]
}

function numberParam(q: URLSearchParams, key: string, notes: string[]): number | null {
  const v = q.get(key)
  if (v === null) return null
  const n = NUMBER.test(v.trim()) ? Number(v) : NaN
  if (!Number.isFinite(n)) notes.push(`?${key}=${v} is not a number: ignored`)
  return Number.isFinite(n) ? n : null
}

/** Parse ?x ?y ?zoom ?agent: bad values are left out with a note; a zoom outside 0.5–5 is clamped. */
export function parseViewParams(search: string): ParsedView {
  const q = new URLSearchParams(search)
  const notes: string[] = []
  const view: Partial<SwarmView> = {}
  for (const key of ['x', 'y'] as const) {
    const n = numberParam(q, key, notes)
    if (n === null) continue
    if (Math.abs(n) > MAX_PAN) notes.push(`?${key}=${n} is outside ±${MAX_PAN}: ignored`)
    else view[key] = n
  }
  const zoom = numberParam(q, 'zoom', notes)
  if (zoom !== null) {
    view.zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom))
    if (view.zoom !== zoom) notes.push(`?zoom=${zoom} is outside ${ZOOM_MIN}–${ZOOM_MAX}: clamped`)
  }
  const agent = q.get('agent')
  if (agent !== null && AGENT_ID.test(agent)) view.agent = agent
  else if (agent !== null) notes.push(`?agent=${agent.slice(0, 80)} is not an agent id: ignored`)
  const filter = parseFilterParams(q, notes)
  if (filter) view.filter = filter
  const at = q.get('at')
  if (at !== null && /^\d{1,15}$/.test(at)) view.at = Number(at)
  else if (at !== null) notes.push(`?at=${at.slice(0, 40)} is not a moment (epoch ms): ignored`)
  return { view, notes }
}

/**
 * The filter of ?type ?status ?mode ?energy (comma-separated value names, any case) and
 * ?failing=1; null when the URL names none. Unknown names are left out with a note.
 */
function parseFilterParams(q: URLSearchParams, notes: string[]): AgentFilter | null {
  const filter = noFilter()
  let given = false
  for (const [key, group] of FILTER_KEYS) {
    const v = q.get(key)
    if (v === null) continue
    given = true
    if (v.length > MAX_FILTER_PARAM) {
      notes.push(`?${key}= is longer than ${MAX_FILTER_PARAM} characters: ignored`)
      continue
    }
    const names: readonly string[] = FILTER_GROUPS[group]
    const unknown: string[] = []
    for (const name of v.split(',')) {
      const bit = names.indexOf(name.trim().toLowerCase())
      if (bit >= 0) filter[group] |= 1 << bit
      else unknown.push(name)
    }
    if (unknown.length > 0) {
      notes.push(`?${key}=: ${unknown.join(',')} not one of ${names.join(', ')}: ignored`)
    }
  }
  const failing = q.get('failing')
  if (failing !== null) {
    given = true
    if (failing === '1' || failing === 'true') filter.failing = true
    else if (failing !== '0' && failing !== 'false') {
      notes.push(`?failing=${failing.slice(0, 16)} is not 1 or 0: ignored`)
    }
  }
  return given ? filter : null
}

/** The filter as written: each group's value names in their order, the empty groups left out. */
function filterEntries(filter: AgentFilter): [string, string][] {
  const out: [string, string][] = []
  for (const [key, group] of FILTER_KEYS) {
    const names = FILTER_GROUPS[group].filter((_, bit) => (filter[group] & (1 << bit)) !== 0)
    if (names.length > 0) out.push([key, names.join(',')])
  }
  if (filter.failing) out.push(['failing', '1'])
  return out
}

const round = (n: number, digits: number) => {
  const r = Math.round(n * 10 ** digits) / 10 ** digits
  return r === 0 ? 0 : r // no '-0'
}

/** The view as written: x and y to 0.1, zoom to 0.01 (clamped), the defaults left out. */
function viewEntries(view: SwarmView): [string, string][] {
  const x = round(view.x, 1)
  const y = round(view.y, 1)
  const zoom = round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, view.zoom)), 2)
  const out: [string, string][] = []
  if (x !== 0 || y !== 0) out.push(['x', String(x)], ['y', String(y)])
  if (zoom !== 1) out.push(['zoom', String(zoom)])
  if (view.agent !== null) out.push(['agent', view.agent])
  out.push(...filterEntries(view.filter))
  if (view.at !== undefined && view.at !== null) out.push(['at', String(Math.round(view.at))])
  return out
}

/**
 * `href` with the view in place of its view parameters and, given `view.source`, the swarm's
 * (?feed ?seed ?agents); the others, the path and the hash kept. Never longer than MAX_URL_LENGTH: the hash, then the longest of the
 * other parameters go first (the view itself is at most about 120 characters).
 */
export function formatViewUrl(href: string, view: SwarmView): string {
  const url = new URL(href)
  const q = new URLSearchParams(url.search)
  for (const key of VIEW_KEYS) q.delete(key)
  if (view.source) writeSource(q, view.source)
  const others = [...q.entries()]
  const write = () => {
    const next = new URLSearchParams([...others, ...viewEntries(view)])
    // a comma needs no escape in a query: ?type=analyzer,collector stays readable
    url.search = next.toString().replace(/%2C/gi, ',')
    return url.href
  }
  let out = write()
  if (out.length > MAX_URL_LENGTH) {
    url.hash = ''
    out = write()
  }
  while (out.length > MAX_URL_LENGTH && others.length > 0) {
    const longest = others.reduce((a, b) =>
      b[0].length + b[1].length > a[0].length + a[1].length ? b : a,
    )
    others.splice(others.indexOf(longest), 1)
    out = write()
  }
  return out
}

/**
 * A shared moment's link (issue 33): same origin, path `/`, with `?at=`: its moment (epoch ms),
 * else null. Chat shows such a link in a message as a chip that opens the moment.
 */
export function momentOfLink(href: string, origin: string): number | null {
  let url: URL
  try {
    url = new URL(href, origin)
  } catch {
    return null
  }
  if (url.origin !== origin || url.pathname !== '/') return null
  const at = url.searchParams.get('at')
  return at !== null && /^\d{1,15}$/.test(at) ? Number(at) : null
}
