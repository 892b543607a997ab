/**
 * The push stream's periodic access re-check (PRODUCT.md §4's 30 s balance rule;
 * RELIABILITY.md §10): a reader whose balance falls below the room's tier gets a `denied` 403 event
 * and the stream ends; a reader whose session expired gets `denied` 401. The 30 s re-check and
 * balance cache are shortened through buildApp's chat options; balances come from a fake Solana RPC
 * the test controls.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_TOKEN_MINT } from '../../src/contracts/constants'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { openDatabase, type DatabaseHandle } from '../../server/db/database'
import { createTestWallet, signIn } from '../helpers/wallet'
import { backends } from './helpers/backends'
import { FakeRpcServer, tokenBalancesHandler } from './helpers/fake-rpc.server'
import { openSse, type SseStream } from './helpers/sse'

const ROOM = 'bronze-lounge' // 1,000 vPOS
const RECHECK_MS = 250
/** Counted twice: the fake answers for the Token and the Token-2022 program alike. */
const RICH = 5_000
const POOR = 100

describe.each(backends.map((b) => [b().name, b] as const))(
  'push stream re-check (%s)',
  (name, makeBackend) => {
    const backend = makeBackend()
    const rpc = new FakeRpcServer()
    const balances = new Map<string, number>()
    const streams: SseStream[] = []
    const dir = mkdtempSync(join(tmpdir(), 'vpos-recheck-'))
    let app: FastifyInstance
    let direct: DatabaseHandle

    beforeAll(async () => {
      await rpc.start()
      rpc.handlers.getTokenAccountsByOwner = tokenBalancesHandler(DEMO_TOKEN_MINT, balances)
      // SQLite in a file, so the test can reach the server's database from a second handle.
      const url = name === 'sqlite' ? `sqlite:${join(dir, 'vpos.sqlite')}` : await backend.create()
      app = await buildApp(testConfig({ DATABASE_URL: url, SOLANA_RPC_URL: rpc.url }), {
        chat: { recheckMs: RECHECK_MS, balanceCacheMs: RECHECK_MS / 2 },
      })
      await app.listen({ port: 0, host: '127.0.0.1' })
      direct = openDatabase(url)
    })
    afterAll(async () => {
      for (const s of streams) s.close()
      await app.close()
      await direct.db.destroy()
      await rpc.stop()
      await backend.drop()
      rmSync(dir, { recursive: true, force: true })
    })

    const open = async (cookie: string) => {
      const port = (app.server.address() as AddressInfo).port
      const s = await openSse(`http://127.0.0.1:${port}/api/chat/rooms/${ROOM}/events?after=0`, {
        cookie,
      })
      streams.push(s)
      return s
    }
    const deniedOf = (s: SseStream) => s.events.filter((e) => e.event === 'denied')
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

    it('a balance that falls below the tier ends the stream with denied 403', async () => {
      const w = createTestWallet(`recheck-balance-${name}`)
      balances.set(w.address, RICH)
      const s = await open(await signIn(app, w))
      expect(s.status).toBe(200)
      // Several re-checks pass while the balance holds.
      await sleep(4 * RECHECK_MS)
      expect(deniedOf(s)).toEqual([])

      balances.set(w.address, POOR)
      const denied = JSON.parse((await s.next((e) => e.event === 'denied', 5_000)).data)
      expect(denied).toMatchObject({ type: 'denied', status: 403 })
      expect(denied.error).toMatch(/needs at least 1000 vPOS \(bronze tier\)/)
      await s.closed
      // Nothing follows the denial: the stream is over, and a new one is refused like a REST read.
      expect(s.events.at(-1)?.event).toBe('denied')
      expect((await open(await signIn(app, w))).status).toBe(403)
    })

    it('an expired session ends the stream with denied 401', async () => {
      const w = createTestWallet(`recheck-session-${name}`)
      balances.set(w.address, RICH)
      const s = await open(await signIn(app, w))
      expect(s.status).toBe(200)
      await sleep(2 * RECHECK_MS)
      expect(deniedOf(s)).toEqual([])

      await direct.db
        .updateTable('sessions')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('wallet_address', '=', w.address)
        .execute()
      const denied = JSON.parse((await s.next((e) => e.event === 'denied', 5_000)).data)
      expect(denied).toEqual({
        type: 'denied',
        status: 401,
        error: 'Sign in with your wallet first',
      })
      await s.closed
    })
  },
)
