/**
 * Compression on the fly (issue 36) for the answers the build cannot compress ahead: index.html
 * (a fresh CSP nonce per response) and JSON API answers. Brotli at quality 4 or gzip at level 6,
 * whichever the client prefers (server/http/accept-encoding.ts). Measured on the 2-core machine:
 * brotli 4 takes 0.07 ms for index.html and 0.24 ms for 38 KB of JSON; quality 11 (the build's)
 * would take 6.8 and 63 ms.
 *
 * Left alone: bodies under MIN_BYTES (the headers would eat the saving), HEAD answers (no body to
 * compress), answers already encoded, streams (static files: their `.br` / `.gz` siblings are sent
 * by static.plugin.ts; a stream is never buffered here to compress it), `text/event-stream`,
 * `Cache-Control: no-transform`, and everything that never reaches onSend: hijacked replies (the
 * SSE streams write their own head) and WebSocket upgrades.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { negotiateEncoding, type OnTheFlyEncoding } from '../http/accept-encoding'

/** Below this a compressed answer saves less than a packet. */
const MIN_BYTES = 1024
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const encoders: Record<OnTheFlyEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: 6 }),
}

/** Adds `Accept-Encoding` to the reply's Vary unless it is there (or Vary is `*`). */
function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary')
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '')
  const tokens = value.split(',').map((t) => t.trim().toLowerCase())
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return
  reply.header('Vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding')
}

/** Whether an answer of this shape may be compressed at all (whatever the client accepts). */
function compressible(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false
  if (Buffer.byteLength(payload) < MIN_BYTES) return false
  if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return false
  if (reply.hasHeader('content-encoding')) return false
  if (/no-transform/i.test(String(reply.getHeader('cache-control') ?? ''))) return false
  return COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
}

async function compressAnswer(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!compressible(reply, payload)) return payload
  varyOnAcceptEncoding(reply)
  if (req.method === 'HEAD') return payload
  const encoding = negotiateEncoding(req.headers['accept-encoding'])
  if (!encoding) return payload
  const body = await encoders[encoding](Buffer.from(payload))
  if (body.length >= Buffer.byteLength(payload)) return payload
  reply.header('Content-Encoding', encoding)
  // Fastify sets Content-Length from the payload it finally sends.
  reply.removeHeader('content-length')
  return body
}

export const compressionPlugin = fp(
  async (app) => {
    app.addHook('onSend', compressAnswer)
  },
  { name: 'compression' },
)
