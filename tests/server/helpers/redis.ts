import { Redis } from 'ioredis'

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

async function probe(): Promise<boolean> {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  r.on('error', () => {})
  try {
    await r.connect()
    return (await r.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    r.disconnect()
  }
}

/**
 * Whether the machine's Redis answers. Without it the Redis suites are skipped with a message,
 * except under CI=true where that is a failure.
 */
export const redisAvailable = await probe()
if (!redisAvailable) {
  if (process.env.CI === 'true') throw new Error(`Redis at ${REDIS_URL} is required in CI`)
  console.warn(`[tests] Redis at ${REDIS_URL} unreachable: skipping the Redis suites`)
}

/** Deletes every key under `prefix:` (a suite's random namespace). */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  if (!redisAvailable) return
  const r = new Redis(REDIS_URL)
  const keys = await r.keys(`${prefix}:*`)
  if (keys.length) await r.del(...keys)
  r.disconnect()
}
