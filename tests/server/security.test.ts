/**
 * Security baseline (RELIABILITY.md §2). `npm run test:security` runs this file with
 * SECURITY_CASES=1000 (1,000 bit-flipped signatures, 1,000 replays); the default `npm test` run
 * uses 100 of each.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { base58Decode, base58Encode } from '../../src/contracts/address'
import type { NonceResponse } from '../../src/contracts/auth'
import { createTestWallet, signIn, signInMessageFor } from '../helpers/wallet'
import { call } from './helpers/api'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const CASES = Number(process.env.SECURITY_CASES ?? 100)
const alice = createTestWallet('sec-alice', { tier: 'platinum' })
const bob = createTestWallet('sec-bob', { tier: 'platinum' })
const staff = createTestWallet('sec-staff', { tier: 'none' })
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  "javascript:alert('x')",
  '{{constructor.constructor("alert(1)")()}}',
]

let app: FastifyInstance
let clientDir: string
let aliceCookie: string
let bobCookie: string
let staffCookie: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'vpos-sec-'))
  writeFileSync(
    join(clientDir, 'index.html'),
    '<meta property="csp-nonce" nonce="VPOS_CSP_NONCE"><script type="module" nonce="VPOS_CSP_NONCE" src="/a.js"></script>',
  )
  app = await buildApp(testConfig({ CLIENT_DIR: clientDir, STAFF_WALLETS: [staff.address] }))
  aliceCookie = await signIn(app, alice)
  bobCookie = await signIn(app, bob)
  staffCookie = await signIn(app, staff)
})
afterAll(async () => {
  await app.close()
  rmSync(clientDir, { recursive: true, force: true })
})

async function nonce(): Promise<NonceResponse> {
  return (await call(app, 'POST', '/api/auth/nonce')).body as NonceResponse
}

describe('headers on every response', () => {
  it.each(['/', '/chat', '/api/health', '/api/chat/rooms', '/api/nope'])('%s', async (url) => {
    const res = await app.inject(url)
    const csp = String(res.headers['content-security-policy'])
    for (const d of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "default-src 'self'",
    ]) {
      expect(csp).toContain(d)
    }
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/)
    // The configured origin (http://localhost in tests), never the request's Host.
    expect(csp).toContain("connect-src 'self' ws://localhost;")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['x-frame-options']).toBe('DENY')
    // cross-origin isolated: the sim worker may share its buffers (SharedArrayBuffer)
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(res.headers['cross-origin-embedder-policy']).toBe('require-corp')
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('index.html carries a fresh nonce per response, the one in its CSP', async () => {
    const [a, b] = await Promise.all([app.inject('/'), app.inject('/chat')])
    const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1] ?? ''
    expect(nonceOf(a.headers['content-security-policy'])).not.toBe(
      nonceOf(b.headers['content-security-policy']),
    )
    for (const r of [a, b]) {
      const n = nonceOf(r.headers['content-security-policy'])
      expect(r.body).not.toContain('VPOS_CSP_NONCE')
      expect(r.body.match(new RegExp(`nonce="${n.replace(/[+/]/g, '\\$&')}"`, 'g'))).toHaveLength(2)
    }
  })
})

describe('https behind a proxy (TRUST_PROXY)', () => {
  let proxied: FastifyInstance
  beforeAll(async () => {
    proxied = await buildApp(testConfig({ TRUST_PROXY: 1, PUBLIC_ORIGIN: 'https://vpos.example' }))
  })
  afterAll(() => proxied.close())

  it('sends HSTS and a Secure, HttpOnly, SameSite session cookie', async () => {
    const headers = { 'x-forwarded-proto': 'https', host: 'vpos.example' }
    const health = await proxied.inject({ url: '/api/health', headers })
    expect(health.headers['strict-transport-security']).toMatch(/max-age=31536000/)
    const n = (
      await proxied.inject({ method: 'POST', url: '/api/auth/nonce', headers })
    ).json() as NonceResponse
    expect(n.uri).toBe('https://vpos.example')
    const message = signInMessageFor(alice, n)
    const res = await proxied.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...headers, origin: 'https://vpos.example', 'content-type': 'application/json' },
      payload: JSON.stringify({
        address: alice.address,
        message,
        signature: alice.signBase58(message),
      }),
    })
    expect(res.statusCode).toBe(200)
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toMatch(/vpos_session=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Secure/)
  })
})

describe('cross-site requests', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }, 403],
    ['Origin null', { origin: 'null' }, 403],
    ['no Origin, Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, 403],
    ['the same Origin', { origin: 'http://localhost:80' }, 200],
    ['no Origin (a non-browser client)', {}, 200],
  ])('POST /api/auth/nonce with %s ⇒ %s', async (_, headers, status) => {
    const res = await call(app, 'POST', '/api/auth/nonce', { headers })
    expect(res.status).toBe(status)
    if (status === 403) expect(res.body).toEqual({ error: 'Origin not allowed' })
  })

  it.each(['PATCH', 'DELETE'] as const)(
    '%s from a foreign Origin ⇒ 403 before any handler',
    async (method) => {
      const res = await call(app, method, '/api/chat/shop/purchases/badge-node', {
        cookie: aliceCookie,
        headers: { origin: 'https://evil.example' },
        body: { walletAddress: alice.address, active: true },
      })
      expect(res.status).toBe(403)
    },
  )

  it('a WebSocket handshake from a foreign Origin gets 403; the same origin connects', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as AddressInfo).port
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { origin: 'https://evil.example' })
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.on('open', () => resolve(101))
      ws.on('error', () => {})
    })
    expect(status).toBe(403)
    const ok = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { origin: 'http://localhost' })
      ws.on('open', () => {
        ws.close()
        resolve(101)
      })
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    })
    expect(ok).toBe(101)
  })
})

/** A distinct client address per attempt. */
const attacker = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

