/**
 * Issue 30, item 11: a /ws message over the size limit must end with close code 1009 and a reason,
 * as the route promises; a non-ping message with 1008. The server used to terminate the socket in
 * the same tick ws queued its 1009 close frame, so the frame was lost whenever it could not be
 * written at once (here: a client with unread frames queued ahead of it) and the client saw 1006.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { SOCKET_MAX_BUFFERED_BYTES } from '../../server/lib/socket-send'

let app: FastifyInstance
let base: string

beforeAll(async () => {
  app = await buildApp(testConfig())
  await app.listen({ port: 0, host: '127.0.0.1' })
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`
})
afterAll(() => app.close())

interface Client {
  ws: WebSocket
  /** the server's side of this connection */
  server: WebSocket
  closed: Promise<{ code: number; reason: string }>
}

/** Connects, waits for the first frame (type 0) and finds the server's socket for it. */
async function open(): Promise<Client> {
  const before = new Set([...app.feed.relay.clients].map((c) => c.ws))
  const ws = new WebSocket(base)
  ws.on('error', () => undefined)
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
  )
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve())
    ws.once('close', (code) => reject(new Error(`closed ${code} before the first frame`)))
  })
  const server = [...app.feed.relay.clients].map((c) => c.ws).find((s) => !before.has(s))
  if (!server) throw new Error('no server socket for the new client')
  return { ws, server: server as unknown as WebSocket, closed }
}

describe('/ws close codes (issue 30, item 11)', () => {
  it.each([
    ['a binary frame over 64 bytes', 1009, () => new Uint8Array(65).fill(6), /too big/],
    ['a 70,000-byte frame', 1009, () => new Uint8Array(70_000), /too big/],
    ['a garbage binary frame', 1008, () => Uint8Array.of(42, 1, 2), /unsupported/],
    ['a text frame', 1008, () => 'hello', /unsupported/],
    ['a 2-byte frame starting with the ping byte', 1008, () => Uint8Array.of(6, 6), /unsupported/],
  ])('%s ⇒ close %s with a reason', async (_name, code, payload, reason) => {
    const c = await open()
    c.ws.send(payload())
    const closed = await c.closed
    expect(closed.code).toBe(code)
    expect(closed.reason).toMatch(reason)
  })

  it('an oversize frame from a client with unread frames queued still gets its 1009', async () => {
    const c = await open()
    // The client stops reading and the server's send buffer holds bytes the kernel has not taken
    // (well under the slow-consumer bound): the close frame is queued behind them.
    c.ws.pause()
    // (The kernel takes megabytes on loopback first: send until some stay in the server's buffer.)
    const chunk = new Uint8Array(256 * 1024)
    for (let k = 0; k < 200 && c.server.bufferedAmount < 64 * 1024; k++) {
      c.server.send(chunk, { binary: true })
      await new Promise((r) => setTimeout(r, 2))
    }
    expect(c.server.bufferedAmount).toBeGreaterThan(0)
    expect(c.server.bufferedAmount).toBeLessThan(SOCKET_MAX_BUFFERED_BYTES / 2)
    c.ws.send(new Uint8Array(4096).fill(6))
    // the server has seen the frame and begun its close before the client reads again
    await vi.waitFor(() => expect(c.server.readyState).not.toBe(WebSocket.OPEN))
    c.ws.resume()
    const closed = await c.closed
    expect(closed.code).toBe(1009)
    expect(closed.reason).toMatch(/too big/)
  })

  it('a client that never answers the close is still cut off', async () => {
    const c = await open()
    c.ws.pause()
    c.ws.send(new Uint8Array(4096))
    // ws's own close handshake would wait 30 s for the peer; the server ends it within a second
    await vi.waitFor(() => expect(c.server.readyState).toBe(WebSocket.CLOSED), {
      timeout: 3000,
      interval: 50,
    })
    c.ws.terminate()
  })
})
