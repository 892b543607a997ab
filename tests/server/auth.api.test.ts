import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NonceResponse } from '../../src/contracts/auth'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, signIn, signInMessageFor, type TestWallet } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'

describe.each(backends.map((b) => [b().name, b] as const))(
  'sign-in with Solana on %s',
  (_, makeBackend) => {
    const backend = makeBackend()
    let app: FastifyInstance
    const alice = createTestWallet('auth-alice')
    const mallory = createTestWallet('auth-mallory')

    beforeAll(async () => {
      app = await buildApp(testConfig({ DATABASE_URL: await backend.create() }))
    })
    afterAll(async () => {
      await app.close()
      await backend.drop()
    })

    async function nonce(): Promise<NonceResponse> {
      const res = await call(app, 'POST', '/api/auth/nonce')
      expect(res.status).toBe(200)
      return res.body as NonceResponse
    }
    async function attempt(
      w: TestWallet,
      message: string,
      signature = w.signBase58(message),
      address = w.address,
    ) {
      return call(app, 'POST', '/api/auth/sign-in', { body: { address, message, signature } })
    }

    it('issues 128-bit single-use nonces with the site fields', async () => {
      const a = await nonce()
      const b = await nonce()
      expect(a.nonce).toMatch(/^[0-9a-f]{32}$/)
      expect(a.nonce).not.toBe(b.nonce)
      // The configured origin (testConfig: http://localhost), whatever the request's Host.
      expect(a.domain).toBe('localhost')
      expect(a.uri).toBe('http://localhost')
      expect(a.chainId).toBe('mainnet')
      expect(Date.parse(a.expirationTime) - Date.parse(a.issuedAt)).toBe(10 * 60_000)
    })

    it('signs in, sets an HttpOnly SameSite=Lax cookie, reports the session, signs out', async () => {
      const n = await nonce()
      const message = signInMessageFor(alice, n)
      const res = await attempt(alice, message)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ walletAddress: alice.address, isStaff: false })
      const setCookie = String(res.headers['set-cookie'])
      expect(setCookie).toMatch(/^vpos_session=/)
      expect(setCookie).toMatch(/HttpOnly/)
      expect(setCookie).toMatch(/SameSite=Lax/)
      expect(setCookie).not.toMatch(/Secure/)
      const cookie = setCookie.split(';')[0] ?? ''

      const session = await call(app, 'GET', '/api/auth/session', { cookie })
      expect(session.status).toBe(200)
      expect(session.body.walletAddress).toBe(alice.address)

      expect((await call(app, 'POST', '/api/auth/sign-out', { cookie })).status).toBe(204)
      expect((await call(app, 'GET', '/api/auth/session', { cookie })).status).toBe(401)
    })

    it('answers 401 without a session and for a made-up cookie', async () => {
      expect((await call(app, 'GET', '/api/auth/session')).status).toBe(401)
      expect(
        (await call(app, 'GET', '/api/auth/session', { cookie: 'vpos_session=forged' })).status,
      ).toBe(401)
    })

    it('rejects a forged signature and leaves the nonce usable', async () => {
      const n = await nonce()
      const message = signInMessageFor(alice, n)
      // Mallory signs a message that claims to be Alice's.
      const forged = await attempt(alice, message, mallory.signBase58(message))
      expect(forged.status).toBe(401)
      expect(forged.body.error).toBe('Invalid signature')
      // The nonce is consumed only after a signature verifies, so Alice can still use it.
      expect((await attempt(alice, message)).status).toBe(200)
    })

    it('rejects a replayed nonce', async () => {
      const n = await nonce()
      const message = signInMessageFor(alice, n)
      expect((await attempt(alice, message)).status).toBe(200)
      const replay = await attempt(alice, message)
      expect(replay.status).toBe(401)
      expect(replay.body.error).toBe('Invalid or expired nonce')
    })

    it('rejects a nonce the server never issued', async () => {
      const n = await nonce()
      const res = await attempt(alice, signInMessageFor(alice, n, { nonce: 'f'.repeat(32) }))
      expect(res.status).toBe(401)
      expect(res.body.error).toBe('Invalid or expired nonce')
    })

    it.each([
      [
        'expired message',
        { expirationTime: new Date(Date.now() - 1_000).toISOString() },
        'Sign-in message has expired',
      ],
      [
        'message issued over 10 minutes ago',
        {
          issuedAt: new Date(Date.now() - 11 * 60_000).toISOString(),
          expirationTime: new Date(Date.now() + 60_000).toISOString(),
        },
        'Sign-in message has expired',
      ],
      [
        'message issued in the future',
        { issuedAt: new Date(Date.now() + 5 * 60_000).toISOString() },
        'Sign-in message is issued in the future',
      ],
      ['wrong domain', { domain: 'evil.example' }, 'Message domain does not match this site'],
      [
        'wrong uri host',
        { uri: 'https://evil.example' },
        'Message domain does not match this site',
      ],
      [
        'uri with another scheme',
        { uri: 'https://localhost' },
        'Message domain does not match this site',
      ],
      ['wrong version', { version: '2' }, 'Unsupported sign-in message version'],
      ['wrong chain id', { chainId: 'devnet' }, 'Sign-in message must be for chain mainnet'],
      [
        'another statement',
        { statement: 'Transfer all your tokens' },
        'Sign-in message statement does not match this site',
      ],
      [
        'missing statement',
        { statement: undefined },
        'Sign-in message statement does not match this site',
      ],
    ])('rejects a correctly signed %s', async (_, override, error) => {
      const n = await nonce()
      const res = await attempt(alice, signInMessageFor(alice, n, override))
      expect(res.status).toBe(401)
      expect(res.body.error).toBe(error)
    })

    it('rejects a message naming another address than the signer', async () => {
      const n = await nonce()
      const message = signInMessageFor(mallory, n)
      const res = await attempt(alice, message, alice.signBase58(message))
      expect(res.status).toBe(401)
      expect(res.body.error).toBe('Message address does not match the signing wallet')
    })

    it.each([
      ['no body', undefined, undefined],
      ['bad address', { address: 'nope', message: 'x', signature: 'y'.repeat(88) }, 'address'],
      [
        'unknown field',
        { address: alice.address, message: 'x', signature: '1'.repeat(88), admin: true },
        'admin',
      ],
      [
        'not a SIWS text',
        { address: alice.address, message: 'hello', signature: '1'.repeat(88) },
        undefined,
      ],
      ['signature not base58', null, undefined],
    ])('answers 400 for %s', async (_, body, field) => {
      let payload = body
      if (body === null) {
        const message = signInMessageFor(alice, await nonce())
        payload = { address: alice.address, message, signature: '0'.repeat(88) }
      }
      const res = await call(app, 'POST', '/api/auth/sign-in', { body: payload ?? {} })
      expect(res.status).toBe(400)
      expect(typeof res.body.error).toBe('string')
      if (field) expect(res.body.field).toBe(field)
    })

    it('answers 400 for malformed JSON, never 500', async () => {
      const res = await call(app, 'POST', '/api/auth/sign-in', { raw: '{"address":' })
      expect(res.status).toBe(400)
    })

    it('checks the domain against PUBLIC_ORIGIN when set, and marks the cookie Secure on https', async () => {
      const secureApp = await buildApp(testConfig({ PUBLIC_ORIGIN: 'https://vpos.example' }))
      try {
        const n = (await call(secureApp, 'POST', '/api/auth/nonce')).body as NonceResponse
        expect(n.domain).toBe('vpos.example')
        expect(n.uri).toBe('https://vpos.example')
        const message = signInMessageFor(alice, n)
        const res = await call(secureApp, 'POST', '/api/auth/sign-in', {
          body: { address: alice.address, message, signature: alice.signBase58(message) },
        })
        expect(res.status).toBe(200)
        expect(String(res.headers['set-cookie'])).toMatch(/Secure/)
        // A message for the request's Host instead of the public origin is refused.
        const n2 = (await call(secureApp, 'POST', '/api/auth/nonce')).body as NonceResponse
        const local = signInMessageFor(alice, n2, {
          domain: 'localhost:80',
          uri: 'http://localhost:80',
        })
        const refused = await call(secureApp, 'POST', '/api/auth/sign-in', {
          body: { address: alice.address, message: local, signature: alice.signBase58(local) },
        })
        expect(refused.status).toBe(401)
      } finally {
        await secureApp.close()
      }
    })

    it('reports staff wallets and the chain kind', async () => {
      const staffApp = await buildApp(testConfig({ STAFF_WALLETS: [alice.address] }))
      try {
        const cookie = await signIn(staffApp, alice)
        expect((await call(staffApp, 'GET', '/api/auth/session', { cookie })).body.isStaff).toBe(
          true,
        )
        expect((await call(staffApp, 'GET', '/api/auth/config')).body).toMatchObject({
          chain: 'demo',
        })
      } finally {
        await staffApp.close()
      }
    })
  },
)

describe('cross-site writes', () => {
  it.each([
    ['a foreign Origin', 'https://evil.example', 403],
    ['an opaque Origin', 'null', 403],
    ['the same Origin', 'http://localhost:80', 200],
  ])('answers %s (%s) with %d', async (_, origin, status) => {
    const app = await buildApp(testConfig())
    try {
      const res = await call(app, 'POST', '/api/auth/nonce', {
        headers: { origin, host: 'localhost:80' },
      })
      expect(res.status).toBe(status)
    } finally {
      await app.close()
    }
  })
})