describe('sign-in forgery', () => {
  it(
    `${CASES} bit-flipped signatures ⇒ 0 accepted, and the nonce survives them`,
    { timeout: Math.max(30_000, CASES * 60) },
    async () => {
      const n = await nonce()
      const message = signInMessageFor(alice, n)
      const good = base58Decode(alice.signBase58(message))!
      let accepted = 0
      for (let i = 0; i < CASES; i++) {
        const bad = Uint8Array.from(good)
        const bit = (i * 7919) % (64 * 8)
        bad[bit >> 3]! ^= 1 << (bit & 7)
        // Each from its own address: sign-in is rate-limited per IP, and this is about signatures.
        const res = await call(app, 'POST', '/api/auth/sign-in', {
          body: { address: alice.address, message, signature: base58Encode(bad) },
          remoteAddress: attacker(i),
        })
        if (res.status === 200) accepted++
        expect(res.status).toBe(401)
      }
      expect(accepted).toBe(0)
      // Forgeries did not burn the nonce: the genuine signature still signs in.
      const res = await call(app, 'POST', '/api/auth/sign-in', {
        body: { address: alice.address, message, signature: base58Encode(good) },
      })
      expect(res.status).toBe(200)
    },
  )

  it(
    `${CASES} replays of a used sign-in ⇒ 0 accepted`,
    { timeout: Math.max(30_000, CASES * 60) },
    async () => {
      const n = await nonce()
      const message = signInMessageFor(bob, n)
      const body = { address: bob.address, message, signature: bob.signBase58(message) }
      expect((await call(app, 'POST', '/api/auth/sign-in', { body })).status).toBe(200)
      let accepted = 0
      for (let i = 0; i < CASES; i++) {
        const res = await call(app, 'POST', '/api/auth/sign-in', {
          body,
          remoteAddress: attacker(i),
        })
        if (res.status === 200) accepted++
        expect(res.status).toBe(401)
      }
      expect(accepted).toBe(0)
    },
  )

  const hour = 3_600_000
  it.each([
    [
      'expired',
      () => ({
        issuedAt: new Date(Date.now() - 2 * hour).toISOString(),
        expirationTime: new Date(Date.now() - hour).toISOString(),
      }),
    ],
    ['issued in the future', () => ({ issuedAt: new Date(Date.now() + hour).toISOString() })],
    [
      'not yet valid (Not Before)',
      () => ({
        expirationTime: `${new Date(Date.now() + 5 * 60_000).toISOString()}\nNot Before: ${new Date(Date.now() + 2 * 60_000).toISOString()}`,
      }),
    ],
    ['for another domain', () => ({ domain: 'evil.example', uri: 'https://evil.example' })],
    ['for another address', () => ({ address: bob.address })],
  ])('a message %s ⇒ 401', async (_, override) => {
    const n = await nonce()
    const message = signInMessageFor(alice, n, override())
    const res = await call(app, 'POST', '/api/auth/sign-in', {
      body: { address: alice.address, message, signature: alice.signBase58(message) },
    })
    expect(res.status).toBe(401)
  })
})

