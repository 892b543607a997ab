/**
 * The one send path for long-lived sockets (RELIABILITY.md §9, finding 1): the /ws feed sockets and
 * the SSE streams write through here, so no peer can make the server hold more than a fixed number
 * of bytes for it. A peer that stops reading (or reads slower than it is sent to) is dropped once
 * its send buffer passes the bound, instead of being buffered without limit — the ping flood of
 * that finding grew the heap by ~940 MB in 10 s through exactly that.
 *
 * Control traffic is rate-limited per socket: a client's pings (the feed's 1-byte ping 6 and
 * WebSocket protocol pings alike) are answered only while the socket's bucket has tokens; a
 * client past that is closed with 1008. Protocol errors a client causes (bad frames, oversize
 * messages) are the client's problem, not the server's: they are logged at warn, and at most a
 * few per interval for the whole process, so a flood of garbage cannot flood the log either.
 */
import type { ServerResponse } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import { WebSocket } from 'ws'

/** Bytes a socket may have waiting to be sent before it is dropped as a slow consumer. */
export const SOCKET_MAX_BUFFERED_BYTES = 1 << 20

/** Client control frames (pings): `burst` at once, then one per `refillMs`. */
const CONTROL_FRAME_RULE = { burst: 16, refillMs: 250 }

/** WebSocket close code for a policy violation (RFC 6455 §7.4.1). */
const WS_POLICY_VIOLATION = 1008

/** Drops counted by reason, for tests, the bench and /api/health readers. */
export const socketSendStats = { slowConsumers: 0, controlFlood: 0, protocolErrors: 0 }

/**
 * Sends `data` to a WebSocket unless its send buffer already holds more than `maxBuffered` bytes:
 * then the socket is terminated (a slow or non-reading consumer) and false is returned.
 */
export function sendBounded(
  ws: WebSocket,
  data: Uint8Array,
  maxBuffered = SOCKET_MAX_BUFFERED_BYTES,
): boolean {
  if (ws.readyState !== 1) return false
  if (ws.bufferedAmount > maxBuffered) {
    socketSendStats.slowConsumers++
    ws.terminate()
    return false
  }
  ws.send(data, { binary: true })
  return true
}

/** The same bound for a protocol pong (the answer to a client's WebSocket ping). */
function pongBounded(ws: WebSocket, data: Buffer, maxBuffered: number): void {
  if (ws.readyState !== 1) return
  if (ws.bufferedAmount > maxBuffered) {
    socketSendStats.slowConsumers++
    ws.terminate()
    return
  }
  ws.pong(data)
}

/**
 * Writes one chunk of an SSE (or any streamed) response unless the response already holds more
 * than `maxBuffered` unsent bytes: then the stream is destroyed and false is returned.
 */
export function writeBounded(
  res: ServerResponse,
  chunk: string,
  maxBuffered = SOCKET_MAX_BUFFERED_BYTES,
): boolean {
  if (res.writableEnded || res.destroyed) return false
  if (res.writableLength > maxBuffered) {
    socketSendStats.slowConsumers++
    res.destroy()
    return false
  }
  res.write(chunk)
  return true
}

/** A per-socket token bucket for client control frames (monotonic clock: immune to clock steps). */
export class ControlFrameBudget {
  private tokens: number
  private at = performance.now()
  constructor(private readonly rule = CONTROL_FRAME_RULE) {
    this.tokens = rule.burst
  }

