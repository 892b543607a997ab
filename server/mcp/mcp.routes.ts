/**
 * GET /api/mcp/sse — the terminal's default MCP endpoint (PRODUCT.md §7.5; ARCHITECTURE.md §7):
 * server-sent events with default JSON messages and the named events `blocks`, `slots`,
 * `transactions`; heartbeat comments keep proxies from closing an idle stream; `Last-Event-ID`
 * (header, or `?lastEventId=`) replays what a reconnecting client missed.
 *
 * With REDIS_URL the events come from the cluster's one chain stream (server/lib/chain-stream.ts:
 * one producer on the live feed's leader, ids that only grow, Last-Event-ID replay on any
 * instance); without it, from this instance's own hub.
 */
import type { FastifyPluginAsync } from 'fastify'
import {
  type ChainEventSource,
  ChainEventHub,
  type NumberedEvent,
  createSimulatedSlotClock,
  createSolanaWsSource,
} from './chain-events'
import { ChainStream } from './chain-stream'
import { openStreams, startEventStream } from '../http/event-stream'
import { apiPaths } from '../../src/contracts/apiPaths'

export interface McpRoutesOptions {
  source?: ChainEventSource
  heartbeatMs?: number
  statusEverySlots?: number
}

export const mcpRoutes: FastifyPluginAsync<McpRoutesOptions> = async (app, opts) => {
  const createSource = (fromSlot?: number) =>
    opts.source ??
    (app.config.SOLANA_WS_URL
      ? createSolanaWsSource(app.config.SOLANA_WS_URL)
      : createSimulatedSlotClock(undefined, fromSlot))
  const source = createSource()
  let hub: Pick<ChainEventHub, 'subscribe' | 'lastId' | 'close'> = new ChainEventHub(source)
  const redisUrl = app.config.REDIS_URL
  if (redisUrl) {
    // The live feed (registered after this plugin) owns the leadership the producer shares.
    app.addHook('onReady', async () => {
      const scale = app.hasDecorator('feed') ? app.feed.scale : undefined
      if (!scale) return
      const stream = new ChainStream({
        url: redisUrl,
        prefix: app.config.REDIS_PREFIX,
        scale,
        createSource,
      })
      await stream.start()
      hub = stream
    })
  }
  const heartbeatMs = opts.heartbeatMs ?? 15_000
  const statusEvery = opts.statusEverySlots ?? 25
  // SSE streams never finish on their own: openStreams ends them before the server waits for
  // connections.
  const open = openStreams(app)
  app.addHook('preClose', async () => hub.close())

  app.get<{ Querystring: { lastEventId?: string } }>(apiPaths.mcp.sse.pattern, (req, reply) => {
    const header = req.headers['last-event-id']
    const raw = (Array.isArray(header) ? header[0] : header) ?? req.query.lastEventId
    const lastEventId = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined

    // A client that has fallen behind is cut off rather than buffered without bound.
    const { res, write } = startEventStream(req, reply, open)
    const message = (data: unknown) => write(`data: ${JSON.stringify(data)}\n\n`)

    write('retry: 3000\n\n')
    message({ type: 'connected', server: 'vPOS MCP', source: source.kind, lastEventId: hub.lastId })
    let slots = 0
    const unsubscribe = hub.subscribe((e: NumberedEvent) => {
      write(`id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`)
      if (e.event === 'slots' && ++slots % statusEvery === 0) {
        message({ type: 'status', slot: (e.data as { slot: number }).slot, source: source.kind })
      }
    }, lastEventId)
    const heartbeat = setInterval(
      () => write(`: heartbeat ${new Date().toISOString()}\n\n`),
      heartbeatMs,
    )
    res.on('close', () => {
      clearInterval(heartbeat)
      unsubscribe()
    })
  })
}
