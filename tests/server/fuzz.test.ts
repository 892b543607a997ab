/**
 * Fuzzing every REST route and the /ws protocol with fast-check (RELIABILITY.md §3): every bad
 * input must be a 4xx with a JSON `{ error }` body or a WebSocket close code, never a 5xx or a
 * crash. `npm run test:fuzz` sets FUZZ_CASES=10000 (8,300 REST + 1,500 WebSocket + 200 SSE
 * resumes); `npm test` runs 600.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, signIn } from '../helpers/wallet'

const TOTAL = Number(process.env.FUZZ_CASES ?? 600)
const WS_CASES = Math.round(TOTAL * 0.15)
const SSE_CASES = Math.round(TOTAL * 0.02)
const REST_CASES = TOTAL - WS_CASES - SSE_CASES
const SEED = Number(process.env.FUZZ_SEED ?? 8)
/** generous per-case time: the shared 2-core machine may be busy; a hang still fails */
const timeout = (cases: number) => ({ timeout: Math.max(30_000, cases * 40) })

const alice = createTestWallet('fuzz-alice', { tier: 'platinum' })
const staff = createTestWallet('fuzz-staff', { tier: 'none' })
let app: FastifyInstance
let cookies: string[] = []
const tally = {
  rest: 0,
  ws: 0,
  sse: 0,
  status: new Map<number, number>(),
  closeCodes: new Map<number, number>(),
}

beforeAll(async () => {
  app = await buildApp(testConfig({ STAFF_WALLETS: [staff.address], CLIENT_DIR: '/nonexistent' }))
  cookies = ['', await signIn(app, alice), await signIn(app, staff)]
  await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  console.log(
    `fuzz: ${tally.rest} REST cases ${JSON.stringify(Object.fromEntries(tally.status))}, ` +
      `${tally.ws} WebSocket cases ${JSON.stringify(Object.fromEntries(tally.closeCodes))}, ` +
      `${tally.sse} SSE cases; total ${tally.rest + tally.ws + tally.sse}`,
  )
  await app.close()
})

// Values that often break parsers and validators, mixed with fast-check's own.
const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '../../etc/passwd',
  '%00',
  '%ZZ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '__proto__',
  'constructor',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  '\u202e\u0301',
  '😀'.repeat(600),
)
const anyValue = fc.oneof(fc.anything({ maxDepth: 3 }), nasty, fc.string({ maxLength: 2000 }))
const wallet = fc.oneof(fc.constant(alice.address), fc.constant(staff.address), anyValue)
const segment = fc
  .oneof(
    fc.constantFrom('bronze-lounge', 'platinum-core', 'badge-node', '1', alice.address),
    nasty,
    fc.string({ maxLength: 80 }),
  )
  .map((s) => encodeURIComponent(String(s)))

/** A body shaped like a route's: each field valid-ish or garbage, sometimes with extra keys. */
function bodyLike(fields: Record<string, fc.Arbitrary<unknown>>) {
  const shaped = fc.record(
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fc.oneof(v, anyValue)])),
    { requiredKeys: [] },
  )
  return fc.oneof(
    shaped,
    fc
      .tuple(shaped, fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 3 }))
      .map(([a, b]) => ({ ...b, ...a })),
    anyValue,
  )
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'HEAD'
interface Case {
  method: Method
  url: string
  body?: unknown
  raw?: string
  contentType?: string
  cookie: string
  origin?: string
}

