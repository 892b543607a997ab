/**
 * RELIABILITY.md §9, finding 6: slow request bodies never timed out (100 clients sending a byte
 * every 5 s were all still connected after 130 s). Every request must now arrive whole within
 * REQUEST_TIMEOUT_MS (1.5 s here), headers included; a long-lived response is not affected.
 */
import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'

const TIMEOUT_MS = 1_500
let app: FastifyInstance
let port: number

beforeAll(async () => {
  app = await buildApp(testConfig({ REQUEST_TIMEOUT_MS: TIMEOUT_MS }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as AddressInfo).port
})
afterAll(() => app.close())

/** A client that sends `head` at once, then one byte of `drip` every 300 ms; resolves at close. */
function slowClient(head: string, drip: string): { closedAfterMs: Promise<number>; s: Socket } {
  const t0 = performance.now()
  const s = connect(port, '127.0.0.1')
  let i = 0
  const timer = setInterval(() => {
    if (i < drip.length && !s.destroyed) s.write(drip[i++]!)
  }, 300)
  s.on('connect', () => s.write(head))
  s.on('error', () => undefined)
  s.resume()
  const closedAfterMs = new Promise<number>((resolve) =>
    s.on('close', () => {
      clearInterval(timer)
      resolve(performance.now() - t0)
    }),
  )
  return { closedAfterMs, s }
}

describe('slow clients (issue 15 #6)', () => {
  it('20 clients dripping a request body are all cut off within the request timeout', async () => {
    const clients = Array.from({ length: 20 }, () =>
      slowClient(
        'POST /api/auth/nonce HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n',
        '{"x":"' + 'a'.repeat(90),
      ),
    )
    const times = await Promise.all(clients.map((c) => c.closedAfterMs))
    // Bound: the timeout plus Node's once-a-second check (and slack for a busy machine).
    for (const ms of times) expect(ms).toBeLessThan(TIMEOUT_MS + 1_000 + 2_000)
  }, 15_000)

  it('a client dripping its headers is cut off too', async () => {
    const c = slowClient(
      '',
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(60),
    )
    expect(await c.closedAfterMs).toBeLessThan(TIMEOUT_MS + 1_000 + 2_000)
  }, 15_000)

  it('a long-lived SSE response outlives the request timeout', async () => {
    const ac = new AbortController()
    const res = await fetch(`http://127.0.0.1:${port}/api/mcp/sse`, { signal: ac.signal })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const t0 = performance.now()
    let bytes = 0
    while (performance.now() - t0 < TIMEOUT_MS + 1_500) {
      const { value, done } = await reader.read()
      if (done) break
      bytes += value.length
    }
    expect(performance.now() - t0).toBeGreaterThanOrEqual(TIMEOUT_MS + 1_500)
    expect(bytes).toBeGreaterThan(0)
    ac.abort()
  }, 15_000)

  it('an open /ws connection outlives the request timeout', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
    let closed = false
    ws.on('close', () => (closed = true))
    let frames = 0
    ws.on('message', () => frames++)
    await new Promise((r) => ws.once('open', r))
    await new Promise((r) => setTimeout(r, TIMEOUT_MS + 1_500))
    expect(closed).toBe(false)
    expect(frames).toBeGreaterThan(5)
    ws.close()
  }, 15_000)
})
