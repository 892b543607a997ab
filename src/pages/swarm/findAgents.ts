/**
 * Find an agent by its short name or an id prefix. A pure scan of the displayed swarm's
 * ids in place: no copy of the ids, no index to keep up to date, and it stops at the result cap, so
 * a common prefix answers after a few hundred ids and a miss reads each id once (1,000,000 agents:
 * `npm run bench:find`).
 */

/** How many matches the find box lists (one more is looked for, to say that there are more). */
export const FIND_RESULT_CAP = 20

/** Agent ids are 8 lowercase letters and digits; a query can only ever be a prefix of one. */
const ID_PREFIX = /^[a-z0-9]{1,8}$/

/**
 * The id prefix a query asks for, or null when no id can start with it: trimmed, lowercased
 * (short names are shown in capitals), a leading 'agent' word dropped ('Agent 7F3A2' as the hover
 * card writes it).
 */
export function findQueryPrefix(query: string): string | null {
  const q = query
    .trim()
    .toLowerCase()
    .replace(/^agent[\s:#-]+/, '')
  return ID_PREFIX.test(q) ? q : null
}

export interface FindResult {
  /** matching ids in swarm order, at most `cap` */
  ids: string[]
  /** true when more agents than `cap` match */
  more: boolean
}

/** The first `cap` of the `count` agents whose id starts with the query's prefix (findQueryPrefix). */
export function findAgents(
  swarm: { readonly ids: readonly string[]; readonly count: number },
  query: string,
  cap: number = FIND_RESULT_CAP,
): FindResult {
  const prefix = findQueryPrefix(query)
  const ids: string[] = []
  if (prefix === null || cap <= 0) return { ids, more: false }
  const n = Math.min(swarm.count, swarm.ids.length)
  for (let i = 0; i < n; i++) {
    const id = swarm.ids[i]!
    if (!id.startsWith(prefix)) continue
    if (ids.length === cap) return { ids, more: true }
    ids.push(id)
  }
  return { ids, more: false }
}