const room = segment
const text = fc.oneof(fc.string({ maxLength: 1200 }), nasty)
const routes: Array<fc.Arbitrary<Omit<Case, 'cookie'>>> = [
  fc.constant({ method: 'GET' as Method, url: '/api/chat/rooms' }),
  fc.constant({ method: 'GET' as Method, url: '/api/health' }),
  fc.constant({ method: 'GET' as Method, url: '/api/auth/config' }),
  fc.constant({ method: 'GET' as Method, url: '/api/auth/session' }),
  fc.constant({ method: 'POST' as Method, url: '/api/auth/sign-out' }),
  fc.constant({ method: 'GET' as Method, url: '/api/chat/shop/items' }),
  fc.constant({ method: 'GET' as Method, url: '/api/market/token' }),
  fc.constant({ method: 'GET' as Method, url: '/api/treasury' }),
  bodyLike({}).map((body) => ({ method: 'POST' as Method, url: '/api/auth/nonce', body })),
  bodyLike({ address: wallet, message: text, signature: fc.string({ maxLength: 120 }) }).map(
    (body) => ({
      method: 'POST' as Method,
      url: '/api/auth/sign-in',
      body,
    }),
  ),
  bodyLike({ walletAddress: wallet }).map((body) => ({
    method: 'POST' as Method,
    url: '/api/whitelist/check',
    body,
  })),
  bodyLike({ walletAddress: wallet }).map((body) => ({
    method: 'POST' as Method,
    url: '/api/chat/verify-token-balance',
    body,
  })),
  fc
    .tuple(
      room,
      fc.oneof(
        fc.constant(''),
        fc.string({ maxLength: 40 }).map((q) => `?${q}`),
        fc.integer().map((n) => `?after=${n}`),
      ),
    )
    .map(([id, q]) => ({ method: 'GET' as Method, url: `/api/chat/rooms/${id}/messages${q}` })),
  fc
    .tuple(
      room,
      bodyLike({ walletAddress: wallet, displayName: text, content: text, clientId: fc.string() }),
    )
    .map(([id, body]) => ({
      method: 'POST' as Method,
      url: `/api/chat/rooms/${id}/messages`,
      body,
    })),
  room.map((id) => ({ method: 'GET' as Method, url: `/api/chat/rooms/${id}/participants` })),
  fc.tuple(room, bodyLike({ walletAddress: wallet, displayName: text })).map(([id, body]) => ({
    method: 'POST' as Method,
    url: `/api/chat/rooms/${id}/participants`,
    body,
  })),
  fc
    .tuple(
      fc.constantFrom<Method>('POST', 'DELETE'),
      room,
      segment,
      bodyLike({ walletAddress: wallet, emoji: fc.constantFrom('👍', '🔥', 'x') }),
    )
    .map(([method, id, mid, body]) => ({
      method,
      url: `/api/chat/rooms/${id}/messages/${mid}/reactions`,
      body,
    })),
  fc
    .tuple(
      fc.constantFrom<Method>('POST', 'DELETE'),
      room,
      bodyLike({ walletAddress: wallet, content: text }),
    )
    .map(([method, id, body]) => ({ method, url: `/api/chat/rooms/${id}/announcement`, body })),
  bodyLike({
    walletAddress: wallet,
    itemId: fc.constantFrom('badge-node', 'title-overseer', 'x'),
  }).map((body) => ({
    method: 'POST' as Method,
    url: '/api/chat/shop/purchase',
    body,
  })),
  segment.map((w) => ({ method: 'GET' as Method, url: `/api/chat/shop/purchases/${w}` })),
  fc
    .tuple(segment, bodyLike({ walletAddress: wallet, active: fc.boolean() }))
    .map(([id, body]) => ({
      method: 'PATCH' as Method,
      url: `/api/chat/shop/purchases/${id}`,
      body,
    })),
  // Unknown methods and paths, and raw payloads with any content type.
  fc
    .tuple(
      fc.constantFrom<Method>('PUT', 'PATCH', 'DELETE', 'POST', 'HEAD'),
      fc.array(segment, { maxLength: 4 }),
    )
    .map(([method, parts]) => ({ method, url: `/api/${parts.join('/')}` })),
  fc
    .tuple(
      fc.constantFrom(
        '/api/chat/rooms/bronze-lounge/messages',
        '/api/whitelist/check',
        '/api/auth/sign-in',
        '/api/chat/shop/purchase',
      ),
      fc.oneof(
        fc.string({ maxLength: 3000 }),
        fc.constant('{"walletAddress":'),
        fc.constant('x'.repeat(70_000)),
      ),
      fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
      ),
    )
    .map(([url, raw, contentType]) => ({ method: 'POST' as Method, url, raw, contentType })),
]

// Mostly no Origin (curl-like) or the same site; sometimes a foreign or malformed one.
const origin = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant('http://localhost:80') },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom('https://evil.example', 'null', 'http://localhost:80.evil.example'),
      fc.string({ maxLength: 40 }).filter((o) => /^[\x20-\x7e]*$/.test(o)),
    ),
  },
)
const restCase: fc.Arbitrary<Case> = fc
  .tuple(fc.oneof(...routes), fc.constantFrom(0, 1, 1, 1, 2), origin)
  // Signing out would end the shared sessions and turn the rest of the run into 401s.
  .map(([c, who, o]) => ({
    ...c,
    cookie: c.url === '/api/auth/sign-out' ? '' : (cookies[who] ?? ''),
    ...(o === undefined ? {} : { origin: o }),
  }))

