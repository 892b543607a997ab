/**
 * Route preloads (issue 36): the HTML sent for a route names that route's page chunks (the build's
 * `.vite/route-preloads.json`) with the response's CSP nonce; other paths get the plain page; the
 * build's notes under `.vite/` are never served; a list that is missing or malformed changes nothing.
 */
import type { FastifyInstance } from 'fastify'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { routePreloader } from '../../server/http/route-preload'
import { firstScreenFonts } from '../../scripts/preloadFonts'
import { routePages, routePreloads } from '../../scripts/routePreloads'
import { CSP_NONCE_PLACEHOLDER } from '../../server/plugins/security.plugin'

const indexHtml =
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
  `</head><body><div id="root"></div></body></html>`
const preloads = {
  '/': { js: ['/assets/Page-core.js'], css: [] },
  '/analytics': { js: ['/assets/Page-an.js', '/assets/Card-1.js'], css: ['/assets/Page-an.css'] },
  '/signin/:code?': { js: ['/assets/Page-sign.js'], css: [] },
  '/token': { js: ['/assets/x.js"><script>alert(1)</script>'], css: [] },
  '/chat': {
    js: ['/assets/Page-chat.js'],
    css: [],
    data: ['/api/market/token', '/api/x"><script>', '/api/a?b=1', '//evil.example/api/x'],
  },
}

