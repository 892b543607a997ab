import { memo, useLayoutEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { glass } from '../../ui/glass'
import { useSnapshot } from 'valtio'
import type { MessageType } from '../../sim'

import {
  consoleFilters,
  effectiveFilter,
  matchesFilter,
  messageTag,
  type ConsoleFilter,
} from './consoleFilters'
import { IconButton } from './OverlayPanel'
import { inNextTask } from '../../ui/nextTask'
import { clockText } from './time'
import { useSwarmStore } from '../../state/swarmStoreContext'

const Frame = styled.section`
  pointer-events: auto;
  display: flex;
  flex-direction: column;
  min-height: 0;
  height: 100%;
  background: ${(p) => p.theme.color.panel};
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  ${glass}
`
const Bar = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 6px;
  padding: 5px 8px;
  border-bottom: 1px solid ${(p) => p.theme.color.border};
`
const Title = styled.h2`
  margin: 0 6px 0 0;
  &[data-hidden='true'] {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
  font-size: 11px;
  font-weight: 400;
  letter-spacing: 0.12em;
  color: ${(p) => p.theme.color.accent};
  text-transform: uppercase;
`
const Group = styled.div`
  display: flex;
  gap: 4px;
`
const Spacer = styled.div`
  flex: 1;
`
const FilterButton = styled(IconButton)`
  font-size: 10px;
  letter-spacing: 0.08em;
  &[aria-pressed='true'] {
    background: rgba(0, 240, 200, 0.2);
    border-color: ${(p) => p.theme.color.accent};
    color: ${(p) => p.theme.color.accent};
  }
  &[aria-pressed='false'] {
    color: ${(p) => p.theme.color.muted};
  }
`
const Log = styled.div`
  margin: 0;
  padding: 6px 8px;
  overflow-y: auto;
  flex: 1;
  min-height: 0;
  font-size: 11.5px;
  line-height: 1.5;
`
const Line = styled.div<{ $type: string }>`
  display: flex;
  gap: 8px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${(p) =>
    p.$type === 'alert'
      ? p.theme.color.red
      : p.$type === 'task'
        ? p.theme.color.blue
        : p.$type === 'node'
          ? p.theme.color.purple
          : p.$type === 'analysis'
            ? p.theme.color.yellow
            : p.theme.color.text};
  time {
    color: ${(p) => p.theme.color.muted};
    flex-shrink: 0;
  }
  /* full colour: at 0.8 opacity the red [ALERT] tag fell to 4.1:1 on the panel (WCAG AA 4.5) */
  b {
    font-weight: 400;
    flex-shrink: 0;
    min-width: 5.5ch;
  }
`
const Empty = styled.div`
  color: ${(p) => p.theme.color.muted};
`

/**
 * One console line. Memoised on its (primitive) props: a new message renders one line, not the
 * up to MESSAGE_CAP (200) lines already shown.
 */
const LogLine = memo(function LogLine({
  type,
  text,
  timestamp,
  timestamps,
}: {
  type: MessageType
  text: string
  timestamp: string
  timestamps: boolean
}) {
  return (
    <Line $type={type} data-type={type}>
      {timestamps && <time dateTime={timestamp}>{clockText(timestamp)}</time>}
      <b>[{messageTag(type)}]</b>
      <span>{text}</span>
    </Line>
  )
})

/**
 * PRODUCT.md §2 activity console: the swarm's messages (newest last) with type filters, auto-scroll
 * and timestamp toggles. TASK and NODE filters are desktop only.
 */
export function ActivityConsole({ mobile }: { mobile: boolean }) {
  const store = useSwarmStore()
  const { messages } = useSnapshot(store.swarm)
  const [chosen, setChosen] = useState<ConsoleFilter>('ALL')
  const [autoScroll, setAutoScroll] = useState(true)
  const [timestamps, setTimestamps] = useState(true)
  const filter = effectiveFilter(chosen, mobile)
  const shown = messages.filter((m) => matchesFilter(m.type, filter))
  const logRef = useRef<HTMLDivElement>(null)
  const last = shown[shown.length - 1]?.id

  // Reading scrollHeight lays the page out: never inside the commit that added a line. The first
  // scroll, scheduled in the mount's commit, runs in the next frame's animation callbacks before
  // it paints (no frame shows the log unscrolled): in that commit it forced the page's first
  // layout into the first render's task. Later lines scroll in a task of their own just after
  // their commit's: in it, each new line laid the whole page out inside the store update's task,
  // 10-60 ms of Swarm Core's update tasks on a 2-core machine (docs/ARCHITECTURE.md, "First load").
  const mounted = useRef(false)
  useLayoutEffect(() => {
    if (!autoScroll) return
    const scroll = () => {
      const el = logRef.current
      if (el) el.scrollTop = el.scrollHeight
    }
    if (mounted.current) return inNextTask(scroll)
    mounted.current = true
    const frame = requestAnimationFrame(scroll)
    return () => cancelAnimationFrame(frame)
  }, [autoScroll, last, filter, timestamps])

  return (
    <Frame aria-label="Activity Console" data-testid="activity-console">
      <Bar>
        <Title data-hidden={mobile}>Activity Console</Title>
        <Group role="group" aria-label="Message filter">
          {consoleFilters(mobile).map((f) => (
            <FilterButton key={f} aria-pressed={filter === f} onClick={() => setChosen(f)}>
              {f}
            </FilterButton>
          ))}
        </Group>
        <Spacer />
        <Group>
          <FilterButton aria-pressed={autoScroll} onClick={() => setAutoScroll((v) => !v)}>
            Auto-scroll
          </FilterButton>
          <FilterButton aria-pressed={timestamps} onClick={() => setTimestamps((v) => !v)}>
            Timestamps
          </FilterButton>
        </Group>
      </Bar>
      <Log ref={logRef} role="log" aria-label="Activity log" tabIndex={0}>
        {shown.length === 0 && (
          <Empty>No {filter === 'ALL' ? '' : `${filter} `}messages yet.</Empty>
        )}
        {shown.map((m) => (
          <LogLine
            key={m.id}
            type={m.type}
            text={m.text}
            timestamp={m.timestamp}
            timestamps={timestamps}
          />
        ))}
      </Log>
    </Frame>
  )
}
