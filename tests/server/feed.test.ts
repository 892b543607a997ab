import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { isAllowedOrigin } from '../../server/lib/origins'
import { decodeFrame, type FeedMessage } from '../../src/feed/protocol'

let app: FastifyInstance
let base: string

beforeAll(async () => {
  app = await buildApp(testConfig())
  await app.listen({ port: 0, host: '127.0.0.1' })
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`
})
afterAll(() => app.close())

interface Peer {
  ws: WebSocket
  got: FeedMessage[]
  closed: Promise<{ code: number }>
  /** resolves with the first received message matching `pred` */
  next(pred: (m: FeedMessage) => boolean): Promise<FeedMessage>
}

function connect(path = '/ws', headers: Record<string, string> = {}): Promise<Peer> {
  const ws = new WebSocket(`${base}${path}`, { headers })
  const got: FeedMessage[] = []
  const waiters: { pred: (m: FeedMessage) => boolean; resolve: (m: FeedMessage) => void }[] = []
  ws.on('message', (data) => {
    const m = decodeFrame(data)
    if (!m) return
    got.push(m)
    for (const w of waiters.splice(0))
      if (w.pred(m)) w.resolve(m)
      else waiters.push(w)
  })
  const closed = new Promise<{ code: number }>((r) => ws.on('close', (code) => r({ code })))
  const next = (pred: (m: FeedMessage) => boolean) =>
    new Promise<FeedMessage>((resolve) => {
      const hit = got.find(pred)
      if (hit) resolve(hit)
      else waiters.push({ pred, resolve })
    })
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, got, closed, next }))
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

const afterFrames = async (p: Peer, n: number, type: number) => {
  const start = p.got.filter((m) => m.type === type).length
  while (p.got.filter((m) => m.type === type).length < start + n)
    await p.next((m) => m.type === type && p.got.filter((x) => x.type === type).length >= start + n)
}

describe('/ws live feed', () => {
  it('sends type 0 on connect, then type 1 position frames for the same agents', async () => {
    const p = await connect()
    const state = await p.next((m) => m.type === 0)
    expect(p.got[0]?.type).toBe(0)
    if (state.type !== 0) throw new Error('unreachable')
    expect(state.payload.agents).toHaveLength(146)
    expect(state.payload.metrics.totalAgents).toBe(146)
    await afterFrames(p, 3, 1)
    const positions = p.got.filter((m) => m.type === 1).at(-1)
    if (positions?.type !== 1) throw new Error('unreachable')
    expect(positions.payload.map((u) => u.id)).toEqual(state.payload.agents.map((a) => a.id))
    expect(p.got.some((m) => m.type === 8)).toBe(false)
    p.ws.close(1000)
  })

  it('relays the sim as it happens: error events (5), messages (2), tasks (3), metrics (4)', async () => {
    const p = await connect()
    const error = await p.next((m) => m.type === 5)
    if (error.type !== 5) throw new Error('unreachable')
    expect(error.payload.errorCode).toMatch(/^AGT-\d+$/)
    const state = p.got.find((m) => m.type === 0)
    expect(
      state?.type === 0 && state.payload.agents.some((a) => a.id === error.payload.agentId),
    ).toBe(true)
    const message = await p.next((m) => m.type === 2)
    expect(message.type === 2 && message.payload.text).not.toMatch(/^\[ERROR:/)
    await p.next((m) => m.type === 3)
    const metrics = await p.next((m) => m.type === 4)
    expect(metrics.type === 4 && metrics.payload.totalAgents).toBe(146)
    p.ws.close(1000)
  })

  it('answers ping byte 6 with pong byte 7', async () => {
    const p = await connect()
    p.ws.send(Uint8Array.of(6))
    expect(await p.next((m) => m.type === 7)).toEqual({ type: 7 })
    p.ws.close(1000)
  })

  it('sends packed type 8 instead of type 1 when negotiated', async () => {
    const p = await connect('/ws?positions=f32')
    const m = await p.next((x) => x.type === 8)
    expect(m.type === 8 && m.payload.count).toBe(146)
    await afterFrames(p, 2, 8)
    expect(p.got.some((x) => x.type === 1)).toBe(false)
    p.ws.close(1000)
  })

  it.each([
    ['an oversize frame', () => new Uint8Array(4096).fill(6), 1009],
    ['a garbage binary frame', () => Uint8Array.of(42, 1, 2), 1008],
    ['a text frame', () => 'hello', 1008],
  ])('%s closes only the offender', async (_name, payload, code) => {
    const bystander = await connect()
    const offender = await connect()
    await offender.next((m) => m.type === 0)
    offender.ws.send(payload())
    expect((await offender.closed).code).toBe(code)
    await afterFrames(bystander, 3, 1)
    expect(bystander.ws.readyState).toBe(WebSocket.OPEN)
    bystander.ws.close(1000)
  })

  it('refuses a cross-site Origin at the handshake and accepts the configured one', async () => {
    await expect(connect('/ws', { origin: 'https://evil.example' })).rejects.toThrow('HTTP 403')
    // The Host (127.0.0.1:port) does not make an Origin allowed: only configuration does.
    const host = new URL(base).host
    await expect(connect('/ws', { origin: `http://${host}` })).rejects.toThrow('HTTP 403')
    const ok = await connect('/ws', { origin: 'http://localhost' })
    await ok.next((m) => m.type === 0)
    ok.ws.close(1000)
  })
})

// The one Origin rule (lib/origins, applied by security.plugin) also gates the /ws handshake.
describe('isAllowedOrigin', () => {
  const site = ['https://app.vpos.io', 'http://localhost:5000']
  it.each([
    ['https://app.vpos.io', true],
    ['https://app.vpos.io:443', true],
    ['http://app.vpos.io', false], // the scheme counts
    ['https://app.vpos.io:8443', false],
    ['https://b.com', false],
    ['null', false],
    ['http://localhost:5000', true],
    ['ws://localhost:5000', false],
  ])('origin %s ⇒ %s', (origin, ok) => {
    expect(isAllowedOrigin(origin, site)).toBe(ok)
  })
})
