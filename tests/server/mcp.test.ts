import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { testConfig } from '../../server/config'
import { type ChainEventSource, createSimulatedSlotClock } from '../../server/mcp/chain-events'
import { type McpRoutesOptions, mcpRoutes } from '../../server/mcp/mcp.routes'

interface SseBlock {
  id?: string
  event?: string
  data?: string
  comment?: string
}

const cleanups: (() => Promise<unknown> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function serve(opts: McpRoutesOptions, env = {}): Promise<string> {
  const app: FastifyInstance = Fastify()
  app.decorate('config', testConfig(env))
  await app.register(mcpRoutes, opts)
  await app.listen({ port: 0, host: '127.0.0.1' })
  cleanups.push(() => {
    // GOTCHA: undici opens a spare connection that never carries a request; node's close() waits
    // for it until the keep-alive timeout. The SSE sockets themselves are ended by the plugin.
    app.server.closeIdleConnections()
    const closing = app.close()
    app.server.closeAllConnections()
    return closing
  })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

/** Opens the stream and collects parsed SSE blocks until `until` says stop (or 5 s pass). */
async function readSse(
  url: string,
  until: (blocks: SseBlock[]) => boolean,
  headers: Record<string, string> = {},
) {
  const ctrl = new AbortController()
  const guard = setTimeout(() => ctrl.abort(), 5000)
  const res = await fetch(url, { headers, signal: ctrl.signal })
  const blocks: SseBlock[] = []
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buf = ''
  try {
    while (!until(blocks)) {
      const { value, done } = await reader.read()
      if (done) break
      buf += value
      let at
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const block: SseBlock = {}
        for (const line of buf.slice(0, at).split('\n')) {
          if (line.startsWith(':')) block.comment = line.slice(1).trim()
          const m = /^(id|event|data): (.*)$/.exec(line)
          if (m) block[m[1] as 'id' | 'event' | 'data'] = m[2]
        }
        blocks.push(block)
        buf = buf.slice(at + 2)
      }
    }
  } finally {
    clearTimeout(guard)
    ctrl.abort()
  }
  return { res, blocks }
}

const named = (blocks: SseBlock[], event: string) => blocks.filter((b) => b.event === event)
const hasAllThree = (b: SseBlock[]) =>
  ['blocks', 'slots', 'transactions'].every((e) => named(b, e).length >= 2)

describe('GET /api/mcp/sse', () => {
  it('streams default JSON messages and the named events blocks, slots, transactions', async () => {
    const base = await serve({
      source: createSimulatedSlotClock(10),
      heartbeatMs: 30,
      statusEverySlots: 3,
    })
    const { res, blocks } = await readSse(
      `${base}/api/mcp/sse`,
      (b) => hasAllThree(b) && b.some((x) => x.comment),
    )
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const defaults = blocks.filter((b) => b.data && !b.event).map((b) => JSON.parse(b.data!))
    expect(defaults[0]).toMatchObject({ type: 'connected', source: 'simulated' })
    for (const b of named(blocks, 'blocks')) {
      const d = JSON.parse(b.data!)
      expect(d.parent).toBe(d.slot - 1)
    }
    for (const b of named(blocks, 'slots'))
      expect(Number.isInteger(JSON.parse(b.data!).slot)).toBe(true)
    for (const b of named(blocks, 'transactions'))
      expect(JSON.parse(b.data!).signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{88}$/)
    expect(blocks.some((b) => b.comment?.startsWith('heartbeat'))).toBe(true)
    // ids increase strictly.
    const ids = blocks.filter((b) => b.id).map((b) => Number(b.id))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('replays missed events after Last-Event-ID', async () => {
    const base = await serve({ source: createSimulatedSlotClock(10) })
    const first = await readSse(`${base}/api/mcp/sse`, (b) => b.filter((x) => x.id).length >= 12)
    const ids = first.blocks.filter((b) => b.id).map((b) => Number(b.id))
    const resumeFrom = ids[5]!
    const second = await readSse(`${base}/api/mcp/sse`, (b) => b.filter((x) => x.id).length >= 3, {
      'last-event-id': String(resumeFrom),
    })
    const again = second.blocks.filter((b) => b.id).map((b) => Number(b.id))
    expect(again.slice(0, 3)).toEqual([resumeFrom + 1, resumeFrom + 2, resumeFrom + 3])
  })

  it('relays a Solana RPC websocket (slotSubscribe + logsSubscribe)', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    await new Promise((r) => wss.once('listening', r))
    cleanups.push(() => new Promise((r) => wss.close(r)))
    const methods: string[] = []
    wss.on('connection', (ws) => {
      ws.on('message', (raw) => {
        const req = JSON.parse(String(raw))
        methods.push(req.method)
        ws.send(JSON.stringify({ jsonrpc: '2.0', result: req.id * 100, id: req.id }))
        if (req.method !== 'logsSubscribe') return
        let slot = 5000
        const t = setInterval(() => {
          slot++
          ws.send(
            JSON.stringify({
              jsonrpc: '2.0',
              method: 'slotNotification',
              params: { result: { parent: slot - 1, root: slot - 32, slot }, subscription: 100 },
            }),
          )
          ws.send(
            JSON.stringify({
              jsonrpc: '2.0',
              method: 'logsNotification',
              params: {
                result: {
                  context: { slot },
                  value: { signature: `sig${slot}`, err: null, logs: [] },
                },
                subscription: 200,
              },
            }),
          )
        }, 10)
        ws.on('close', () => clearInterval(t))
      })
    })
    const wsUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`
    const base = await serve({}, { SOLANA_WS_URL: wsUrl })
    const { blocks } = await readSse(`${base}/api/mcp/sse`, hasAllThree)
    expect(methods).toEqual(['slotSubscribe', 'logsSubscribe'])
    expect(JSON.parse(blocks.find((b) => !b.event && b.data)!.data!)).toMatchObject({
      source: 'solana',
    })
    const block = JSON.parse(named(blocks, 'blocks')[0]!.data!)
    expect(block).toEqual({ slot: block.parent + 1, parent: block.parent })
    expect(JSON.parse(named(blocks, 'transactions')[0]!.data!).signature).toMatch(/^sig\d+$/)
  })

  it('starts the source with the first listener and stops it with the last', async () => {
    let running = 0
    const inner = createSimulatedSlotClock(10)
    const source: ChainEventSource = {
      kind: 'simulated',
      start: (emit) => {
        running++
        inner.start(emit)
      },
      stop: () => {
        running--
        inner.stop()
      },
    }
    const base = await serve({ source })
    expect(running).toBe(0)
    await readSse(`${base}/api/mcp/sse`, (b) => named(b, 'slots').length >= 1)
    // The server notices the disconnect asynchronously.
    for (let i = 0; i < 50 && running !== 0; i++) await new Promise((r) => setTimeout(r, 20))
    expect(running).toBe(0)
  })
})