  /** true when one more control frame may be answered now */
  take(): boolean {
    const now = performance.now()
    this.tokens = Math.min(this.rule.burst, this.tokens + (now - this.at) / this.rule.refillMs)
    this.at = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}

/**
 * Guards one accepted WebSocket: protocol pings are answered by us (the server runs with
 * `autoPong: false`), bounded and rate-limited; returns the socket's budget so the route spends
 * its application-level pings from the same bucket. Over budget ⇒ close 1008.
 */
export function guardControlFrames(
  ws: WebSocket,
  maxBuffered = SOCKET_MAX_BUFFERED_BYTES,
): ControlFrameBudget {
  const budget = new ControlFrameBudget()
  ws.on('ping', (data: Buffer) => {
    if (budget.take()) pongBounded(ws, data, maxBuffered)
    else refuseControlFlood(ws)
  })
  return budget
}

const refused = new WeakSet<WebSocket>()

/**
 * Closes a socket that sends control frames faster than its budget allows (once: the frames it
 * still has in flight cost nothing more than this check).
 */
export function refuseControlFlood(ws: WebSocket): void {
  if (refused.has(ws)) return
  refused.add(ws)
  socketSendStats.controlFlood++
  if (ws.readyState === 1) ws.close(WS_POLICY_VIOLATION, 'too many control frames')
  // A peer that does not read will never complete the close handshake: do not wait for it.
  setTimeout(() => ws.terminate(), 250).unref()
}

/** Protocol-error log lines allowed per window, for the whole process. */
const PROTOCOL_LOG_BURST = 5
const PROTOCOL_LOG_WINDOW_MS = 60_000
let logWindowStart = 0
let logsInWindow = 0
let suppressed = 0

/**
 * Logs a client-caused socket error at warn, at most PROTOCOL_LOG_BURST lines a minute; the next
 * line after a quiet spell says how many were left out.
 */
export function logProtocolError(log: FastifyBaseLogger, err: unknown, now = Date.now()): boolean {
  socketSendStats.protocolErrors++
  if (now - logWindowStart >= PROTOCOL_LOG_WINDOW_MS) {
    logWindowStart = now
    logsInWindow = 0
  }
  if (logsInWindow >= PROTOCOL_LOG_BURST) {
    suppressed++
    return false
  }
  logsInWindow++
  const message = err instanceof Error ? err.message : String(err)
  log.warn(
    { code: (err as { code?: unknown } | null)?.code, suppressed },
    `websocket client protocol error: ${message}`,
  )
  suppressed = 0
  return true
}

/** The reason sent with the close codes ws itself uses for a client's bad frame (RFC 6455 §7.4.1). */
const PROTOCOL_CLOSE_REASONS: Readonly<Record<number, string>> = {
  1002: 'protocol error',
  1007: 'invalid UTF-8',
  1009: 'message too big',
}

/**
 * ws's WebSocket, closing with a reason where ws closes with a bare code (a client's oversize,
 * malformed or non-UTF-8 frame). Give it to the server as its `WebSocket` option.
 */
export class ReasonedWebSocket extends WebSocket {
  override close(code?: number, data?: string | Buffer): void {
    super.close(code, data ?? (code === undefined ? undefined : PROTOCOL_CLOSE_REASONS[code]))
  }
}

/**
 * How long a socket closed for a client's bad frame may take to send its close frame before it is
 * terminated: a client that reads gets its 1009/1002/1007; one that never reads is cut off after
 * this, not after ws's 30 s close handshake.
 */
const PROTOCOL_CLOSE_GRACE_MS = 1000

/**
 * @fastify/websocket errorHandler: a client's bad frame is a warn line and a closed socket.
 *
 * GOTCHA: by the time the error arrives ws has already queued its close frame (1009 for a message
 * over maxPayload). Terminating now destroyed the socket before that frame was written whenever it
 * could not go out at once (frames still queued for the client), and the client saw 1006.
 */
export function socketErrorHandler(
  this: unknown,
  error: Error,
  socket: WebSocket,
  request: { log: FastifyBaseLogger },
): void {
  logProtocolError(request.log, error)
  // an error ws did not close for (the route's handler threw): close it ourselves
  if (socket.readyState === WebSocket.OPEN) socket.close(1011, 'server error')
  setTimeout(() => socket.terminate(), PROTOCOL_CLOSE_GRACE_MS).unref()
}
