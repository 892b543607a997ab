/**
 * What every hand-written Server-Sent Events response shares (docs/ARCHITECTURE.md "Chat
 * moderation", "Unread, mentions and previews"): open-stream counts per key, the hijack with the
 * security headers, and destroying the open streams at shutdown.
 */
import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { writeBounded } from '../lib/socket-send'
import { eventStreamHeaders } from './security-headers'

/** Open streams per key (wallet, address): `take` refuses past `max`, `give` when one closes. */
export class StreamCounts {
  private readonly counts = new Map<string, number>()
  constructor(private readonly max: number) {}
  take(key: string): boolean {
    const n = this.counts.get(key) ?? 0
    if (n >= this.max) return false
    this.counts.set(key, n + 1)
    return true
  }
  give(key: string) {
    const n = (this.counts.get(key) ?? 1) - 1
    if (n <= 0) this.counts.delete(key)
    else this.counts.set(key, n)
  }
}

/** The sockets of one route's open streams, destroyed when `app` closes. */
export function openStreams(app: FastifyInstance): Set<Socket> {
  const open = new Set<Socket>()
  app.addHook('preClose', async () => {
    // GOTCHA: a hijacked response never counts as idle to node's http server; destroy it outright.
    for (const socket of open) socket.destroy()
    open.clear()
  })
  return open
}

/**
 * Takes the response over as an event stream (200, security headers), tracked in `open` until it
 * closes; `write` sends a chunk within the socket's bounds.
 */
export function startEventStream(
  req: FastifyRequest,
  reply: FastifyReply,
  open: Set<Socket>,
): { res: ServerResponse; write: (chunk: string) => void } {
  reply.hijack()
  const res = reply.raw
  res.writeHead(200, eventStreamHeaders(req))
  const socket = req.raw.socket
  open.add(socket)
  res.on('close', () => open.delete(socket))
  return { res, write: (chunk) => void writeBounded(res, chunk) }
}