describe('cross-wallet writes ⇒ 403', () => {
  const other = (): string => bob.address
  it.each([
    [
      'POST',
      '/api/chat/rooms/bronze-lounge/messages',
      () => ({ walletAddress: other(), displayName: 'x', content: 'hi' }),
    ],
    [
      'POST',
      '/api/chat/rooms/bronze-lounge/participants',
      () => ({ walletAddress: other(), displayName: 'x' }),
    ],
    ['POST', '/api/chat/verify-token-balance', () => ({ walletAddress: other() })],
    ['POST', '/api/whitelist/check', () => ({ walletAddress: other() })],
    [
      'POST',
      '/api/chat/rooms/bronze-lounge/messages/1/reactions',
      () => ({ walletAddress: other(), emoji: '👍' }),
    ],
    [
      'DELETE',
      '/api/chat/rooms/bronze-lounge/messages/1/reactions',
      () => ({ walletAddress: other(), emoji: '👍' }),
    ],
    [
      'POST',
      '/api/chat/rooms/bronze-lounge/announcement',
      () => ({ walletAddress: other(), content: 'x' }),
    ],
    ['DELETE', '/api/chat/rooms/bronze-lounge/announcement', () => ({ walletAddress: other() })],
    ['POST', '/api/chat/shop/purchase', () => ({ walletAddress: other(), itemId: 'badge-node' })],
    [
      'PATCH',
      '/api/chat/shop/purchases/badge-node',
      () => ({ walletAddress: other(), active: true }),
    ],
    ['GET', `/api/chat/shop/purchases/${bob.address}`, () => undefined],
  ] as Array<[Method, string, () => unknown]>)('%s %s', async (method, url, body) => {
    const res = await call(app, method, url, { cookie: aliceCookie, body: body() })
    expect(res.status).toBe(403)
    expect(res.body.error).toMatch(/walletAddress|wallet/i)
  })
})

describe('XSS payloads are stored verbatim and served as JSON text', () => {
  it.each(XSS)('%s', async (payload) => {
    const name = payload.slice(0, 32)
    const posted = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/messages', {
      cookie: aliceCookie,
      body: { walletAddress: alice.address, displayName: name, content: payload },
    })
    expect(posted.status).toBe(201)
    const ann = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/announcement', {
      cookie: staffCookie,
      body: { walletAddress: staff.address, content: payload },
    })
    expect(ann.status).toBe(200)
    const list = await call(
      app,
      'GET',
      `/api/chat/rooms/bronze-lounge/messages?after=${posted.body.id - 1}`,
      {
        cookie: bobCookie,
      },
    )
    expect(list.headers['content-type']).toMatch(/^application\/json/)
    expect(list.headers['x-content-type-options']).toBe('nosniff')
    expect(list.body[0]).toMatchObject({ content: payload, displayName: name })
    const rooms = await call(app, 'GET', '/api/chat/rooms')
    expect(rooms.headers['content-type']).toMatch(/^application\/json/)
    expect(
      rooms.body.find((r: { id: string }) => r.id === 'bronze-lounge').announcement.content,
    ).toBe(payload)
    const participants = await call(app, 'GET', '/api/chat/rooms/bronze-lounge/participants', {
      cookie: bobCookie,
    })
    expect(participants.body.map((p: { displayName: string }) => p.displayName)).toContain(name)
  })
})

describe('input limits', () => {
  it('a body over the route limit ⇒ 413 JSON', async () => {
    const res = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/messages', {
      cookie: aliceCookie,
      body: { walletAddress: alice.address, displayName: 'a', content: 'x'.repeat(20_000) },
    })
    expect(res.status).toBe(413)
    expect(res.body.error).toEqual(expect.any(String))
  })

  it.each([
    [
      'a bad field',
      { walletAddress: 'not-base58-0OIl', displayName: 'a', content: 'hi' },
      'walletAddress',
    ],
    [
      'an unknown field',
      { walletAddress: alice.address, displayName: 'a', content: 'hi', admin: true },
      'admin',
    ],
    [
      'a too long message',
      { walletAddress: alice.address, displayName: 'a', content: 'x'.repeat(1001) },
      'content',
    ],
  ])('%s ⇒ 400 naming the field', async (_, body, field) => {
    const res = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/messages', {
      cookie: aliceCookie,
      body,
    })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe(field)
  })

  it('malformed JSON ⇒ 400 JSON', async () => {
    const res = await call(app, 'POST', '/api/whitelist/check', {
      cookie: aliceCookie,
      raw: '{"walletAddress":',
    })
    expect(res.status).toBe(400)
    expect(res.body.error).toEqual(expect.any(String))
  })
})
