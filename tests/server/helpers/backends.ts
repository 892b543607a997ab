import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * The storage engines every API suite runs on. PostgreSQL: a fresh database per suite
 * (CREATE DATABASE vpos_t_<random> via the `test` db), dropped afterwards. Without a reachable
 * server the PostgreSQL runs are skipped with a message, except under CI=true where that fails.
 */
export interface Backend {
  name: 'sqlite' | 'postgres'
  /** a DATABASE_URL for a new, empty database */
  create(): Promise<string>
  drop(): Promise<void>
}

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

function postgresBackend(): Backend {
  let name = ''
  return {
    name: 'postgres',
    async create() {
      name = `vpos_t_${randomBytes(6).toString('hex')}`
      await admin((c) => c.query(`CREATE DATABASE ${name}`))
      const url = new URL(PG_ADMIN_URL)
      url.pathname = `/${name}`
      return url.toString()
    },
    async drop() {
      if (name) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    },
  }
}

const sqliteBackend: Backend = {
  name: 'sqlite',
  create: async () => 'sqlite::memory:',
  drop: async () => undefined,
}

const pgUp = await probePostgres()
if (!pgUp) {
  if (process.env.CI === 'true')
    throw new Error(`PostgreSQL unreachable at ${PG_ADMIN_URL} (CI=true: required)`)
  console.warn(`[tests] PostgreSQL unreachable at ${PG_ADMIN_URL}: skipping the PostgreSQL runs`)
}

/** Factories, one per engine available here (sqlite always). */
export const backends: Array<() => Backend> = pgUp
  ? [() => sqliteBackend, postgresBackend]
  : [() => sqliteBackend]
