import { createContext, use, useEffect, useRef, type ReactNode } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import type { FeedState } from '../../feed/connection'
import { feedStatus } from '../../feed/liveFeed'
import { appendMessage } from '../../state/swarmStore'
import { BADGE_POLL_MS, CONNECTION_LOST_TEXT, badgeText, connectionLost } from './feedBadge'
import { usePolled } from './hooks'
import { shownSwarm } from './statusWords'
import { useSwarmStore } from '../../state/swarmStoreContext'

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

const FeedConnection = createContext<FeedState>('idle')

/**
 * The badge's poll of the feed connection (PRODUCT.md §7.1: every 1 s), shared with DATA SOURCE
 * (ARCHITECTURE.md §7, status words: the two never contradict each other, so they read the same
 * poll), and the connection-lost alert of PRODUCT.md §8. A change of what the scene shows reads the
 * connection again at once: the swarm that just arrived is described with the connection that
 * brought it.
 */
export function FeedConnectionProvider({ children }: { children: ReactNode }) {
  const store = useSwarmStore()
  const shown = shownSwarm(useSnapshot(store.swarm)).kind
  const state = usePolled(() => feedStatus.state, BADGE_POLL_MS, shown)
  const previous = useRef<FeedState>(state)
  useEffect(() => {
    if (connectionLost(previous.current, state)) appendMessage(store, 'alert', CONNECTION_LOST_TEXT)
    previous.current = state
  }, [state, store])
  return <FeedConnection value={state}>{children}</FeedConnection>
}

/** The feed connection as the badge last polled it (FeedConnectionProvider). */
export function useFeedConnection(): FeedState {
  return use(FeedConnection)
}

/**
 * PRODUCT.md §2 LIVE DATA / OFFLINE badge: the feed connection and nothing else
 * (ARCHITECTURE.md §7).
 */
export function FeedBadge() {
  const state = useFeedConnection()
  const text = badgeText(state)
  return (
    <Pill
      role="status"
      aria-label="Data feed"
      title="Connection to the live feed (DATA SOURCE says what the scene shows)"
      $live={text === 'LIVE DATA'}
      data-feed-badge={state}
    >
      {text}
    </Pill>
  )
}
