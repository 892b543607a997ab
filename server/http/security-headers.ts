/**
 * The security headers every response carries (the CSP with its per-request nonce, nosniff,
 * framing, opener and cross-origin isolation, HSTS over https) and the head of an event stream
 * written by hand. `plugins/security.plugin.ts` adds them to every reply; streams that hijack
 * their reply (chat push, MCP) call `eventStreamHeaders`. Floor code, so features need not import
 * a plugin.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { webSocketSources } from '../lib/origins'

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
export function securityHeaders(req: FastifyRequest, wsSources: string[]): Record<string, string> {
  const https = req.protocol === 'https'
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(req.cspNonce, wsSources, https),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    // COOP + COEP make the page cross-origin isolated, so the sim worker shares its buffers
    // (SharedArrayBuffer; docs/PERFORMANCE.md). Everything the page loads is same-origin or
    // data:/blob:; external addresses are only navigated to (links), which COEP does not touch.
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
