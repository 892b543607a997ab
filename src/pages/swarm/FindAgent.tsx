import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react'
import styled from 'styled-components'
import { FOLLOW_ZOOM } from '../../scene/camera/camera'
import { followAgent } from '../../state/cameraStore'
import { agentById, displayedSource, selectAgent, type SwarmStore } from '../../state/swarmStore'
import { useSwarmStore } from '../../state/swarmStoreContext'
import { glass } from '../../ui/glass'
import { TextInput } from '../../ui/TextInput'
import { shortName } from './agentText'
import { findAgents, findQueryPrefix } from './findAgents'
import { IconButton } from './OverlayPanel'

/** Typing settles this long before the swarm is searched (a search is ≤ ~15 ms at 1,000,000). */
const FIND_DEBOUNCE_MS = 80

const Wrap = styled.div`
  position: relative;
  pointer-events: auto;
  display: flex;
  justify-content: center;
`
const Trigger = styled(IconButton)`
  gap: 8px;
  height: 26px;
  padding: 0 6px 0 10px;
  border-radius: 999px;
  background: ${(p) => p.theme.color.panel};
  font-size: 10px;
  letter-spacing: 0.12em;
  &[aria-expanded='true'] {
    border-color: ${(p) => p.theme.color.accent};
  }
  kbd {
    padding: 0 5px;
    border: 1px solid ${(p) => p.theme.color.border};
    border-radius: 3px;
    font-family: inherit;
    color: ${(p) => p.theme.color.muted};
  }
  @media (pointer: coarse) {
    kbd {
      display: none;
    }
  }
`
const Box = styled.div`
  position: absolute;
  top: calc(100% + 6px);
  left: 50%;
  transform: translateX(-50%);
  z-index: ${(p) => p.theme.layer.overlay};
  width: min(400px, calc(100vw - 16px));
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px;
  background: ${(p) => p.theme.color.panelSolid};
  border: 1px solid ${(p) => p.theme.color.borderStrong};
  border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 0 18px rgba(0, 240, 200, 0.18);
  ${glass}
  input {
    font-size: 16px; /* GOTCHA: below 16 px iOS Safari zooms the page in on focus */
    letter-spacing: 0.06em;
  }
`
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: min(320px, 40dvh);
  overflow-y: auto;
  overscroll-behavior: contain;
`
const Option = styled.li`
  display: flex;
  align-items: baseline;
  gap: 10px;
  min-height: 32px;
  padding: 6px 8px;
  border: 1px solid transparent;
  border-radius: ${(p) => p.theme.radius};
  cursor: pointer;
  font-size: 12px;
  b {
    color: ${(p) => p.theme.color.accent};
    font-weight: 400;
    letter-spacing: 0.1em;
    white-space: nowrap;
  }
  span {
    color: ${(p) => p.theme.color.muted};
    font-size: 11px;
  }
  span:last-child {
    margin-left: auto;
    text-transform: uppercase;
    letter-spacing: 0.08em;
  }
  &[aria-selected='true'] {
    background: rgba(0, 240, 200, 0.16);
    border-color: ${(p) => p.theme.color.accent};
  }
`
const Note = styled.p`
  margin: 0;
  padding: 2px 4px;
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
  letter-spacing: 0.06em;
