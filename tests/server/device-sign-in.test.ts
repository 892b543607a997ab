/**
 * Cross-device sign-in (src/contracts/deviceSignIn.ts) on SQLite and PostgreSQL, and across two
 * instances on PostgreSQL + Redis: a waiting browser's request, signed on another device, gives
 * the waiting browser (and only it) a session once; every refusal says why. PostgreSQL and Redis
 * runs are skipped with a message when unreachable (see ./helpers/backends, ./helpers/redis).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSignInMessage, type NonceResponse } from '../../src/contracts/auth'
import { buildApp } from '../../server/app'
import { openDatabase, type DatabaseHandle } from '../../server/db/database'
import { testConfig } from '../../server/config'
import { createTestWallet, type TestWallet } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'
import { listeningInstances } from './helpers/instances'
import { REDIS_URL, dropRedisPrefix, redisAvailable } from './helpers/redis'

const SITE = 'http://localhost'
const OTHER_SITE = 'http://other.localhost'
const phone = createTestWallet('device-phone')

const cookieOf = (headers: Record<string, unknown>, name: string) =>
  ([] as string[])
    .concat((headers['set-cookie'] as string[] | string | undefined) ?? [])
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${name}=`))

/** The waiting browser: a new request on `origin`, with the cookie that binds it. */
async function waiting(app: FastifyInstance, origin = SITE) {
  const res = await call(app, 'POST', '/api/auth/device', { headers: { origin } })
  expect(res.status).toBe(200)
  const cookie = cookieOf(res.headers, 'vpos_device_sign_in')
  expect(cookie).toBeDefined()
  return {
    ...(res.body as { requestId: string; code: string; expiresAt: string }),
    cookie: cookie!,
  }
}

function poll(app: FastifyInstance, requestId: string, cookie?: string, origin = SITE) {
  return call(app, 'POST', '/api/auth/device/poll', {
    body: { requestId },
    cookie,
    headers: { origin },
  })
}

/** The signing device: fetches the request's SIWS fields, signs them, approves. */
async function approve(app: FastifyInstance, code: string, w: TestWallet = phone, tweak = {}) {
  const fields = await call(app, 'GET', `/api/auth/device/${code}`)
  if (fields.status !== 200) return fields
  const message = buildSignInMessage({
    ...(fields.body as NonceResponse),
    address: w.address,
    ...tweak,
  })
  return call(app, 'POST', `/api/auth/device/${code}/approve`, {
    body: { address: w.address, message, signature: w.signBase58(message) },
  })
}

