/**
 * RELIABILITY.md §9, findings 2, 3, 7 and 8a (the sign-in rate limit): the sign-in domain comes
 * from configuration only (a message signed for a phishing domain and replayed with that Host is
 * refused), small-order and non-canonical keys and signatures never verify, production refuses to
 * start without a configured origin, TRUST_PROXY takes hops or addresses (never "anyone").
 */
import { createPublicKey, verify } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { isStrictPoint, verifyEd25519 } from '../../server/auth/siws.verify'
import { MISSING_ORIGIN_MESSAGE, loadConfig, siteOrigins, testConfig } from '../../server/config'
import { base58Decode, base58Encode } from '../../src/contracts/address'
import type { NonceResponse } from '../../src/contracts/auth'
import { createTestWallet, signIn, signInMessageFor } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'

const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'))
const FF = 'ff'.repeat(30)
/** Every encoding of an 8-torsion point: canonical, sign-bit and y ≥ p variants (14). */
const SMALL_ORDER_KEYS = [
  '01' + '00'.repeat(31), // identity
  '01' + '00'.repeat(30) + '80',
  'ec' + FF + '7f', // order 2
  'ec' + FF + 'ff',
  '00'.repeat(32), // order 4: the System Program, 11111111111111111111111111111111
  '00'.repeat(31) + '80',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', // order 8
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85',
  'ed' + FF + '7f', // y = p (non-canonical 0)
  'ed' + FF + 'ff',
  'ee' + FF + '7f', // y = p + 1 (non-canonical identity)
  'ee' + FF + 'ff',
]
const IDENTITY = hex(SMALL_ORDER_KEYS[0]!)

/** Plain RFC 8032 verification (what the server did before): accepts the forgeries below. */
function plainVerify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, message, key, signature)
}

/** The keyless forgery: R = identity, S = 0 verifies whenever k·A is the identity. */
const FORGED = (() => {
  const sig = new Uint8Array(64)
  sig.set(IDENTITY, 0)
  return sig
})()

describe('ed25519 checks (issue 15 #3)', () => {
  it.each(SMALL_ORDER_KEYS)('small-order key %s never verifies', (keyHex) => {
    const key = hex(keyHex)
    expect(isStrictPoint(key)).toBe(false)
    let plainAccepted = 0
    for (let i = 0; i < 64; i++) {
      const message = Buffer.from(`sign-in ${i}`)
      if (plainVerify(key, message, FORGED)) plainAccepted++
      expect(verifyEd25519(base58Encode(key), message, FORGED)).toBe(false)
    }
    // The forgery is real: plain verification took it for some of the 64 messages.
    expect(plainAccepted).toBeGreaterThan(0)
  })

  it('refuses a non-canonical S (S + ℓ, the malleable twin of a valid signature)', () => {
    const w = createTestWallet('malleable')
    const message = Buffer.from('hello')
    const sig = w.signMessage(message)
    expect(verifyEd25519(w.address, message, sig)).toBe(true)
    const L = 2n ** 252n + 27742317777372353535851937790883648493n
    let s = 0n
    for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(sig[i]!)
    const twin = new Uint8Array(sig)
    let t = s + L
    for (let i = 32; i < 64; i++) {
      twin[i] = Number(t & 0xffn)
      t >>= 8n
    }
    expect(verifyEd25519(w.address, message, twin)).toBe(false)
  })

  it('refuses a small-order R even with an honest key', () => {
    const w = createTestWallet('small-r')
    const sig = new Uint8Array(w.signMessage('x'))
    sig.set(IDENTITY, 0)
    expect(verifyEd25519(w.address, Buffer.from('x'), sig)).toBe(false)
  })
})

describe('configuration (issue 15 #2, #7)', () => {
  it('production refuses to start without PUBLIC_ORIGIN or ALLOWED_ORIGINS, saying what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(MISSING_ORIGIN_MESSAGE)
    expect(MISSING_ORIGIN_MESSAGE).toMatch(/set PUBLIC_ORIGIN/)
    expect(
      siteOrigins(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://vpos.example/' })),
    ).toEqual(['https://vpos.example'])
    expect(
      siteOrigins(
        loadConfig({
          NODE_ENV: 'production',
          ALLOWED_ORIGINS: 'http://localhost:5000, http://127.0.0.1:5000',
        }),
      ),
    ).toEqual(['http://localhost:5000', 'http://127.0.0.1:5000'])
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://vpos.example/app' }),
    ).toThrow(/PUBLIC_ORIGIN/)
  })

  it.each([
    ['false', false],
    ['', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.1.0.0/16,::1', ['10.0.0.5', '10.1.0.0/16', '::1']],
  ])('TRUST_PROXY=%j ⇒ %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected)
  })

  it.each(['true', 'proxy.example', 'yes'])('TRUST_PROXY=%s is refused', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/)
  })

  it('with one trusted hop, a client-sent X-Forwarded-For does not change the client IP', async () => {
    const app = await buildApp(testConfig({ TRUST_PROXY: 1 }))
    app.get('/ip', async (req) => ({ ip: req.ip }))
    try {
      // The proxy appends the peer it saw; whatever the client wrote before that is ignored.
      const res = await app.inject({
        url: '/ip',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' },
      })
      expect(res.json()).toEqual({ ip: '203.0.113.7' })
    } finally {
      await app.close()
    }
  })
})

describe.each(backends.map((b) => [b().name, b] as const))('sign-in on %s', (_name, backend) => {
  let app: FastifyInstance
  const b = backend()
  const victim = createTestWallet('victim', { tier: 'platinum' })

  beforeAll(async () => {
    app = await buildApp(
      testConfig({ DATABASE_URL: await b.create(), PUBLIC_ORIGIN: 'https://vpos.example' }),
    )
  })
  afterAll(async () => {
    await app.close()
    await b.drop()
  })

  const nonce = async (headers: Record<string, string> = {}) =>
    (await call(app, 'POST', '/api/auth/nonce', { headers })).body as NonceResponse

  it('a message signed on a phishing domain and replayed with Host: evil.example is refused', async () => {
    const n = await nonce({ host: 'evil.example' })
    // The server names its configured site whatever Host the request carried.
    expect(n.domain).toBe('vpos.example')
    const phished = signInMessageFor(victim, n, {
      domain: 'evil.example',
      uri: 'https://evil.example',
    })
    for (const host of ['evil.example', 'vpos.example']) {
      const res = await call(app, 'POST', '/api/auth/sign-in', {
        headers: { host, 'x-forwarded-host': 'evil.example' },
        body: { address: victim.address, message: phished, signature: victim.signBase58(phished) },
      })
      expect(res.status).toBe(401)
      expect(res.body.error).toBe('Message domain does not match this site')
    }
    // The honest sign-in on the configured site still works.
    await expect(signIn(app, victim)).resolves.toMatch(/^vpos_session=/)
  })

  it('nobody signs in as the System Program (a small-order key) without its private key', async () => {
    const address = '11111111111111111111111111111111'
    expect(base58Decode(address)).toEqual(new Uint8Array(32))
    const signature = base58Encode(FORGED)
    let tried = 0
    let plainWouldAccept = 0
    while (plainWouldAccept < 3 && tried < 64) {
      tried++
      const n = await nonce()
      const message = signInMessageFor({ address } as never, n)
      if (plainVerify(new Uint8Array(32), Buffer.from(message), FORGED)) plainWouldAccept++
      const res = await call(app, 'POST', '/api/auth/sign-in', {
        body: { address, message, signature },
      })
      expect(res.status).toBe(401)
    }
    expect(plainWouldAccept).toBe(3)
  })
})
