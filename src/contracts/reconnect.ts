/**
 * The one reconnect policy of everything that reconnects by itself: the live feed's WebSocket
 * (src/feed/connection.ts), a chat room's push stream (src/pages/chat/useRoom.ts), the unread and
 * staff streams (src/api/liveStream.ts) and the server's
 * Solana log subscription (server/mcp/chain-events.ts). PRODUCT.md §4 and §9 give the live feed's
 * delays; the others follow them, so a restarted server is not met by a thundering herd on one
 * schedule and a trickle on another.
 */

/** 1 s × 1.5^(attempt−1), capped at 30 s. `attempt` is 1-based (the first retry is attempt 1). */
export function backoffDelay(attempt: number, base = 1000, factor = 1.5, cap = 30_000): number {
  return Math.min(cap, base * factor ** Math.max(0, attempt - 1))
}
