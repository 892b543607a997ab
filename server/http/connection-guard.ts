/**
 * What one TCP connection and one address may cost the server, below Fastify (each bound,
 * its figure and its test are in docs/RELIABILITY.md §12).
 *
 * - Unanswered pipelined requests per socket. HTTP/1.1 lets a client send requests back to back
 *   without reading the answers; Node parses a whole received chunk (~1,600 requests of 40 bytes)
 *   at once and Fastify answers each, so a client that writes 800 KB of `GET /` and never reads
 *   made the server hold every answer: 200 such sockets grew it by 3 GB and stalled everyone for
 *   half a minute. Browsers never pipeline; a socket with more than `maxPipelined` requests waiting
 *   for their answers is closed at once, and the requests behind it never reach Fastify.
 * - Open sockets per remote address. Over the bound a new connection gets a 429 and is closed
 *   before its first request. Trusted proxies (TRUST_PROXY) are exempt: every visitor arrives
 *   through them, so the bound per visitor is theirs to apply (README, `TRUST_PROXY`).
 *
 * Node offers neither bound (`maxRequestsPerSocket` counts a connection's lifetime and still answers
 * each extra request with a 503 it must hold; `maxConnections` is one number for everyone), so
 * these are written here, as a wrapper around the request listener and a `connection` listener.
 *
 * Closing the socket alone is not enough: Node's parser goes on through the rest of the chunk it
 * was handed (64 KiB, ~2,400 requests of 27 bytes) and builds a request/response pair for each
 * before the close takes effect. 64 such sockets at once peaked the server at +600 MB on a quiet
 * machine. So the guard also stops the parser at the first request over the bound: it wraps the
 * socket's `parser.onIncoming` (Node's per-connection hook, set in its own `connection` listener,
 * which runs before ours) and answers -1 there, which llhttp takes as "stop with an error"; Node
 * then hands the error to `clientError`, which finds the socket already destroyed.
 * docs/RELIABILITY.md §12 gives the figures.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { BlockList, isIP, type Socket } from 'node:net'

export interface ConnectionLimits {
  /** requests a socket may have waiting for their answers (the one being answered included) */
  maxPipelined: number
  /** open sockets per remote address; 0 = no bound */
  maxPerAddress: number
  /** proxies that carry many visitors on one address: no per-address bound for them */
  exempt: (address: string) => boolean
}

/** Counts of refusals, for tests, the attack bench and operators. */
export interface ConnectionGuardStats {
  pipelineClosed: number
  addressRefused: number
}

/** Browsers never pipeline; a script that sends more than this unanswered is cut off. */
export const MAX_PIPELINED_REQUESTS = 8

const TOO_MANY_CONNECTIONS = JSON.stringify({
  error: 'Too many connections from your address: close some tabs or try again shortly',
})
const REFUSAL =
  'HTTP/1.1 429 Too Many Requests\r\n' +
  'Content-Type: application/json; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(TOO_MANY_CONNECTIONS)}\r\n` +
  'Retry-After: 5\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
  TOO_MANY_CONNECTIONS

/** The exemption for TRUST_PROXY: a hop count trusts every peer, an address list those peers. */
export function trustedProxies(trust: false | number | string[]): (address: string) => boolean {
  if (trust === false) return () => false
  if (typeof trust === 'number') return () => trust > 0
  const list = new BlockList()
  for (const entry of trust) {
    const [address = '', prefix] = entry.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') ? address.slice(7) : address
    const type = isIP(plain) === 6 ? 'ipv6' : 'ipv4'
    return isIP(plain) !== 0 && list.check(plain, type)
  }
}

const pendingBySocket = new WeakMap<Socket, number>()

/** The part of Node's per-connection HTTP parser the guard uses (internal, stable since Node 12). */
interface ParserHook {
  onIncoming?: ((req: IncomingMessage, keepAlive: boolean) => number) | null
}

/**
 * Stops Node's parser for `socket` before it builds the request that would break the bound (or
 * any request of a refused socket): returning -1 from `onIncoming` ends llhttp's pass over the
 * buffer at once. Without the hook (a future Node), the `request` listener's destroy still holds
 * the bound, only later.
 */
function stopParserOverBound(socket: Socket, maxPipelined: number, stats: ConnectionGuardStats) {
  const parser = (socket as Socket & { parser?: ParserHook }).parser
  const incoming = parser?.onIncoming
  if (!parser || typeof incoming !== 'function') return
  parser.onIncoming = (req, keepAlive) => {
    const overBound = (pendingBySocket.get(socket) ?? 0) >= maxPipelined
    if (refusedSockets.has(socket) || overBound || socket.destroyed) {
      if (overBound && !socket.destroyed) stats.pipelineClosed++
      socket.destroy()
      return -1
    }
    return incoming(req, keepAlive)
  }
}
/** Sockets refused for their address: whatever they send is never answered. */
const refusedSockets = new WeakSet<Socket>()

/**
 * Serves `handler` on `server` within `limits`: a socket with more than `maxPipelined` unanswered
 * requests is destroyed (requests parsed from it afterwards never reach `handler`), and a
 * connection past `maxPerAddress` open sockets from its address gets a 429 and is closed.
 */
export function guardConnections(
  server: Server,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  limits: ConnectionLimits,
  stats: ConnectionGuardStats,
): void {
  server.on('connection', (socket: Socket) =>
    stopParserOverBound(socket, limits.maxPipelined, stats),
  )
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket
    if (socket.destroyed) return
    // A refused socket's 429 went out with end(); whatever it sends is parsed into requests we
    // would only drop, one object pair each (a script writing 800 KB makes ~30,000): cut it now.
    if (refusedSockets.has(socket)) return void socket.destroy()
    const pending = (pendingBySocket.get(socket) ?? 0) + 1
    if (pending > limits.maxPipelined) {
      stats.pipelineClosed++
      socket.destroy()
      return
    }
    pendingBySocket.set(socket, pending)
    let counted = true
    const done = () => {
      if (!counted) return
      counted = false
      pendingBySocket.set(socket, (pendingBySocket.get(socket) ?? 1) - 1)
    }
    // 'finish': the answer went to the kernel; 'close': it never will (the socket went away).
    res.once('finish', done)
    res.once('close', done)
    handler(req, res)
  })
  if (limits.maxPerAddress > 0) boundSocketsPerAddress(server, limits, stats)
}

function boundSocketsPerAddress(
  server: Server,
  limits: ConnectionLimits,
  stats: ConnectionGuardStats,
) {
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (address === undefined || limits.exempt(address)) return
    const count = (open.get(address) ?? 0) + 1
    if (count > limits.maxPerAddress) {
      stats.addressRefused++
      refusedSockets.add(socket)
      // GOTCHA: end() after the refusal, not destroy(), which would drop the 429 unsent; its first
      // request destroys it (above; an upgrade finds it unwritable and the WebSocket server drops
      // it), and a peer that sends nothing is destroyed a second later.
      socket.pause()
      socket.end(REFUSAL)
      setTimeout(() => socket.destroy(), 1_000).unref()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left <= 0) open.delete(address)
      else open.set(address, left)
    })
  })
}
