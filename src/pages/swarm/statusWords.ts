/**
 * DATA SOURCE (ARCHITECTURE.md §7, "Status words"): what the scene shows, in the words LIVE, LIVE
 * (reconnecting), LIVE −mm:ss (history), SIMULATED, SIMULATED (LOCAL FORK), REPLAY. The badge
 * (feedBadge.ts: LIVE DATA / OFFLINE) reports the feed connection and nothing else. Both are read
 * from the same poll of the connection (FeedBadge.tsx), so the two never contradict each other: a
 * live swarm shown while the connection is down says so.
 */
import type { FeedState } from '../../feed/connection'

/** What the scene shows. */
export type ShownSwarm =
  /** the server's swarm as it is now */
  | { kind: 'live' }
  /** the server's swarm as it was `behindMs` ago (live history, src/state/historyStore.ts) */
  | { kind: 'history'; behindMs: number }
  /** the local simulation, on its own */
  | { kind: 'simulated' }
  /** a local simulation forked from the live swarm ("Simulate locally") */
  | { kind: 'fork' }
  /** a snapshot being replayed */
  | { kind: 'replay' }

/** What the scene shows, from the swarm store's state. */
export function shownSwarm(s: {
  source: 'sim' | 'live'
  liveAvailable: boolean
  snapshots: { isReplaying: boolean }
  history?: { active: boolean; behindMs: number }
}): ShownSwarm {
  if (s.snapshots.isReplaying) return { kind: 'replay' }
  if (s.source === 'live') {
    return s.history?.active ? { kind: 'history', behindMs: s.history.behindMs } : { kind: 'live' }
  }
  return { kind: s.liveAvailable ? 'fork' : 'simulated' }
}

/** "mm:ss" of a duration, "h:mm:ss" from an hour on (the history keeps 24 hours). */
export function minutesSeconds(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  const mmss = `${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss}` : mmss
}

/** DATA SOURCE for what the scene shows while the feed connection is `connection`. */
export function dataSourceText(shown: ShownSwarm, connection: FeedState): string {
  // A live swarm shown while the connection is down is the last state that arrived.
  const reconnecting = connection === 'open' ? '' : ' (reconnecting)'
  switch (shown.kind) {
    case 'live':
      return `LIVE${reconnecting}`
    case 'history':
      return `LIVE \u2212${minutesSeconds(shown.behindMs)}${reconnecting}`
    case 'simulated':
      return 'SIMULATED'
    case 'fork':
      return 'SIMULATED (LOCAL FORK)'
    case 'replay':
      return 'REPLAY'
  }
}
