import type { RedisOptions } from 'ioredis'

/**
 * Options for every scale-out Redis client (RELIABILITY.md §6a): a command timeout, so a Redis that
 * keeps the connection open but never answers (a "blackhole") fails a command within `timeoutMs`
 * instead of never; no offline queue, so nothing piles up while disconnected and bursts out on
 * reconnect; a bounded reconnect backoff.
 */
export function scaleRedisOptions(timeoutMs: number): RedisOptions {
  return {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: timeoutMs,
    connectTimeout: Math.max(1_000, 2 * timeoutMs),
    retryStrategy: (times) => Math.min(100 * times, 1_000),
  }
}
