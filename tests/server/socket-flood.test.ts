/**
 * RELIABILITY.md §9, finding 1: a WebSocket client that sends pings and never reads made the server
 * queue replies without limit (~940 MB in 10 s from one connection). Here a raw TCP client floods
 * /ws with application pings (byte 6) and with protocol pings (opcode 9) and never reads a byte:
 * the server's send buffer for it stays under a fixed bound and its socket is closed; the same for
 * a non-reading feed client that the server itself sends to faster than it drains.
 */
import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import {
  ControlFrameBudget,
  SOCKET_MAX_BUFFERED_BYTES,
  logProtocolError,
  sendBounded,
  socketSendStats,
  writeBounded,
} from '../../server/lib/socket-send'
import { MSG } from '../../src/feed/protocol'

let app: FastifyInstance
let port: number

beforeAll(async () => {
  app = await buildApp(testConfig())
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as AddressInfo).port
})
afterAll(() => app.close())

/** Opens /ws by hand and stops reading right after the 101 (the socket stays paused). */
function rawFeedSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => {
      s.write(
        'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      )
    })
    s.once('data', (d) => {
      if (!String(d).startsWith('HTTP/1.1 101')) reject(new Error(String(d)))
      s.pause()
      // Keep the kernel's receive window small so the server's own buffer is what fills.
      resolve(s)
    })
    s.once('error', reject)
  })
}

/** A masked client frame (RFC 6455 §5.3) with a zero mask: opcode and payload as given. */
const frame = (opcode: number, payload: number[]) =>
  Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0, ...payload])
const APP_PING = frame(0x2, [MSG.ping])
const PROTOCOL_PING = frame(0x9, [1, 2, 3, 4])

const serverSockets = () => [...app.feed.relay.clients].map((c) => c.ws)

async function flood(ping: Buffer): Promise<{ closed: boolean; maxBuffered: number }> {
  const before = serverSockets().length
  const s = await rawFeedSocket()
  let closed = false
  s.on('close', () => (closed = true))
  s.on('error', () => undefined)
  let maxBuffered = 0
  const chunk = Buffer.concat(Array.from({ length: 1_000 }, () => ping))
  const deadline = Date.now() + 3_000
  while (Date.now() < deadline && serverSockets().length > before) {
    if (!s.destroyed) s.write(chunk)
    for (const ws of serverSockets()) maxBuffered = Math.max(maxBuffered, ws.bufferedAmount)
    await new Promise((r) => setTimeout(r, 5))
  }
  const gone = serverSockets().length === before
  s.destroy()
  return { closed: gone || closed, maxBuffered }
}

describe('a client that pings and never reads (issue 15 #1)', () => {
  it.each([
    ['application ping (byte 6)', APP_PING],
    ['protocol ping (opcode 9)', PROTOCOL_PING],
  ])(
    '%s flood: the server closes the socket and its send buffer stays bounded',
    async (_n, ping) => {
      const floods = socketSendStats.controlFlood
      const heapBefore = process.memoryUsage().heapUsed
      const { closed, maxBuffered } = await flood(ping)
      expect(closed).toBe(true)
      expect(socketSendStats.controlFlood).toBeGreaterThan(floods)
      expect(maxBuffered).toBeLessThanOrEqual(SOCKET_MAX_BUFFERED_BYTES + 1024)
      // Before the fix one such connection added ~940 MB in 10 s.
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024)
    },
  )

  it('a legitimate pinger (one ping per second) keeps its socket and gets every pong', () => {
    const budget = new ControlFrameBudget({ burst: 16, refillMs: 250 })
    // 16 at once are fine, the 17th in the same instant is not.
    expect(Array.from({ length: 16 }, () => budget.take()).every(Boolean)).toBe(true)
    expect(budget.take()).toBe(false)
  })
})

describe('a feed client that does not read what the server sends', () => {
  it('is dropped once its send buffer passes the bound; the buffer never grows past it', async () => {
    const s = await rawFeedSocket()
    s.on('error', () => undefined)
    await vi.waitFor(() => expect(serverSockets().length).toBeGreaterThan(0))
    const ws = serverSockets().at(-1)!
    const big = new Uint8Array(256 * 1024).fill(32)
    big[0] = MSG.systemMessage
    let maxBuffered = 0
    for (let i = 0; i < 200 && ws.readyState === 1; i++) {
      sendBounded(ws, big)
      maxBuffered = Math.max(maxBuffered, ws.bufferedAmount)
      await new Promise((r) => setImmediate(r))
    }
    expect(ws.readyState).not.toBe(1)
    expect(maxBuffered).toBeLessThanOrEqual(SOCKET_MAX_BUFFERED_BYTES + big.length)
    s.destroy()
  })
})

describe('an SSE stream whose reader stops reading', () => {
  it('is destroyed once its unsent bytes pass the bound, never buffered past it', () => {
    let pending = 0
    let destroyed = false
    const res = {
      writableEnded: false,
      get destroyed() {
        return destroyed
      },
      get writableLength() {
        return pending
      },
      write: (chunk: string) => {
        pending += chunk.length
        return false
      },
      destroy: () => {
        destroyed = true
      },
    }
    const event = `data: ${'x'.repeat(4096)}\n\n`
    let writes = 0
    while (writeBounded(res as never, event)) writes++
    expect(destroyed).toBe(true)
    expect(pending).toBeLessThanOrEqual(SOCKET_MAX_BUFFERED_BYTES + event.length)
    expect(writes).toBeGreaterThan(200)
  })
})

describe('client protocol errors in the log (issue 15 #8)', () => {
  it('are logged at warn, at most 5 lines a minute', () => {
    const log = { warn: vi.fn(), error: vi.fn() }
    const t0 = 10_000_000
    const logged = Array.from({ length: 50 }, (_, i) =>
      logProtocolError(log as never, new Error('Invalid WebSocket frame'), t0 + i),
    )
    expect(logged.filter(Boolean)).toHaveLength(5)
    expect(log.warn).toHaveBeenCalledTimes(5)
    expect(log.error).not.toHaveBeenCalled()
    // A minute later the next line is written and says how many were left out.
    expect(logProtocolError(log as never, new Error('x'), t0 + 61_000)).toBe(true)
    expect(log.warn.mock.calls.at(-1)?.[0]).toMatchObject({ suppressed: 45 })
  })

  it('a malformed frame from a client closes only that socket, logged at warn not error', async () => {
    const errors = socketSendStats.protocolErrors
    const s = await rawFeedSocket()
    s.on('error', () => undefined)
    const closed = new Promise<void>((r) => s.on('close', () => r()))
    s.resume()
    // RSV1 set without an extension: ws rejects it as an invalid frame.
    s.write(Buffer.from([0xc2, 0x81, 0, 0, 0, 0, 6]))
    await closed
    expect(socketSendStats.protocolErrors).toBeGreaterThan(errors)
  })
})
