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

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1')

/** Every environment variable the server reads. Documented in README.md and .env.example. */
export const EnvSchema = z.object({
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
  SOLANA_RPC_URL: optionalUrl,
  SOLANA_WS_URL: optionalUrl,
  MARKET_DATA_URL: optionalUrl,
  TOKEN_MINT: z.string().default(DEMO_TOKEN_MINT),
  TREASURY_WALLET: z.string().default(DEMO_TREASURY_WALLET),
  STAFF_WALLETS: csv,
  PUBLIC_ORIGIN: optionalUrl,
  TRUST_PROXY: bool,
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
  return parsed.data
}

/** A config for tests: defaults, in-memory SQLite, quiet logs, plus overrides. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: 'sqlite::memory:' }),
    ...overrides,
  }
}
