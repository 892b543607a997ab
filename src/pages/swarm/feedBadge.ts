/** The LIVE DATA / OFFLINE badge (PRODUCT.md §2, §7.1: it polls the feed every 1 s). */

export const BADGE_POLL_MS = 1000
const LIVE_TEXT = 'LIVE DATA'
const OFFLINE_TEXT = 'OFFLINE'
/** PRODUCT.md §8: the badge logs a connection-lost alert (our wording). */
export const CONNECTION_LOST_TEXT = '[FEED] Live data connection lost - swarm data may be stale'

export function badgeText(feedState: string): string {
  return feedState === 'open' ? LIVE_TEXT : OFFLINE_TEXT
}

/** True when a poll sees the feed go from open to anything else: log the alert once. */
export function connectionLost(previous: string | null, next: string): boolean {
  return previous === 'open' && next !== 'open'
}
