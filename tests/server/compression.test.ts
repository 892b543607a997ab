/**
 * Compressed answers (issue 36): the build's `.br` / `.gz` siblings sent by the static plugin,
 * index.html and JSON compressed on the fly, and what must stay untouched (SSE, /ws, HEAD, tiny
 * bodies, the security headers, the cache headers).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { request } from 'node:http'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { precompressDir } from '../../scripts/precompress'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { CHAIN_META, DEMO_TOKEN_MINT, TOKEN_MINT_META } from '../../src/contracts/constants'
import { CSP_NONCE_PLACEHOLDER } from '../../server/plugins/security.plugin'

const ASSET = '/assets/index-abc123.js'
const assetBody = Array.from(
  { length: 400 },
  (_, i) => `export const agent${i} = { id: ${i}, room: 'general', tier: ${i % 4} }\n`,
).join('')
const indexHtml =
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
  `<script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="${ASSET}"></script></head>` +
  `<body><div id="root"></div>${'<!-- the boot overlay says hello -->\n'.repeat(60)}</body></html>`

let app: FastifyInstance
let clientDir: string
let port: number

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'vpos-compress-'))
  mkdirSync(join(clientDir, 'assets'))
  writeFileSync(join(clientDir, 'index.html'), indexHtml)
  writeFileSync(join(clientDir, ASSET), assetBody)
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg/>')
  precompressDir(clientDir)
  app = await buildApp(testConfig({ CLIENT_DIR: clientDir }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as AddressInfo).port
})
afterAll(async () => {
  app.server.closeIdleConnections()
  const closing = app.close()
  app.server.closeAllConnections()
  await closing
  rmSync(clientDir, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  app.inject({
    url,
    headers: {
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      ...headers,
    },
  })

/** The body as the client receives it, decoded by its Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload
  const enc = res.headers['content-encoding']
  if (enc === 'br') return brotliDecompressSync(raw).toString()
  if (enc === 'gzip') return gunzipSync(raw).toString()
  expect(enc).toBeUndefined()
  return raw.toString()
}

/** The security headers of an answer, with the per-request nonce masked. */
function securityOf(res: LightMyRequestResponse) {
  const names = [
    'content-security-policy',
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
    'cross-origin-opener-policy',
    'cross-origin-embedder-policy',
    'cross-origin-resource-policy',
    'permissions-policy',
  ]
  return Object.fromEntries(
    names.map((n) => [n, String(res.headers[n]).replace(/'nonce-[^']+'/g, "'nonce-N'")]),
  )
}

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((t) => t.trim())
    .includes('accept-encoding')

describe('hashed assets: the build-time siblings', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %s ⇒ %s', async (accept, encoding) => {
    const res = await get(ASSET, accept)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(varies(res)).toBe(true)
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    expect(decoded(res)).toBe(assetBody)
    if (encoding) expect(res.rawPayload.length).toBeLessThan(assetBody.length / 3)
  })

  it('each encoding has its own ETag, and each revalidates to 304', async () => {
    const answers = await Promise.all(['br', 'gzip', ''].map((a) => get(ASSET, a)))
    const etags = answers.map((r) => r.headers.etag)
    expect(new Set(etags).size).toBe(3)
    const again = await get(ASSET, 'br', { 'if-none-match': String(etags[0]) })
    expect(again.statusCode).toBe(304)
    const other = await get(ASSET, 'gzip', { 'if-none-match': String(etags[0]) })
    expect(other.statusCode).toBe(200)
  })

  it('HEAD answers with the compressed length and no body', async () => {
    const res = await app.inject({
      method: 'HEAD',
      url: ASSET,
      headers: { 'accept-encoding': 'br' },
    })
    const br = readFileSync(join(clientDir, `${ASSET}.br`))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(Number(res.headers['content-length'])).toBe(br.length)
    expect(res.rawPayload.length).toBe(0)
  })

  it('a Range is a range of the compressed bytes (the representation sent)', async () => {
    const res = await get(ASSET, 'br', { range: 'bytes=0-9' })
    const br = readFileSync(join(clientDir, `${ASSET}.br`))
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-range']).toBe(`bytes 0-9/${br.length}`)
    expect(res.rawPayload.equals(br.subarray(0, 10))).toBe(true)
  })

  it('a small file has no sibling and goes out as it is', async () => {
    const res = await get('/favicon.svg', 'br, gzip')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe('<svg/>')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('a sibling is never sent by its own name', async () => {
    const res = await get(`${ASSET}.br`, '')
    expect(res.headers['content-type']).toMatch(/text\/html/)
  })

  it('the security headers are the same, compressed or not', async () => {
    const [br, plain] = await Promise.all([get(ASSET, 'br'), get(ASSET)])
    expect(securityOf(br)).toEqual(securityOf(plain))
    expect(securityOf(br)['cross-origin-embedder-policy']).toBe('require-corp')
  })
})

describe('index.html and JSON, compressed on the fly', () => {
  it.each(['/', '/chat', '/no/such/page', '/index.html'])(
    '%s: the SPA page, brotli, with this response’s nonce',
    async (url) => {
      const res = await get(url, 'br, gzip')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe('br')
      expect(varies(res)).toBe(true)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!
      const html = decoded(res)
      // index.html as built, the token's address and the chain named in it (static.plugin.ts),
      // this nonce
      const sent = indexHtml.replace(
        '</head>',
        `<meta name="${TOKEN_MINT_META}" content="${DEMO_TOKEN_MINT}">\n  ` +
          `<meta name="${CHAIN_META}" content="demo">\n  </head>`,
      )
      expect(html).toBe(sent.replaceAll(CSP_NONCE_PLACEHOLDER, nonce))
    },
  )

  it.each([
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['', undefined],
    [undefined, undefined],
  ])('index.html with Accept-Encoding %s ⇒ %s', async (accept, encoding) => {
    const res = await get('/', accept)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(varies(res)).toBe(true)
    expect(decoded(res)).toContain('<div id="root">')
  })

  it('HEAD of index.html is not compressed', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.rawPayload.length).toBe(0)
  })

  it('index.html’s security headers are the same, compressed or not', async () => {
    const [br, plain] = await Promise.all([get('/', 'br'), get('/')])
    expect(securityOf(br)).toEqual(securityOf(plain))
  })

  it('a JSON answer over 1 KB is compressed, and its client reads the same JSON', async () => {
    const plain = await get('/api/chat/shop/items')
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    const res = await get('/api/chat/shop/items', 'br, gzip')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(varies(res)).toBe(true)
    expect(JSON.parse(decoded(res))).toEqual(plain.json())
    expect(securityOf(res)).toEqual(securityOf(plain))
  })

  it('a small JSON answer goes out as it is', async () => {
    const res = await get('/api/health', 'br, gzip')
    expect(res.rawPayload.length).toBeLessThan(1024)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json()).toMatchObject({ status: 'ok' })
  })
})