describe('fuzz', () => {
  it(
    `REST: ${REST_CASES} random requests over every route ⇒ no 5xx, every error JSON`,
    timeout(REST_CASES),
    async () => {
      await fc.assert(
        fc.asyncProperty(restCase, async (c) => {
          const headers: Record<string, string> = {}
          if (c.cookie) headers.cookie = c.cookie
          if (c.origin !== undefined) headers.origin = c.origin
          let payload: string | undefined
          if (c.raw !== undefined) {
            payload = c.raw
            headers['content-type'] = c.contentType ?? 'application/json'
          } else if (c.body !== undefined && c.method !== 'GET') {
            payload = JSON.stringify(c.body)
            if (payload !== undefined) headers['content-type'] = 'application/json'
          }
          const res = await app.inject({ method: c.method, url: c.url, headers, payload })
          tally.rest++
          tally.status.set(res.statusCode, (tally.status.get(res.statusCode) ?? 0) + 1)
          expect(res.statusCode, `${c.method} ${c.url} ${res.body}`).toBeLessThan(500)
          if (res.statusCode >= 400 && c.method !== 'HEAD') {
            expect(res.headers['content-type']).toMatch(/^application\/json/)
            expect(typeof (JSON.parse(res.body) as { error?: unknown }).error).toBe('string')
          }
        }),
        { numRuns: REST_CASES, seed: SEED, endOnFailure: true },
      )
      expect((await app.inject('/api/health')).statusCode).toBe(200)
    },
  )

  it(
    `WebSocket: ${WS_CASES} random client frames ⇒ pong for ping, else a 1008/1009 close`,
    timeout(WS_CASES),
    async () => {
      const port = (app.server.address() as AddressInfo).port
      const frame = fc.oneof(
        fc.constant({ binary: true, data: Uint8Array.of(6) }),
        fc.uint8Array({ maxLength: 200 }).map((data) => ({ binary: true, data })),
        fc.string({ maxLength: 200 }).map((s) => ({ binary: false, data: s })),
        fc.constant({ binary: true, data: new Uint8Array(70_000) }),
      )
      const query = fc.oneof(
        fc.constant(''),
        fc.constant('?positions=f32'),
        fc.string({ maxLength: 30 }).map((q) => `?${encodeURIComponent(q)}`),
      )
      await fc.assert(
        fc.asyncProperty(frame, query, async (f, q) => {
          const outcome = await new Promise<string>((resolve) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${q}`)
            const done = (r: string) => {
              resolve(r)
              ws.terminate()
            }
            ws.on('open', () => ws.send(f.data, { binary: f.binary }))
            ws.on('message', (d: Buffer) => {
              if (d.length === 1 && d[0] === 7) done('pong')
            })
            ws.on('close', (code) => done(`close ${code}`))
            ws.on('error', () => {})
          })
          tally.ws++
          const code = outcome === 'pong' ? 0 : Number(outcome.slice(6))
          tally.closeCodes.set(code, (tally.closeCodes.get(code) ?? 0) + 1)
          const isPing = f.binary && f.data.length === 1 && (f.data as Uint8Array)[0] === 6
          if (isPing) expect(outcome).toBe('pong')
          const size = typeof f.data === 'string' ? Buffer.byteLength(f.data) : f.data.length
          if (!isPing) expect(outcome).toMatch(size > 64 ? /^close 1009$/ : /^close 1008$/)
        }),
        { numRuns: WS_CASES, seed: SEED, endOnFailure: true },
      )
      expect((await app.inject('/api/health')).statusCode).toBe(200)
    },
  )

  it(
    `SSE: ${SSE_CASES} random Last-Event-ID resumes ⇒ 200 event stream, never an error`,
    timeout(SSE_CASES * 10),
    async () => {
      const port = (app.server.address() as AddressInfo).port
      const printable = fc.string({ maxLength: 40 }).filter((v) => /^[\x20-\x7e]*$/.test(v))
      const id = fc.oneof(
        fc.nat().map(String),
        fc.constantFrom('-1', '1e309', '99999999999999999999', '0x10', ' 7', 'NaN'),
        printable,
      )
      const how = fc.oneof(
        id.map((v) => ({ header: v, query: '' })),
        id.map((v) => ({ header: undefined, query: `?lastEventId=${encodeURIComponent(v)}` })),
        printable.map((q) => ({ header: undefined, query: `?${encodeURIComponent(q)}` })),
      )
      await fc.assert(
        fc.asyncProperty(how, async ({ header, query }) => {
          const ctrl = new AbortController()
          const guard = setTimeout(() => ctrl.abort(), 5_000)
          try {
            const res = await fetch(`http://127.0.0.1:${port}/api/mcp/sse${query}`, {
              headers: header === undefined ? {} : { 'last-event-id': header },
              signal: ctrl.signal,
            })
            tally.sse++
            expect(res.status).toBe(200)
            expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
            const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
            let text = ''
            while (!text.includes('"type":"connected"')) {
              const { value, done } = await reader.read()
              if (done) break
              text += value
            }
            expect(text).toContain('"type":"connected"')
          } finally {
            clearTimeout(guard)
            ctrl.abort()
          }
        }),
        { numRuns: SSE_CASES, seed: SEED, endOnFailure: true },
      )
      expect((await app.inject('/api/health')).statusCode).toBe(200)
    },
  )
})
