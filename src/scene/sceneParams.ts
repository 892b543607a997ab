/**
 * URL switches of the scene (benchmarks and demos; the swarm's own params are in
 * src/state/urlParams.ts): `?links=0` hides the links, `?bench=1` exposes frame/picking timings
 * on `window.__vposScene` for `npm run bench:render`, `?agentDraw=instanced|points` forces the
 * agents' draw mode (agents/agentDraw.ts), `?picker=main` keeps GPU picking on the main thread
 * instead of its worker.
 */
export interface SceneParams {
  links: boolean
  bench: boolean
  /** raw ?agentDraw= value (null: choose by renderer) */
  agentDraw: string | null
  picker: 'main' | 'auto'
}

const OFF = new Set(['0', 'false', 'off', 'no'])
const ON = new Set(['1', 'true', 'on', 'yes'])

/** Parse a location.search string; anything unrecognised keeps the default. */
export function parseSceneParams(search: string): SceneParams {
  const q = new URLSearchParams(search)
  const links = q.get('links')
  const bench = q.get('bench')
  return {
    links: links === null || !OFF.has(links.trim().toLowerCase()),
    bench: bench !== null && ON.has(bench.trim().toLowerCase()),
    agentDraw: q.get('agentDraw'),
    picker: q.get('picker') === 'main' ? 'main' : 'auto',
  }
}

export function currentSceneParams(): SceneParams {
  return parseSceneParams(typeof location === 'undefined' ? '' : location.search)
}
