/** Pure helpers for the command line's keys: Up/Down history recall and Tab completion. */
import {
  BLOCKCHAIN_OPS,
  COMMANDS,
  MCP_EVENT_TYPES,
  MCP_METHODS,
  MCP_SUBCOMMANDS,
  SUBSYSTEMS,
} from './texts'

/** Where the user is in the history: null = editing a new line (`draft` holds it). */
export interface Recall {
  cursor: number | null
  draft: string
}

/**
 * Up/Down through `history` (oldest first). Returns the new cursor and the text to show. Up from a
 * new line saves it as the draft; Down past the newest entry brings the draft back.
 */
export function recallHistory(
  history: readonly string[],
  at: Recall,
  current: string,
  dir: 'up' | 'down',
): { recall: Recall; value: string } {
  if (!history.length) return { recall: at, value: current }
  if (dir === 'up') {
    const draft = at.cursor === null ? current : at.draft
    const cursor = at.cursor === null ? history.length - 1 : Math.max(0, at.cursor - 1)
    return { recall: { cursor, draft }, value: history[cursor] ?? '' }
  }
  if (at.cursor === null) return { recall: at, value: current }
  if (at.cursor >= history.length - 1)
    return { recall: { cursor: null, draft: '' }, value: at.draft }
  const cursor = at.cursor + 1
  return { recall: { cursor, draft: at.draft }, value: history[cursor] ?? '' }
}

/** The word lists offered after each command (index = word position after the command). */
const ARGS: Record<string, (prev: string[]) => readonly string[]> = {
  login: () => SUBSYSTEMS,
  blockchain: () => BLOCKCHAIN_OPS,
  mcp: (prev) => {
    if (prev.length === 0) return MCP_SUBCOMMANDS
    const sub = prev[0]?.toLowerCase()
    if (prev.length === 1 && sub === 'subscribe') return MCP_EVENT_TYPES
    if (prev.length === 1 && sub === 'request') return MCP_METHODS
    return []
  },
}

function commonPrefix(words: readonly string[]): string {
  if (!words.length) return ''
  let p = words[0]!
  for (const w of words) while (!w.toLowerCase().startsWith(p.toLowerCase())) p = p.slice(0, -1)
  return p
}

/**
 * Tab completion of the last word: a single match is completed with a trailing space; several
 * matches extend to their common prefix and are returned as `candidates` for the view to list.
 */
export function completeInput(input: string): { value: string; candidates: string[] } {
  const endsWithSpace = /\s$/.test(input)
  const words = input.trimStart().split(/\s+/).filter(Boolean)
  const partial = endsWithSpace ? '' : (words.pop() ?? '')
  const [cmd, ...prev] = words
  const options: readonly string[] =
    cmd === undefined ? COMMANDS : (ARGS[cmd.toLowerCase()]?.(prev) ?? [])
  const matches = options.filter((o) => o.toLowerCase().startsWith(partial.toLowerCase()))
  const head = words.length ? `${words.join(' ')} ` : ''
  if (matches.length === 1) return { value: `${head}${matches[0]} `, candidates: [] }
  if (matches.length === 0) return { value: input, candidates: [] }
  const prefix = commonPrefix(matches)
  const value = prefix.length > partial.length ? `${head}${prefix}` : input
  return { value, candidates: [...matches] }
}
