/**
 * RELIABILITY.md §12, finding 1: a client that pipelines thousands of requests and never reads made
 * the server hold every answer (200 sockets: +3 GB, health down for 33 s). A socket with more than
 * MAX_PIPELINED_REQUESTS unanswered requests is now closed; an address past
 * MAX_SOCKETS_PER_ADDRESS open sockets gets a 429 (trusted proxies exempt).
 */
import { connect, type AddressInfo, type Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { type AppConfig, testConfig } from '../../server/config'
import { MAX_PIPELINED_REQUESTS, trustedProxies } from '../../server/http/connection-guard'

const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'

let app: FastifyInstance | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

async function serve(overrides: Partial<AppConfig> = {}): Promise<number> {
  app = await buildApp(testConfig(overrides))
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

interface RawClient {
  socket: Socket
  /** everything received so far */
  text(): string
  closed: Promise<void>
}

/** A raw TCP client that writes `data` on connect; `read: false` never reads a byte. */
function rawClient(port: number, data: string, read = true): RawClient {
  const socket = connect(port, '127.0.0.1')
  let received = ''
  socket.on('connect', () => {
    if (!read) socket.pause()
    socket.write(data)
  })
  socket.on('data', (chunk) => (received += chunk.toString('latin1')))
  socket.on('error', () => undefined)
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  return { socket, text: () => received, closed }
}

const answers = (text: string) => (text.match(/HTTP\/1\.1 \d{3}/g) ?? []).length

async function health(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
    signal: AbortSignal.timeout(3_000),
  })
  return res.status
}

describe('pipelined requests (issue 29 #1)', () => {
  it('a socket pipelining thousands of requests without reading is closed, and others are served', async () => {
    const port = await serve()
    const attackers = Array.from({ length: 20 }, () => rawClient(port, HEALTH.repeat(5_000), false))
    await Promise.all(attackers.map((a) => a.closed))
    expect(app!.connectionStats.pipelineClosed).toBeGreaterThanOrEqual(20)
    expect(await health(port)).toBe(200)
  }, 15_000)

  it('the parser stops at the request over the bound: the rest of the chunk never becomes requests', async () => {
    const port = await serve()
    let built = 0
    app!.server.on('request', () => built++)
    // 2,000 requests in one write arrive in one or a few reads; before the parser was stopped,
    // Node built a request/response pair for every one of them before the close took effect
    const attacker = rawClient(port, HEALTH.repeat(2_000), false)
    await attacker.closed
    expect(built).toBe(MAX_PIPELINED_REQUESTS)
    expect(app!.connectionStats.pipelineClosed).toBe(1)
    expect(await health(port)).toBe(200)
  })

  it(`up to ${MAX_PIPELINED_REQUESTS} pipelined requests are all answered, in order`, async () => {
    const port = await serve()
    const client = rawClient(port, HEALTH.repeat(MAX_PIPELINED_REQUESTS))
    await expect.poll(() => answers(client.text()), { timeout: 5_000 }).toBe(MAX_PIPELINED_REQUESTS)
    expect(client.socket.destroyed).toBe(false)
    expect(app!.connectionStats.pipelineClosed).toBe(0)
    client.socket.destroy()
  })

  it('a keep-alive client sending one request at a time is never cut off', async () => {
    const port = await serve()
    const client = rawClient(port, HEALTH)
    for (let i = 1; i <= 3 * MAX_PIPELINED_REQUESTS; i++) {
      await expect.poll(() => answers(client.text()), { timeout: 5_000 }).toBe(i)
      client.socket.write(HEALTH)
    }
    expect(app!.connectionStats.pipelineClosed).toBe(0)
    client.socket.destroy()
  })
})

describe('sockets per address (issue 29 #1)', () => {
  it('past the bound a new connection gets a 429 saying why; a freed slot is usable again', async () => {
    const port = await serve({ MAX_SOCKETS_PER_ADDRESS: 3 })
    const held = Array.from({ length: 3 }, () => rawClient(port, HEALTH))
    for (const c of held) await expect.poll(() => answers(c.text())).toBe(1)
    const refused = rawClient(port, HEALTH)
    await refused.closed
    expect(refused.text()).toMatch(/^HTTP\/1\.1 429 /)
    expect(refused.text()).toContain('Too many connections from your address')
    expect(app!.connectionStats.addressRefused).toBe(1)

    held[0]!.socket.destroy()
    await held[0]!.closed
    const next = rawClient(port, HEALTH)
    await expect.poll(() => answers(next.text())).toBe(1)
    expect(next.text()).toMatch(/^HTTP\/1\.1 200 /)
    for (const c of [...held, next]) c.socket.destroy()
  })

  it('a trusted proxy (TRUST_PROXY) carries any number of visitors', async () => {
    const port = await serve({ MAX_SOCKETS_PER_ADDRESS: 2, TRUST_PROXY: 1 })
    const clients = Array.from({ length: 5 }, () => rawClient(port, HEALTH))
    for (const c of clients) await expect.poll(() => answers(c.text())).toBe(1)
    expect(clients.every((c) => c.text().startsWith('HTTP/1.1 200'))).toBe(true)
    for (const c of clients) c.socket.destroy()
  })

  it.each([
    [false, '127.0.0.1', false],
    [1, '203.0.113.9', true],
    [['10.0.0.5'], '10.0.0.5', true],
    [['10.0.0.5'], '::ffff:10.0.0.5', true],
    [['10.0.0.5'], '10.0.0.6', false],
    [['10.1.0.0/16'], '10.1.200.3', true],
    [['10.1.0.0/16'], '10.2.0.1', false],
    [['fd00::/8'], 'fd12::1', true],
  ] as const)('trustedProxies(%j)(%s) = %s', (trust, address, expected) => {
    expect(trustedProxies(trust as false | number | string[])(address)).toBe(expected)
  })
})
