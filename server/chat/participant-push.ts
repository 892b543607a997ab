import { ONLINE_WINDOW_MS } from '../../src/contracts/chat'

/** Re-push an unchanged participant at most this often: well inside the 30 s online window. */
const REFRESH_MS = ONLINE_WINDOW_MS / 2
const MAX_ENTRIES = 50_000

/**
 * Which participant registrations readers need pushed: a new or renamed participant at once, a
 * mere heartbeat (every 10 s per reader) only when the last push is older than REFRESH_MS — so
 * readers' "last seen" stays inside the online window without one push per heartbeat.
 */
export class ParticipantPushThrottle {
  private readonly last = new Map<string, { name: string; at: number }>()

  due(roomId: string, wallet: string, name: string, now: number): boolean {
    const key = `${roomId}\n${wallet}`
    const prev = this.last.get(key)
    if (prev && prev.name === name && now - prev.at < REFRESH_MS) return false
    this.last.delete(key)
    this.last.set(key, { name, at: now })
    // Insertion order is push order: the oldest entries go first.
    if (this.last.size > MAX_ENTRIES) this.last.delete(this.last.keys().next().value ?? '')
    return true
  }
}
