/**
 * `@name` mentions (docs/ARCHITECTURE.md "Unread, mentions and previews"): the server resolves them at
 * post time against the room's participants, the client uses the same rule to complete them.
 * Display names may hold spaces, so a mention is `@` followed by a whole participant name (case
 * ignored, the longest name first), at the start of the text or after a non-word character, and
 * followed by the end or a non-word character.
 */

const WORD = /[\p{L}\p{N}_]/u

interface Named {
  walletAddress: string
  displayName: string
}

/** One resolved mention: where `@name` is in the text, and whose name it is. */
export interface MentionSpan {
  start: number
  end: number
  wallets: string[]
}

/** The `@name` spans of `content` that name participants (pure; names compared case-blind). */
export function findMentions(content: string, participants: readonly Named[]): MentionSpan[] {
  if (!content.includes('@') || participants.length === 0) return []
  const byName = new Map<string, string[]>()
  for (const p of participants) {
    const key = p.displayName.toLowerCase()
    const list = byName.get(key) ?? []
    if (!list.includes(p.walletAddress)) list.push(p.walletAddress)
    byName.set(key, list)
  }
  const names = [...byName.keys()].sort((a, b) => b.length - a.length)
  const lower = content.toLowerCase()
  const spans: MentionSpan[] = []
  for (let at = lower.indexOf('@'); at !== -1; at = lower.indexOf('@', at + 1)) {
    if (at > 0 && WORD.test(content[at - 1] ?? '')) continue
    const name = names.find((n) => {
      if (!lower.startsWith(n, at + 1)) return false
      const next = content[at + 1 + n.length]
      return next === undefined || !WORD.test(next)
    })
    if (name === undefined) continue
    const end = at + 1 + name.length
    spans.push({ start: at, end, wallets: byName.get(name) ?? [] })
    at = end - 1
  }
  return spans
}

/** The wallets `content` mentions, the author left out. */
export function mentionedWallets(
  content: string,
  participants: readonly Named[],
  author: string,
): string[] {
  const out = new Set<string>()
  for (const span of findMentions(content, participants))
    for (const w of span.wallets) if (w !== author) out.add(w)
  return [...out]
}

/** The `@…` being typed just before `caret`, or null: what completion filters names by. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret)
  const at = before.lastIndexOf('@')
  if (at === -1 || (at > 0 && WORD.test(before[at - 1] ?? ''))) return null
  const query = before.slice(at + 1)
  // A name is at most 32 characters and has no line break.
  if (query.length > 32 || query.includes('\n')) return null
  return { start: at, query }
}