describe.each(backends.map((b) => [b().name, b] as const))(
  'cross-device sign-in on %s',
  (_, makeBackend) => {
    const backend = makeBackend()
    const dir = mkdtempSync(join(tmpdir(), 'vpos-device-'))
    let app: FastifyInstance
    let direct: DatabaseHandle

    beforeAll(async () => {
      // SQLite in a file, so the test can reach the server's database from a second handle.
      const url =
        backend.name === 'sqlite' ? `sqlite:${join(dir, 'vpos.sqlite')}` : await backend.create()
      app = await buildApp(testConfig({ DATABASE_URL: url, ALLOWED_ORIGINS: [OTHER_SITE] }))
      direct = openDatabase(url)
    })
    afterAll(async () => {
      await app.close()
      await direct.db.destroy()
      await backend.drop()
      rmSync(dir, { recursive: true, force: true })
    })

    it('signs the waiting browser in once, with a 128-bit id and an 8-letter code', async () => {
      const t = await waiting(app)
      expect(Buffer.from(t.requestId, 'base64url').length).toBeGreaterThanOrEqual(16)
      expect(t.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/)
      expect((await poll(app, t.requestId, t.cookie)).body).toMatchObject({ status: 'pending' })

      expect((await approve(app, t.code)).body).toEqual({ status: 'approved' })

      const done = await poll(app, t.requestId, t.cookie)
      expect(done.status).toBe(200)
      expect(done.body).toMatchObject({
        status: 'signed-in',
        session: { walletAddress: phone.address },
      })
      const session = cookieOf(done.headers, 'vpos_session')
      expect(session).toBeDefined()
      const me = await call(app, 'GET', '/api/auth/session', { cookie: session })
      expect(me.body.walletAddress).toBe(phone.address)

      // Second use of the same request, from either side.
      const again = await poll(app, t.requestId, t.cookie)
      expect(again.status).toBe(409)
      expect(again.body.error).toBe('This sign-in request was already used: get a new code')
      const reSign = await approve(app, t.code)
      expect(reSign.status).toBe(409)
      expect(reSign.body.error).toMatch(/already used/)
    })

    it('refuses a third browser holding the request id but not its cookie', async () => {
      const t = await waiting(app)
      await approve(app, t.code)
      const thief = await poll(app, t.requestId, 'vpos_device_sign_in=stolen-guess')
      expect(thief.status).toBe(403)
      expect(thief.body.error).toBe('This sign-in request belongs to another browser')
      expect(cookieOf(thief.headers, 'vpos_session')).toBeUndefined()
      const noCookie = await poll(app, t.requestId)
      expect(noCookie.status).toBe(403)
      // The real waiting browser still gets its session.
      expect((await poll(app, t.requestId, t.cookie)).body.status).toBe('signed-in')
    })

    it("refuses another origin's request, both when polled and when signed", async () => {
      const t = await waiting(app, SITE)
      const polled = await poll(app, t.requestId, t.cookie, OTHER_SITE)
      expect(polled.status).toBe(403)
      expect(polled.body.error).toBe('This sign-in request was made on another site')
      const signed = await approve(app, t.code, phone, {
        domain: 'other.localhost',
        uri: OTHER_SITE,
      })
      expect(signed.status).toBe(403)
      expect(signed.body.error).toBe('This sign-in request was made on another site')
      expect((await poll(app, t.requestId, t.cookie)).body.status).toBe('pending')
    })

    it('refuses an expired request', async () => {
      const t = await waiting(app)
      await direct.db
        .updateTable('device_sign_ins')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('code', '=', t.code)
        .execute()
      const signed = await approve(app, t.code)
      expect(signed.status).toBe(410)
      expect(signed.body.error).toBe('This sign-in request has expired: get a new code')
      const polled = await poll(app, t.requestId, t.cookie)
      expect(polled.status).toBe(410)
      // Housekeeping: the next request made deletes it.
      await waiting(app)
      const gone = await poll(app, t.requestId, t.cookie)
      expect(gone.status).toBe(404)
      expect(gone.body.error).toBe('This sign-in request is unknown: start a new one')
    })

    it('refuses a signature for another request, an unknown code and a malformed one', async () => {
      const a = await waiting(app)
      const b = await waiting(app)
      const fieldsB = (await call(app, 'GET', `/api/auth/device/${b.code}`)).body as NonceResponse
      const wrong = await approve(app, a.code, phone, { nonce: fieldsB.nonce })
      expect(wrong.status).toBe(401)
      expect(wrong.body.error).toBe('The signed message is not for this sign-in request')
      const unknown = await call(app, 'GET', '/api/auth/device/ZZZZZZZZ')
      expect(unknown.status).toBe(404)
      expect(unknown.body.error).toMatch(/No sign-in request has this code/)
      const malformed = await call(app, 'GET', '/api/auth/device/abc%00')
      expect(malformed.status).toBe(400)
      const badId = await poll(app, 'x')
      expect(badId.status).toBe(400)
    })

    it('lets exactly one of two concurrent approvals win', async () => {
      const t = await waiting(app)
      const other = createTestWallet('device-other')
      const results = await Promise.all([approve(app, t.code), approve(app, t.code, other)])
      expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    })

    it('rate-limits new requests per client', async () => {
      const statuses: number[] = []
      for (let i = 0; i < 22; i++) {
        const res = await call(app, 'POST', '/api/auth/device', {
          headers: { origin: SITE },
          remoteAddress: '10.9.9.9',
        })
        statuses.push(res.status)
      }
      expect(statuses).toContain(429)
    })
  },
)

const pg = backends.find((b) => b().name === 'postgres')
if (!pg || !redisAvailable)
  console.warn(
    'device-sign-in.test: PostgreSQL or Redis unreachable, skipping the two-instance run',
  )

describe.skipIf(!pg || !redisAvailable)('cross-device sign-in across two instances', () => {
  const prefix = `vpos_t_${randomBytes(4).toString('hex')}`
  const backend = pg!()
  let a: FastifyInstance
  let b: FastifyInstance

  beforeAll(async () => {
    const DATABASE_URL = await backend.create()
    ;[a, b] = (await listeningInstances(2, {
      DATABASE_URL,
      REDIS_URL,
      REDIS_PREFIX: prefix,
    })) as [FastifyInstance, FastifyInstance]
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    await backend.drop()
    await dropRedisPrefix(prefix)
  })

  it('a request made on one instance is signed on the other and collected on either, once', async () => {
    const t = await waiting(a)
    expect((await approve(b, t.code)).body).toEqual({ status: 'approved' })
    const [x, y] = await Promise.all([
      poll(a, t.requestId, t.cookie),
      poll(b, t.requestId, t.cookie),
    ])
    expect([x.status, y.status].sort()).toEqual([200, 409])
    const won = x.status === 200 ? x : y
    expect(won.body.session.walletAddress).toBe(phone.address)
  })
})
