import { useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import type { Participant } from '../../contracts/chat'
import { mentionQuery } from '../../contracts/mentions'
import { VisuallyHidden } from './bits'

const MAX_SUGGESTIONS = 6
const MENTION_LIST_ID = 'mention-suggestions'
const optionId = (i: number) => `mention-option-${i}`

const Box = styled.ul`
  position: absolute;
  left: 0;
  bottom: calc(100% + 4px);
  z-index: 5;
  min-width: 220px;
  max-width: 100%;
  margin: 0;
  padding: 4px;
  list-style: none;
  background: ${(p) => p.theme.color.panelSolid};
  border: 1px solid ${(p) => p.theme.color.borderStrong};
  border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.6);
`
const Option = styled.li<{ $active: boolean }>`
  padding: 8px 10px;
  min-height: 32px;
  cursor: pointer;
  border-radius: ${(p) => p.theme.radius};
  color: ${(p) => p.theme.color.text};
  background: ${(p) => (p.$active ? p.theme.color.accentSoft : 'transparent')};
`

/** The names `query` completes to: participants (not me) whose name starts with it, case-blind. */
function suggestionsFor(query: string, participants: readonly Participant[], me: string | null) {
  const q = query.toLowerCase()
  const names = new Set<string>()
  for (const p of participants) {
    if (p.walletAddress === me || !p.displayName.toLowerCase().startsWith(q)) continue
    names.add(p.displayName)
    if (names.size >= MAX_SUGGESTIONS) break
  }
  return [...names]
}

/**
 * `@name` completion for a text field (a listbox it controls): arrows move, Enter or Tab take
 * the name, Escape closes, a tap or click takes one. Returns the field's ARIA and key handler and
 * the list to render.
 */
export function useMentionCompletion(opts: {
  text: string
  caret: number
  participants: readonly Participant[]
  me: string | null
  replace: (text: string, caret: number) => void
}) {
  const { text, caret, participants, me, replace } = opts
  const [active, setActive] = useState(0)
  const [dismissedAt, setDismissedAt] = useState<number | null>(null)
  const query = mentionQuery(text, caret)
  const names = query ? suggestionsFor(query.query, participants, me) : []
  const open = query !== null && names.length > 0 && dismissedAt !== query.start
  const current = Math.min(active, Math.max(0, names.length - 1))

  function choose(name: string) {
    if (!query) return
    const before = `${text.slice(0, query.start)}@${name} `
    replace(before + text.slice(caret), before.length)
    setActive(0)
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (!open) return
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((current + step + names.length) % names.length)
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault()
      const name = names[current]
      if (name) choose(name)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      setDismissedAt(query.start)
    }
  }

  // The field stays a textbox (aria-autocomplete and aria-activedescendant are allowed on one);
  // the live line below says when names are offered and how to take one.
  const fieldProps = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? MENTION_LIST_ID : undefined,
    'aria-activedescendant': open ? optionId(current) : undefined,
    onKeyDown,
  }

  const status = (
    <VisuallyHidden role="status" aria-live="polite">
      {open
        ? `${names.length} name${names.length === 1 ? '' : 's'} to mention: arrows to choose, Enter to take, Escape to close`
        : ''}
    </VisuallyHidden>
  )

  const list = open ? (
    <Box id={MENTION_LIST_ID} role="listbox" aria-label="Mention suggestions">
      {names.map((name, i) => (
        <Option
          key={name}
          id={optionId(i)}
          role="option"
          aria-selected={i === current}
          $active={i === current}
          // GOTCHA: mousedown would blur the field first; keep the focus (and the caret) there.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => choose(name)}
        >
          @{name}
        </Option>
      ))}
    </Box>
  ) : null

  return { fieldProps, list, status }
}
