import { isIP } from 'node:net'
import { z } from 'zod'
import { DEMO_TOKEN_MINT, DEMO_TREASURY_WALLET } from '../src/contracts/constants'

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional()

const csv = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )

/** An http(s) origin: scheme://host[:port], nothing after it. Normalised (default port dropped). */
const origin = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === 'http:' || u.protocol === 'https:') && `${u.origin}/` === u.href
    } catch {
      return false
    }
  }, 'must be an http(s) origin like https://vpos.example (no path)')
  .transform((v) => new URL(v).origin)

const optionalOrigin = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(origin.optional())
  .optional()

const origins = csv.pipe(z.array(origin))

/**
 * Which hops may set X-Forwarded-*: `false`/empty (none, the default), a hop count (`1`: the one
 * proxy in front of us), or a comma-separated list of proxy addresses / CIDRs. `true` is refused:
 * it believes whatever X-Forwarded-For a client sends (RELIABILITY.md §9, finding 7: per-IP limits
 * bypassed).
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((v, ctx): false | number | string[] => {
    const t = v.trim()
    if (t === '' || t === 'false' || t === '0') return false
    if (/^\d{1,2}$/.test(t)) return Number(t)
    const list = t
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    const bad = list.find((a) => isIP(a.split('/')[0] ?? '') === 0)
    if (t === 'true' || bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message:
          t === 'true'
            ? 'true would believe any X-Forwarded-For a client sends: set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16)'
            : `not a hop count or a list of proxy addresses: ${bad}`,
      })
      return z.NEVER
    }
    return list
  })

/** Every environment variable the server reads. Documented in README.md and .env.example. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIR: z.string().default('dist/client'),
  DATABASE_URL: z.string().default('sqlite:./data/vpos.sqlite'),
  REDIS_URL: optionalUrl,
  /** namespace of every Redis key and channel (rate limits, live feed); tests use a random one */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/)
    .default('vpos'),
  /**
   * live-feed leader lease with REDIS_URL (RELIABILITY.md §6a): a dead leader is replaced within
   * about 1.25 × this; an instance that cannot reach Redis for this long goes isolated. Renewals
   * and Redis command timeouts are a quarter of it.
   */
  FEED_LEASE_MS: z.coerce.number().int().min(400).max(60_000).default(2000),
  SOLANA_RPC_URL: optionalUrl,
  SOLANA_WS_URL: optionalUrl,
  MARKET_DATA_URL: optionalUrl,
  TOKEN_MINT: z.string().default(DEMO_TOKEN_MINT),
  TREASURY_WALLET: z.string().default(DEMO_TREASURY_WALLET),
  STAFF_WALLETS: csv,
  /** the site's public origin: the sign-in domain and an allowed Origin (never taken from Host) */
  PUBLIC_ORIGIN: optionalOrigin,
  /** further origins allowed for browser writes, /ws and as sign-in domains */
  ALLOWED_ORIGINS: origins,
  TRUST_PROXY: trustProxy,
  /**
   * open sockets one address may hold (pages, /ws, event streams); past it a new connection gets a
   * 429. 0 = no bound. Trusted proxies are exempt: behind one, bound connections per visitor there.
   */
  MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(64),
  /** longest time a client may take to send a whole request (headers and body) */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  /** longest a single SQL statement may run on a request path (PostgreSQL statement_timeout) */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** whitelist: eligible when tokenScore + otherScore >= this */
  MIN_WHITELIST_SCORE: z.coerce.number().min(0).default(50),
  /** whitelist: DAS getAssetsByOwner pages (of 100) scanned at most */
  WHITELIST_MAX_PAGES: z.coerce.number().int().min(1).max(50).default(5),
  /** vPOS per chat tier: bronze,silver,gold,platinum */
  TIER_THRESHOLDS: z
    .string()
    .default('1000,10000,100000,1000000')
    .transform((v) => v.split(',').map((s) => Number(s.trim())))
    .pipe(z.tuple([z.number().min(0), z.number().min(0), z.number().min(0), z.number().min(0)])),
  /** sign-in session lifetime */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
})

export type AppConfig = z.infer<typeof EnvSchema>

/** Parses env (process.env by default) into a typed config; throws one readable error per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const config = parsed.data
  if (config.NODE_ENV === 'production' && siteOrigins(config).length === 0) {
    throw new Error(MISSING_ORIGIN_MESSAGE)
  }
  return config
}

export const MISSING_ORIGIN_MESSAGE =
  'PUBLIC_ORIGIN is not set. In production the sign-in domain and the allowed Origins come only ' +
  'from configuration, never from the Host header: set PUBLIC_ORIGIN to the address people use ' +
  '(e.g. PUBLIC_ORIGIN=https://vpos.example), or ALLOWED_ORIGINS to a comma-separated list of origins.'

/**
 * The origins this site answers as (normalised, PUBLIC_ORIGIN first): the only sign-in domains and
 * the only Origins allowed to write or open /ws. Outside production, with none configured, the
 * local addresses on PORT; in production, none (loadConfig refuses to start).
 */
export function siteOrigins(
  config: Pick<AppConfig, 'NODE_ENV' | 'PORT' | 'PUBLIC_ORIGIN' | 'ALLOWED_ORIGINS'>,
): string[] {
  const list = [config.PUBLIC_ORIGIN, ...config.ALLOWED_ORIGINS].filter(
    (o): o is string => o !== undefined,
  )
  if (list.length === 0 && config.NODE_ENV !== 'production') {
    list.push(`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`)
  }
  return [...new Set(list)]
}

/**
 * A config for tests: defaults, in-memory SQLite, quiet logs, plus overrides. The site is
 * http://localhost, which is what app.inject's requests look like (Host: localhost:80).
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'sqlite::memory:',
      PUBLIC_ORIGIN: 'http://localhost',
    }),
    ...overrides,
  }
}
