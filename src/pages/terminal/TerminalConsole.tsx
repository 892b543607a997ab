import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import { media } from '../../ui/theme'
import { completeInput, recallHistory, type Recall } from './keys'
import type { TerminalSession } from './session'
import { PROMPT } from './texts'
import type { LineType, TerminalLine } from './types'

const Output = styled.div`
  height: 420px;
  overflow-y: auto;
  padding: 10px 12px;
  background: rgba(0, 0, 0, 0.55);
  border: 1px solid ${(p) => p.theme.color.border};
  border-bottom: none;
  border-radius: ${(p) => p.theme.radius} ${(p) => p.theme.radius} 0 0;
  font-size: 12.5px;
  line-height: 1.55;
  user-select: text;
  cursor: text;
  ${media.mobile} {
    height: 52vh;
    font-size: 12px;
  }
`
const LINE_COLOR: Record<LineType, 'accent' | 'text' | 'red' | 'green'> = {
  input: 'accent',
  output: 'text',
  error: 'red',
  success: 'green',
}
const Line = styled.div<{ $type: LineType }>`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  /* hanging indent: a wrapped line continues to the right of where entries start */
  padding-left: 4ch;
  text-indent: -4ch;
  color: ${(p) => p.theme.color[LINE_COLOR[p.$type]]};
  ${(p) => p.$type === 'input' && 'font-weight: 600;'}
`
const Form = styled.form`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 12px;
  background: rgba(0, 0, 0, 0.7);
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: 0 0 ${(p) => p.theme.radius} ${(p) => p.theme.radius};
  &:focus-within {
    border-color: ${(p) => p.theme.color.borderStrong};
  }
`
const Prompt = styled.label`
  color: ${(p) => p.theme.color.green};
  white-space: nowrap;
`
const Input = styled.input`
  flex: 1;
  min-width: 0;
  background: transparent;
  border: none;
  outline: none;
  color: ${(p) => p.theme.color.text};
  caret-color: ${(p) => p.theme.color.accent};
  font-size: 13px;
  /* 16px on phones: smaller inputs make iOS zoom the page on focus */
  ${media.mobile} {
    font-size: 16px;
  }
`

/** Near the bottom the view follows new lines; scrolled up to read, it stays put. */
const STICK_PX = 40

// eslint-disable-next-line max-lines-per-function -- 92 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function TerminalConsole({
  session,
  lines,
  history,
}: {
  session: TerminalSession
  lines: TerminalLine[]
  history: string[]
}) {
  const [value, setValue] = useState('')
  const [recall, setRecall] = useState<Recall>({ cursor: null, draft: '' })
  const outputRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const stick = useRef(true)

  useLayoutEffect(() => {
    const el = outputRef.current
    if (el && stick.current) el.scrollTop = el.scrollHeight
  }, [lines])
  useEffect(() => {
    // Desktop: ready to type. Phones: no auto-focus, the keyboard would cover the page.
    if (window.matchMedia('(pointer: fine)').matches)
      inputRef.current?.focus({ preventScroll: true })
  }, [])

  const run = () => {
    session.submit(value)
    setValue('')
    setRecall({ cursor: null, draft: '' })
    stick.current = true
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault()
      const r = recallHistory(history, recall, value, e.key === 'ArrowUp' ? 'up' : 'down')
      setRecall(r.recall)
      setValue(r.value)
      return
    }
    // GOTCHA: Tab on an empty line keeps its usual meaning (move focus), so the input is no
    // keyboard trap; with text in it, Tab completes.
    if (e.key === 'Tab' && !e.shiftKey && value.trim() !== '') {
      e.preventDefault()
      const { value: next, candidates } = completeInput(value)
      if (next === value && candidates.length > 1) session.print(candidates.join('  '))
      setValue(next)
    }
  }

  return (
    <div>
      <Output
        ref={outputRef}
        role="log"
        aria-live="polite"
        aria-label="Terminal output"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX
        }}
        onMouseUp={() => {
          // A click focuses the command line; a drag that selected text is left alone for copying.
          if (!window.getSelection()?.toString()) inputRef.current?.focus({ preventScroll: true })
        }}
      >
        {lines.map((l) => (
          <Line key={l.id} $type={l.type} data-line-type={l.type}>
            {l.text}
          </Line>
        ))}
      </Output>
      <Form
        onSubmit={(e) => {
          e.preventDefault()
          run()
        }}
      >
        <Prompt htmlFor="terminal-command">{PROMPT}</Prompt>
        <Input
          id="terminal-command"
          ref={inputRef}
          aria-label="Terminal command"
          value={value}
          onChange={(e) => {
            setValue(e.target.value)
            setRecall((r) => (r.cursor === null ? r : { cursor: null, draft: '' }))
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="send"
        />
      </Form>
    </div>
  )
}
