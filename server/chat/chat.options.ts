import type { ChatBus } from './chat.bus'

/**
 * Chat's timers, and one seam on the bus. Production runs on the defaults (PRODUCT.md §4's 30 s
 * balance rule, the push sweep of RELIABILITY.md §10); tests pass shorter timers through
 * `buildApp(config, { chat })` so the 30 s re-check and the sweep can be exercised in a second, and
 * wrap the bus to reorder or drop its publishes.
 */
export interface ChatOptions {
  /** a push stream re-checks its session and the room's tier this often (default 10 s) */
  recheckMs?: number
  /** longest a push stream may read after its wallet lost the room's tier (default 30 s) */
  lostTierMaxMs?: number
  /** wallet balances are answered from a cache at most this old (default 30 s) */
  balanceCacheMs?: number
  /** each room with push readers re-reads its tail this often, wake-up or not (default 2 s) */
  sweepMs?: number
  /** wraps the instance's chat bus (tests: reorder or drop publishes) */
  wrapBus?: (bus: ChatBus) => ChatBus
}
