/**
 * Setup for `npm run bench:load`: the storage engines, ten rooms, signed-in wallets.
 * Wallets sign in for real (nonce, ed25519 signature, verify) through app.inject, each from its own
 * loopback address so the per-address nonce limit sees 700 different visitors, as in production.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../server/db/database'
import { buildSignInMessage, type NonceResponse } from '../../src/contracts/auth'
import { createTestWallet, type TestWallet } from '../../tests/helpers/wallet'
import { backends } from '../../tests/server/helpers/backends'

export interface Engine {
  name: 'sqlite' | 'postgres'
  databaseUrl: string
  drop(): Promise<void>
}

/** SQLite on a WAL file (as deployed), and PostgreSQL when the machine has it. */
export async function engines(wanted: readonly string[]): Promise<Engine[]> {
  const out: Engine[] = []
  const available = backends.map((make) => make())
  for (const name of wanted) {
    if (name === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'vpos-load-'))
      out.push({
        name: 'sqlite',
        databaseUrl: `sqlite:${join(dir, 'vpos.sqlite')}`,
        drop: async () => rmSync(dir, { recursive: true, force: true }),
      })
    } else if (name === 'postgres') {
      const pg = available.find((b) => b.name === 'postgres')
      if (!pg) {
        console.log('PostgreSQL: SKIPPED (unreachable; set TEST_PG_URL)')
        continue
      }
      out.push({ name: 'postgres', databaseUrl: await pg.create(), drop: () => pg.drop() })
    }
  }
  return out
}

/** The five seeded rooms plus five more, so the posters spread over ten rooms. */
export async function tenRooms(db: Kysely<Database>): Promise<string[]> {
  const tiers = ['bronze', 'silver', 'gold', 'platinum', 'bronze']
  await db
    .insertInto('rooms')
    .values(
      tiers.map((tier, i) => ({
        id: `load-room-${i + 1}`,
        name: `Load Room ${i + 1}`,
        description: 'bench:load',
        tier,
        position: 100 + i,
        announcement_content: null,
        announcement_at: null,
        announcement_by: null,
      })),
    )
    .execute()
  const rows = await db.selectFrom('rooms').select('id').orderBy('position').execute()
  return rows.map((r) => r.id).slice(0, 10)
}

export interface Identity {
  wallet: string
  cookie: string
}

/** `count` platinum-tier demo wallets (every room open to them), deterministic. */
export function wallets(count: number): TestWallet[] {
  return Array.from({ length: count }, (_, i) =>
    createTestWallet(`load-${i}`, { tier: 'platinum' }),
  )
}

async function signInFrom(app: FastifyInstance, w: TestWallet, ip: string): Promise<Identity> {
  const nonce = await app.inject({ method: 'POST', url: '/api/auth/nonce', remoteAddress: ip })
  if (nonce.statusCode !== 200) throw new Error(`nonce ${nonce.statusCode}: ${nonce.body}`)
  const message = buildSignInMessage({ ...(nonce.json() as NonceResponse), address: w.address })
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    payload: { address: w.address, message, signature: w.signBase58(message) },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in ${res.statusCode}: ${res.body}`)
  const cookie = res.cookies.find((c) => c.name === 'vpos_session')
  if (!cookie) throw new Error('no session cookie')
  return { wallet: w.address, cookie: `${cookie.name}=${cookie.value}` }
}

/** Signs every wallet in, 25 at a time, each from its own 127.x.y.z address. */
export async function signInAll(app: FastifyInstance, ws: TestWallet[]): Promise<Identity[]> {
  const out: Identity[] = []
  for (let i = 0; i < ws.length; i += 25) {
    const batch = ws.slice(i, i + 25)
    out.push(
      ...(await Promise.all(
        batch.map((w, k) => {
          const n = i + k + 2
          return signInFrom(app, w, `127.1.${n >> 8}.${n & 255}`)
        }),
      )),
    )
  }
  return out
}