`

interface FindRow {
  id: string
  type: string
}

interface FindAnswer {
  /** the query these rows answer (debounced) */
  query: string
  rows: FindRow[]
  more: boolean
}

/** Search the displayed swarm in place (local sim, live feed or replay alike). */
function search(store: SwarmStore, query: string): FindAnswer {
  const { ids, more } = findAgents(displayedSource(store).buffers, query)
  const rows = ids.map((id) => ({ id, type: agentById(store, id)?.type ?? '' }))
  return { query, rows, more }
}

const EMPTY: FindAnswer = { query: '', rows: [], more: false }

/** The answer to `text` once typing pauses; `now()` answers at once (Enter before the pause). */
function useFindAnswer(store: SwarmStore, text: string) {
  const [answer, setAnswer] = useState<FindAnswer>(EMPTY)
  useEffect(() => {
    const h = setTimeout(() => setAnswer(search(store, text)), FIND_DEBOUNCE_MS)
    return () => clearTimeout(h)
  }, [store, text])
  const now = useCallback(
    () => (answer.query === text ? answer : search(store, text)),
    [answer, store, text],
  )
  return { answer: answer.query === text ? answer : null, now }
}

/** Whether a key press belongs to a field or a dialog, not to the page. */
function typingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return (
    target.isContentEditable ||
    target.closest('input, textarea, select, [role="dialog"], [role="alertdialog"]') !== null
  )
}

/** `/`, Ctrl+K or Cmd+K anywhere on the page but in a field or a dialog: `open()`. */
function useFindKey(open: () => void) {
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.repeat || e.altKey || typingOrInDialog(e.target)) return
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey
      const k = e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey) && !e.shiftKey
      if (!slash && !k) return
      e.preventDefault() // Ctrl+K: the browser's own search box; '/': Firefox's quick find
      open()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])
}

/**
 * Swarm Core's find box: a button (or `/`, Ctrl/Cmd+K) opens a combobox that lists the
 * agents whose short name or id starts with what is typed; Enter or a click zooms the camera to
 * the agent, follows it, and opens its detail, as a click on it would.
 */
export function FindAgent() {
  const store = useSwarmStore()
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const boxId = useId()
  const show = useCallback(() => setOpen(true), [])
  useFindKey(show)
  const close = useCallback((refocus: boolean) => {
    setOpen(false)
    if (refocus) trigger.current?.focus()
  }, [])
  const choose = useCallback(
    (id: string) => {
      // the trigger has focus when the dialog opens, so the dialog gives it back on close
      close(true)
      followAgent(id, FOLLOW_ZOOM)
      selectAgent(store, id)
    },
    [close, store],
  )
  return (
    <Wrap>
      <Trigger
        ref={trigger}
        aria-expanded={open}
        aria-controls={open ? boxId : undefined}
        aria-keyshortcuts="/ Control+K Meta+K"
        data-testid="find-agent-button"
        onClick={() => (open ? close(true) : show())}
      >
        ⌕ FIND AGENT <kbd aria-hidden="true">/</kbd>
      </Trigger>
      {open && <FindBox id={boxId} trigger={trigger} onClose={close} onChoose={choose} />}
    </Wrap>
  )
}

/** Which option the arrows land on: wrapping, and the first one when none was active. */
function stepOption(key: string, active: number, count: number): number | null {
  if (count === 0) return null
  if (key === 'ArrowDown') return active < 0 ? 0 : (active + 1) % count
  if (key === 'ArrowUp') return active <= 0 ? count - 1 : active - 1
  return null
}

function FindBox({
  id,
  trigger,
  onClose,
  onChoose,
}: {
  id: string
  trigger: RefObject<HTMLButtonElement | null>
  onClose: (refocus: boolean) => void
  onChoose: (agentId: string) => void
}) {
  const store = useSwarmStore()
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const { answer, now } = useFindAnswer(store, text)
  const listId = `${id}-list`
  const optionId = (i: number) => `${id}-option-${i}`
  const rows = answer?.rows ?? []
  const current = active < rows.length ? active : 0
  const hasQuery = text.trim() !== ''

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      onClose(true)
      return
    }
    if (e.key === 'Enter') {
      e.preventDefault()
      const pick = now().rows[answer ? current : 0]
      if (pick) onChoose(pick.id)
      return
    }
    const to = stepOption(e.key, answer ? current : -1, rows.length)
    if (to === null) return
    e.preventDefault()
    setActive(to)
    document.getElementById(optionId(to))?.scrollIntoView({ block: 'nearest' })
  }
  // A click outside (the canvas, a panel) closes the box; a click on the trigger toggles it there.
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    const to = e.relatedTarget
    if (to instanceof Node && (e.currentTarget.contains(to) || trigger.current === to)) return
    onClose(false)
  }
  return (
    <Box id={id} role="search" aria-label="Find agent" onBlur={onBlur}>
      <TextInput
        autoFocus
        role="combobox"
        aria-label="Agent short name or id"
        aria-expanded={rows.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={rows.length > 0 ? optionId(current) : undefined}
        placeholder="Short name or id, e.g. 7F3A2"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="go"
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
      />
      <FindOptions
        listId={listId}
        optionId={optionId}
        rows={rows}
        current={current}
        onActive={setActive}
        onChoose={onChoose}
      />
      <Note role="status" data-testid="find-agent-status">
        {findStatus(hasQuery, answer, text)}
      </Note>
    </Box>
  )
}

/** The listbox of matches; the input keeps focus (aria-activedescendant names the current one). */
function FindOptions({
  listId,
  optionId,
  rows,
  current,
  onActive,
  onChoose,
}: {
  listId: string
  optionId: (i: number) => string
  rows: FindRow[]
  current: number
  onActive: (i: number) => void
  onChoose: (agentId: string) => void
}) {
  return (
    <List id={listId} role="listbox" aria-label="Matching agents" hidden={rows.length === 0}>
      {rows.map((row, i) => (
        <Option
          key={row.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === current}
          // GOTCHA: keep focus in the input (a blur would close the box before the click lands)
          onMouseDown={(e) => e.preventDefault()}
          onMouseMove={() => i !== current && onActive(i)}
          onClick={() => onChoose(row.id)}
        >
          <b>AGENT {shortName(row.id).toUpperCase()}</b>
          <span>{row.id}</span>
          <span>{row.type}</span>
        </Option>
      ))}
    </List>
  )
}

/** The line under the list (a live region): a hint, the count, or the empty state. */
function findStatus(hasQuery: boolean, answer: FindAnswer | null, text: string): string {
  if (!hasQuery) return 'Type an agent’s short name or the start of its id.'
  if (!answer) return 'Searching…'
  const n = answer.rows.length
  if (n === 0) {
    const shown = findQueryPrefix(text) ?? text.trim()
    return `No agent matches ${shown.toUpperCase()}…`
  }
  if (answer.more) return `First ${n} matches: type more to narrow them.`
  return `${n} agent${n === 1 ? '' : 's'} ${n === 1 ? 'matches' : 'match'}. Enter opens the highlighted one.`
}