let app: FastifyInstance
let clientDir: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'vpos-preload-'))
  mkdirSync(join(clientDir, '.vite'))
  writeFileSync(join(clientDir, 'index.html'), indexHtml)
  writeFileSync(join(clientDir, '.vite/route-preloads.json'), JSON.stringify(preloads))
  writeFileSync(join(clientDir, '.vite/manifest.json'), '{}')
  app = await buildApp(testConfig({ CLIENT_DIR: clientDir }))
})
afterAll(async () => {
  await app.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const links = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => tag)

describe('route preloads', () => {
  it("a route's HTML names its page chunks and CSS, with this response's nonce", async () => {
    const res = await app.inject('/analytics?boot=0')
    expect(res.statusCode).toBe(200)
    const nonce = /csp-nonce" nonce="([^"]+)"/.exec(res.body)![1]!
    expect(nonce).not.toBe(CSP_NONCE_PLACEHOLDER)
    expect(links(res.body)).toEqual([
      `<link rel="stylesheet" crossorigin href="/assets/Page-an.css" nonce="${nonce}">`,
      `<link rel="modulepreload" crossorigin href="/assets/Page-an.js" nonce="${nonce}">`,
      `<link rel="modulepreload" crossorigin href="/assets/Card-1.js" nonce="${nonce}">`,
    ])
    expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`)
  })

  it("a route's first-screen API answers are preloaded with credentials, as the app fetches them", async () => {
    const res = await app.inject('/chat')
    const nonce = /csp-nonce" nonce="([^"]+)"/.exec(res.body)![1]!
    // only plain /api/ paths: no markup, no query, no other origin
    expect(links(res.body)).toEqual([
      `<link rel="modulepreload" crossorigin href="/assets/Page-chat.js" nonce="${nonce}">`,
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/market/token" nonce="${nonce}">`,
    ])
  })

  it('the root, a trailing slash and a route with a parameter find theirs', async () => {
    expect(links((await app.inject('/')).body)).toHaveLength(1)
    expect((await app.inject('/analytics/')).body).toContain('Page-an.js')
    expect((await app.inject('/signin')).body).toContain('Page-sign.js')
    expect((await app.inject('/signin/ABCD2345')).body).toContain('Page-sign.js')
    expect((await app.inject('/signin/ABCD2345/more')).body).not.toContain('modulepreload')
  })

  it('another path gets the plain page; an unsafe file name is never written into it', async () => {
    expect(links((await app.inject('/no-such-page')).body)).toEqual([])
    const token = await app.inject('/token')
    expect(token.statusCode).toBe(200)
    expect(token.body).not.toContain('<script>')
    expect(links(token.body)).toEqual([])
  })

  it("the build's notes under .vite/ are never served", async () => {
    for (const url of ['/.vite/route-preloads.json', '/.vite/manifest.json', '/a/.hidden']) {
      const res = await app.inject(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toEqual({ error: 'Not Found' })
    }
  })

  it('no list, or a malformed one: the HTML unchanged', () => {
    const empty = mkdtempSync(join(tmpdir(), 'vpos-preload-none-'))
    try {
      expect(routePreloader(empty, 'N')(indexHtml, '/analytics')).toBe(indexHtml)
      mkdirSync(join(empty, '.vite'))
      writeFileSync(join(empty, '.vite/route-preloads.json'), '{"/": {"js": 3}}')
      expect(routePreloader(empty, 'N')(indexHtml, '/')).toBe(indexHtml)
      writeFileSync(join(empty, '.vite/route-preloads.json'), '{"/": ')
      expect(routePreloader(empty, 'N')(indexHtml, '/')).toBe(indexHtml)
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})

describe('the build side (scripts/routePreloads.ts, scripts/preloadFonts.ts)', () => {
  const chunk = (fileName: string, imports: string[], extra: object = {}) => ({
    type: 'chunk' as const,
    fileName,
    imports,
    isEntry: false,
    facadeModuleId: null as string | null,
    moduleIds: [] as string[],
    viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() },
    ...extra,
  })

  it('reads the routes table and lists what each page needs beyond the entry', () => {
    const source = `
      { path: '/', Page: lazy(() => import('../pages/swarm/Page')) },
      { path: '/analytics', Page: lazy(() => import('../pages/analytics/Page')) },
      { path: '/gone', Page: lazy(() => import('../pages/gone/Page')) },`
    const pages = routePages(source, '/r/src/app')
    expect(pages).toEqual([
      { path: '/', module: '/r/src/pages/swarm/Page.tsx' },
      { path: '/analytics', module: '/r/src/pages/analytics/Page.tsx' },
      { path: '/gone', module: '/r/src/pages/gone/Page.tsx' },
    ])
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/react.js'], { isEntry: true }),
      'assets/react.js': chunk('assets/react.js', []),
      'assets/Card.js': chunk('assets/Card.js', ['assets/react.js']),
      'assets/Page-core.js': chunk('assets/Page-core.js', ['assets/react.js'], {
        facadeModuleId: '/r/src/pages/swarm/Page.tsx',
      }),
      'assets/Page-an.js': chunk('assets/Page-an.js', ['assets/Card.js', 'assets/react.js'], {
        facadeModuleId: '/r/src/pages/analytics/Page.tsx',
        viteMetadata: { importedCss: new Set(['assets/Page-an.css']), importedAssets: new Set() },
      }),
    }
    expect(routePreloads(bundle as never, pages)).toEqual({
      '/': { js: ['/assets/Page-core.js'], css: [] },
      '/analytics': { js: ['/assets/Page-an.js', '/assets/Card.js'], css: ['/assets/Page-an.css'] },
    })
  })

  it("adds the first screen's on-demand modules (with their imports) and its API answers", () => {
    const pages = [{ path: '/token', module: '/r/src/pages/token/Page.tsx' }]
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/react.js'], { isEntry: true }),
      'assets/react.js': chunk('assets/react.js', []),
      'assets/zod.js': chunk('assets/zod.js', []),
      'assets/Page-tok.js': chunk('assets/Page-tok.js', ['assets/react.js'], {
        facadeModuleId: '/r/src/pages/token/Page.tsx',
      }),
      // a module that shares its chunk: found by the chunk's modules, not only its facade
      'assets/market.js': chunk('assets/market.js', ['assets/zod.js'], {
        moduleIds: ['/r/src/contracts/common.ts', '/r/src/contracts/market.ts'],
      }),
    }
    const firstScreen = {
      '/token': {
        modules: ['src/contracts/market.ts', 'src/gone.ts'],
        data: ['/api/market/token'],
      },
    }
    expect(routePreloads(bundle as never, pages, firstScreen, '/r')).toEqual({
      '/token': {
        js: ['/assets/Page-tok.js', '/assets/market.js', '/assets/zod.js'],
        css: [],
        data: ['/api/market/token'],
      },
    })
  })

  it("preloads only the first screen's two Latin faces", () => {
    const files = [
      'assets/jetbrains-mono-latin-600-normal-C8RA.woff2',
      'assets/jetbrains-mono-latin-ext-400-normal-Zz.woff2',
      'assets/jetbrains-mono-cyrillic-400-normal-Q1.woff2',
      'assets/jetbrains-mono-latin-400-normal-V6pR.woff2',
      'assets/jetbrains-mono-latin-400-normal-V6pR.woff',
    ]
    expect(firstScreenFonts(files)).toEqual([
      'assets/jetbrains-mono-latin-400-normal-V6pR.woff2',
      'assets/jetbrains-mono-latin-600-normal-C8RA.woff2',
    ])
  })
})
