/**
 * Security baseline for every response (docs/RELIABILITY.md §2):
 * - a Content-Security-Policy with a fresh nonce per request (scripts and styles by nonce, no
 *   'unsafe-inline' / 'unsafe-eval'; object-src, base-uri and frame-ancestors 'none'), nosniff,
 *   Referrer-Policy, frame and opener isolation, cross-origin isolation (COOP + COEP: the sim
 *   worker's SharedArrayBuffer), and HSTS when the request came over https;
 * - a cross-site request guard: a state-changing request (POST/PUT/PATCH/DELETE) or a WebSocket
 *   handshake whose Origin is not one of the configured origins (scheme, host and port; never
 *   derived from Host) gets 403. Without an Origin header a request is allowed
 *   (curl, server-to-server) unless the browser's Sec-Fetch-Site says it is cross-site: browsers
 *   always send Origin on cross-origin POSTs and on WebSocket handshakes, so a missing Origin is
 *   not a browser-driven CSRF.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { API_PREFIX } from '../../src/contracts/apiPaths'
import { securityHeaders } from '../http/security-headers'
import { isAllowedOrigin, webSocketSources } from '../lib/origins'

/** The placeholder Vite writes into index.html (vite.config.ts `html.cspNonce`). */
export const CSP_NONCE_PLACEHOLDER = 'VPOS_CSP_NONCE'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function isWebSocketHandshake(req: FastifyRequest): boolean {
  return (req.headers.upgrade ?? '').toLowerCase() === 'websocket'
}

export const securityPlugin = fp(
  async (app) => {
    const wsSources = webSocketSources(app.siteOrigins)
    app.decorateRequest('cspNonce', '')

    function originOk(req: FastifyRequest): boolean {
      const origin = req.headers.origin
      if (origin !== undefined) return isAllowedOrigin(origin, app.siteOrigins)
      const fetchSite = req.headers['sec-fetch-site']
      return fetchSite !== 'cross-site' && fetchSite !== 'same-site'
    }

    app.addHook('onRequest', async (req, reply) => {
      req.cspNonce = randomBytes(16).toString('base64')
      if (!SAFE_METHODS.has(req.method) && !originOk(req)) {
        return reply.code(403).send({ error: 'Origin not allowed' })
      }
    })
    // GOTCHA: a WebSocket handshake is refused in preValidation, not onRequest: @fastify/websocket
    // marks the request as an upgrade in its own onRequest hook (registered later) and only then
    // destroys the raw socket after our 403; refusing earlier would leave that socket open.
    app.addHook('preValidation', async (req, reply) => {
      if (isWebSocketHandshake(req) && !originOk(req)) {
        return reply.code(403).send({ error: 'Origin not allowed' })
      }
    })

    app.addHook('onSend', async (req, reply: FastifyReply, payload) => {
      reply.headers(securityHeaders(req, wsSources))
      // API answers are per visitor and current (sessions, messages, purchases): no cache may
      // keep them. A route that wants caching says so itself.
      if (req.url.startsWith(`${API_PREFIX}/`) && !reply.hasHeader('cache-control')) {
        reply.header('Cache-Control', 'no-store')
      }
      return payload
    })
  },
  { name: 'security' },
)

declare module 'fastify' {
  interface FastifyRequest {
    /** base64 nonce of this response's CSP; index.html carries it on its tags */
    cspNonce: string
  }
}