describe('streams are never compressed', () => {
  it('the SSE stream goes out uncompressed, event by event, while it stays open', async () => {
    const got = await new Promise<{ headers: Record<string, unknown>; first: string }>(
      (resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/mcp/sse',
            headers: { 'accept-encoding': 'br, gzip' },
          },
          (res) => {
            res.setEncoding('utf8')
            let text = ''
            res.on('data', (chunk: string) => {
              text += chunk
              // the first event arrives while the stream is open: nothing buffers it
              if (text.includes('"connected"')) {
                resolve({ headers: res.headers, first: text })
                req.destroy()
              }
            })
            res.on('end', () => reject(new Error('the stream ended')))
          },
        )
        req.on('error', reject)
        req.setTimeout(5000, () => reject(new Error('no event within 5 s')))
        req.end()
      },
    )
    expect(got.headers['content-type']).toMatch(/text\/event-stream/)
    expect(got.headers['content-encoding']).toBeUndefined()
    expect(got.first).toMatch(/^retry: 3000\n\n/)
  })

  it('the /ws feed upgrades as before, its handshake untouched', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { 'accept-encoding': 'br, gzip' },
    })
    const upgrade = await new Promise<Record<string, unknown>>((resolve, reject) => {
      ws.once('upgrade', (res) => resolve(res.headers))
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
      ws.once('error', reject)
    })
    const first = await new Promise((resolve) => ws.once('message', resolve))
    ws.close()
    expect(upgrade['content-encoding']).toBeUndefined()
    expect(first).toBeDefined()
  })
})
