import type { FastifyInstance } from 'fastify'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig, testConfig } from '../../server/config'

describe('server skeleton', () => {
  let app: FastifyInstance
  let clientDir: string

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'vpos-client-'))
    mkdirSync(join(clientDir, 'assets'))
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)')
    writeFileSync(join(clientDir, 'favicon.svg'), '<svg/>')
    app = await buildApp(testConfig({ CLIENT_DIR: clientDir }))
  })
  afterAll(async () => {
    await app.close()
    rmSync(clientDir, { recursive: true, force: true })
  })

  it('GET /api/health answers ok with the version', async () => {
    const res = await app.inject('/api/health')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', version: 'vPOS v1.0.0', database: 'ok' })
  })

  it.each(['/', '/chat', '/no/such/page', '/analytics?x=1'])(
    'GET %s falls back to index.html',
    async (url) => {
      const res = await app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<div id="root">')
    },
  )

  it('hashed assets are cached for a year, immutable', async () => {
    const res = await app.inject('/assets/index-abc123.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('other static files are revalidated', async () => {
    const res = await app.inject('/favicon.svg')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it.each(['/api/nope', '/api', '/ws/extra'])(
    'unknown API path %s is a JSON 404, not the SPA',
    async (url) => {
      const res = await app.inject(url)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/application\/json/)
    },
  )

  it('path traversal never leaves the client folder', async () => {
    const res = await app.inject('/..%2f..%2fetc%2fpasswd')
    expect(res.body).not.toContain('root:')
  })
})

describe('config', () => {
  it('defaults to port 5000 and the SQLite file', () => {
    const c = loadConfig({})
    expect(c.PORT).toBe(5000)
    expect(c.DATABASE_URL).toBe('sqlite:./data/vpos.sqlite')
    expect(c.STAFF_WALLETS).toEqual([])
  })
  it('parses lists and numbers', () => {
    const c = loadConfig({ PORT: '6001', STAFF_WALLETS: 'a, b,,c' })
    expect(c.PORT).toBe(6001)
    expect(c.STAFF_WALLETS).toEqual(['a', 'b', 'c'])
  })
  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ MARKET_DATA_URL: 'not a url' }, /MARKET_DATA_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('rejects %j with a message naming the variable', (env, re) => {
    expect(() => loadConfig(env)).toThrow(re)
  })
})
