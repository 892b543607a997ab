import { useRef, useState } from 'react'
import styled from 'styled-components'
import { feedStatus } from '../../feed/liveFeed'
import { appendMessage } from '../../state/swarmStore'
import { BADGE_POLL_MS, CONNECTION_LOST_TEXT, badgeText, connectionLost } from './feedBadge'
import { useInterval } from './hooks'

const Pill = styled.div<{ $live: boolean }>`
  pointer-events: auto;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  height: 26px;
  padding: 0 10px;
  border-radius: 999px;
  font-size: 10px;
  letter-spacing: 0.14em;
  white-space: nowrap;
  border: 1px solid currentColor;
  background: rgba(0, 0, 0, 0.55);
  color: ${(p) => (p.$live ? p.theme.color.green : p.theme.color.amber)};
  &::before {
    content: '';
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: currentColor;
    box-shadow: 0 0 8px currentColor;
  }
`

/** §2 LIVE DATA / OFFLINE badge. §7.1: it polls the feed every 1 s and logs a lost connection. */
export function FeedBadge() {
  const [state, setState] = useState(() => feedStatus.state as string)
  const previous = useRef<string | null>(feedStatus.state)
  useInterval(() => {
    const next = feedStatus.state
    if (connectionLost(previous.current, next)) appendMessage('alert', CONNECTION_LOST_TEXT)
    previous.current = next
    setState(next)
  }, BADGE_POLL_MS)
  const text = badgeText(state)
  return (
    <Pill role="status" aria-label="Data feed" $live={text === 'LIVE DATA'} data-feed-badge={state}>
      {text}
    </Pill>
  )
}
