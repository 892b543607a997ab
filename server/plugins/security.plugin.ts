/**
 * Security baseline for every response (issue 8, docs/RELIABILITY.md):
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
import { isAllowedOrigin, webSocketSources } from '../lib/origins'

/** The placeholder Vite writes into index.html (vite.config.ts `html.cspNonce`). */
export const CSP_NONCE_PLACEHOLDER = 'VPOS_CSP_NONCE'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The CSP for one response. `wsSources` are explicit ws:/wss: sources (older engines need them). */
function contentSecurityPolicy(nonce: string, wsSources: string[], https: boolean): string {
  const ws = wsSources.map((w) => ` ${w}`).join('')
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${ws}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]
  if (https) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** Every response's security headers (streams written by hand included: eventStreamHeaders). */
function securityHeaders(req: FastifyRequest, wsSources: string[]): Record<string, string> {
  const https = req.protocol === 'https'
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(req.cspNonce, wsSources, https),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    // COOP + COEP make the page cross-origin isolated, so the sim worker shares its buffers
    // (SharedArrayBuffer, issue 13). Everything the page loads is same-origin or data:/blob:;
    // external addresses are only navigated to (links), which COEP does not touch.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  }
  if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  return headers
}

const wsSourcesOf = new WeakMap<object, string[]>()

/**
 * The head of a Server-Sent Events response written by hand (after `reply.hijack()`, which skips
 * the onSend hook): the security headers every response carries, then the stream's own.
 */
export function eventStreamHeaders(req: FastifyRequest): Record<string, string> {
  let ws = wsSourcesOf.get(req.server)
  // (A route tested on its own, without buildApp, has no configured origins.)
  if (!ws) wsSourcesOf.set(req.server, (ws = webSocketSources(req.server.siteOrigins ?? [])))
  req.cspNonce ||= randomBytes(16).toString('base64')
  return {
    ...securityHeaders(req, ws),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  }
}

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
      if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
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
