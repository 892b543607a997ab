/**
 * ARCHITECTURE.md §3: the API's paths live in src/contracts/apiPaths.ts, and both the fetchers and
 * the route registrations read them there. The table below is the outside view (method and literal
 * path, as a client or a proxy sees them): the server must register exactly these, each from an
 * apiPaths entry, and no code outside that module may spell an API path again.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { type ApiPath, apiPaths } from '../../src/contracts/apiPaths'

const ROUTES: [HTTPMethods, string][] = [
  ['GET', '/api/health'],
  ['GET', '/api/auth/config'],
  ['POST', '/api/auth/nonce'],
  ['POST', '/api/auth/sign-in'],
  ['GET', '/api/auth/session'],
  ['POST', '/api/auth/sign-out'],
  ['POST', '/api/auth/sign-out-everywhere'],
  ['POST', '/api/auth/device'],
  ['POST', '/api/auth/device/poll'],
  ['GET', '/api/auth/device/:code'],
  ['POST', '/api/auth/device/:code/approve'],
  ['POST', '/api/whitelist/check'],
  ['GET', '/api/chat/rooms'],
  ['POST', '/api/chat/verify-token-balance'],
  ['GET', '/api/chat/rooms/:id/messages'],
  ['POST', '/api/chat/rooms/:id/messages'],
  ['GET', '/api/chat/rooms/:id/participants'],
  ['POST', '/api/chat/rooms/:id/participants'],
  ['POST', '/api/chat/rooms/:id/messages/:messageId/reactions'],
  ['DELETE', '/api/chat/rooms/:id/messages/:messageId/reactions'],
  ['POST', '/api/chat/rooms/:id/announcement'],
  ['DELETE', '/api/chat/rooms/:id/announcement'],
  ['GET', '/api/chat/rooms/:id/events'],
  ['POST', '/api/chat/rooms/:id/messages/:messageId/hide'],
  ['POST', '/api/chat/rooms/:id/messages/:messageId/restore'],
  ['POST', '/api/chat/rooms/:id/messages/:messageId/pin'],
  ['DELETE', '/api/chat/rooms/:id/messages/:messageId/pin'],
  ['POST', '/api/chat/rooms/:id/messages/:messageId/report'],
  ['GET', '/api/chat/rooms/:id/pins'],
  ['POST', '/api/chat/rooms/:id/mutes'],
  ['DELETE', '/api/chat/rooms/:id/mutes/:target'],
  ['POST', '/api/chat/rooms/:id/slow-mode'],
  ['GET', '/api/chat/unread'],
  ['GET', '/api/chat/unread/events'],
  ['POST', '/api/chat/rooms/:id/read'],
  ['POST', '/api/chat/rooms/:id/previews'],
  ['GET', '/api/chat/rooms/:id/preview'],
  ['GET', '/api/chat/moderation'],
  ['GET', '/api/chat/moderation/events'],
  ['POST', '/api/chat/moderation/reports/:reportId/dismiss'],
  ['GET', '/api/chat/shop/items'],
  ['POST', '/api/chat/shop/purchase'],
  ['GET', '/api/chat/shop/purchases/:walletAddress'],
  ['PATCH', '/api/chat/shop/purchases/:itemId'],
  ['GET', '/api/market/token'],
  ['GET', '/api/treasury'],
  ['GET', '/api/mcp/sse'],
  ['GET', '/api/history'],
  ['GET', '/api/history/frames'],
  ['GET', '/ws'],
]

/** every entry of the module, however deeply grouped */
function entries(node: object): ApiPath<string>[] {
  return Object.values(node).flatMap((v: object) =>
    'pattern' in v ? [v as ApiPath<string>] : entries(v),
  )
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : []
  })
}

describe('API paths', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp(testConfig())
    await app.ready()
  })
  afterAll(() => app.close())

  it.each(ROUTES)('%s %s is registered', (method, url) => {
    expect(app.hasRoute({ method, url })).toBe(true)
  })

  it('every apiPaths entry is a route of the table, and the table has nothing else', () => {
    const patterns = entries(apiPaths).map((e) => e.pattern)
    expect(new Set(patterns).size).toBe(patterns.length)
    expect([...new Set(ROUTES.map(([, url]) => url))].sort()).toEqual([...patterns].sort())
  })

  it('no source outside src/contracts/apiPaths.ts spells an API path', () => {
    // a quote or backtick, then /api/… or /ws at a path's end: comments and tests may say them
    const LITERAL = /['"`]\/(?:api\/|ws['"`?])/
    const offenders = [...sourceFiles('src'), ...sourceFiles('server')]
      .filter((f) => f !== join('src', 'contracts', 'apiPaths.ts'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line: line.trim(), at: `${f}:${i + 1}` }))
          .filter(({ line }) => !/^(\*|\/\/|\/\*)/.test(line) && LITERAL.test(line)),
      )
      .map(({ at }) => at)
    expect(offenders).toEqual([])
  })
})
