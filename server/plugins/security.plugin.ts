/**
 * Security baseline for every response (issue 8, docs/RELIABILITY.md):
 * - a Content-Security-Policy with a fresh nonce per request (scripts and styles by nonce, no
 *   'unsafe-inline' / 'unsafe-eval'; object-src, base-uri and frame-ancestors 'none'), nosniff,
 *   Referrer-Policy, frame and opener isolation, and HSTS when the request came over https;
 * - a cross-site request guard: a state-changing request (POST/PUT/PATCH/DELETE) or a WebSocket
 *   handshake whose Origin is not this site gets 403. Without an Origin header a request is allowed
 *   (curl, server-to-server) unless the browser's Sec-Fetch-Site says it is cross-site: browsers
 *   always send Origin on cross-origin POSTs and on WebSocket handshakes, so a missing Origin is
 *   not a browser-driven CSRF.
 * - JSON errors at the root scope: a database that is down answers 503 (never a 500 stack).
 */
import { randomBytes } from 'node:crypto'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isDatabaseUnavailable } from '../lib/db-errors'

/** The placeholder Vite writes into index.html (vite.config.ts `html.cspNonce`). */
export const CSP_NONCE_PLACEHOLDER = 'VPOS_CSP_NONCE'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
// Host header values we are willing to echo into connect-src.
const HOST_RE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/** True when `origin` is this site: PUBLIC_ORIGIN when configured, else the request's own host. */
export function sameSite(origin: string, host: string, publicOrigin: string | undefined): boolean {
  if (publicOrigin) return origin.replace(/\/+$/, '') === publicOrigin.replace(/\/+$/, '')
  try {
    // Normalise both sides the same way (URL drops a default port: 'http://a:80' is host 'a').
    const url = new URL(origin)
    return url.host === new URL(`${url.protocol}//${host}`).host
  } catch {
    return false // includes the opaque origin 'null'
  }
}

/** The CSP for one response. `host` adds explicit ws:/wss: sources (older engines need them). */
export function contentSecurityPolicy(nonce: string, host: string | null, https: boolean): string {
  const ws = host ? ` ws://${host} wss://${host}` : ''
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

function isWebSocketHandshake(req: FastifyRequest): boolean {
  return (req.headers.upgrade ?? '').toLowerCase() === 'websocket'
}

export const securityPlugin = fp(
  async (app) => {
    const publicOrigin = app.config.PUBLIC_ORIGIN
    const publicHost = publicOrigin ? new URL(publicOrigin).host : null
    app.decorateRequest('cspNonce', '')

    function originOk(req: FastifyRequest): boolean {
      const origin = req.headers.origin
      if (origin !== undefined) return sameSite(origin, req.host, publicOrigin)
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
      const https = req.protocol === 'https'
      const host = publicHost ?? (HOST_RE.test(req.host) ? req.host : null)
      reply.header('Content-Security-Policy', contentSecurityPolicy(req.cspNonce, host, https))
      reply.header('X-Content-Type-Options', 'nosniff')
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin')
      reply.header('X-Frame-Options', 'DENY')
      reply.header('Cross-Origin-Opener-Policy', 'same-origin')
      reply.header('Cross-Origin-Resource-Policy', 'same-origin')
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
      if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
      return payload
    })

    // Root-scope errors (routes outside the wallet API, body parsing before a route): JSON always,
    // 503 for a database outage, the intended 4xx as sent, a generic 500 otherwise.
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (isDatabaseUnavailable(err)) {
        req.log.warn({ err }, 'database unavailable')
        return reply.code(503).header('Retry-After', '5').send({ error: 'Database unavailable' })
      }
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500
      if (status >= 400 && status < 500) return reply.code(status).send({ error: err.message })
      req.log.error(err)
      return reply.code(500).send({ error: 'Internal server error' })
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
