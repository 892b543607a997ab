/**
 * The blockchain event stream behind the MCP SSE endpoint (PRODUCT.md §7.5): `blocks` {slot,
 * parent}, `slots` {slot}, `transactions` {signature}. Two sources behind one hub:
 * - SOLANA_WS_URL set: a Solana RPC websocket (slotSubscribe + logsSubscribe 'all'), reconnecting
 *   with backoff; transactions are throttled because 'all' logs is a firehose on mainnet.
 * - unset: a simulated slot clock (~400 ms per slot, like Solana's).
 * The hub numbers events (SSE ids) and keeps the last ones for Last-Event-ID resume. It runs only
 * while someone listens.
 */
import WebSocket from 'ws'
import { pseudoBase58 } from '../../src/contracts/address'
import { backoffDelay } from '../../src/contracts/reconnect'

export type ChainEvent =
  | { event: 'blocks'; data: { slot: number; parent: number } }
  | { event: 'slots'; data: { slot: number } }
  | { event: 'transactions'; data: { signature: string; slot?: number } }

export interface NumberedEvent {
  id: number
  event: ChainEvent['event']
  data: ChainEvent['data']
}

/** Something that emits chain events between start and stop. */
export interface ChainEventSource {
  readonly kind: 'simulated' | 'solana'
  start(emit: (e: ChainEvent) => void): void
  stop(): void
}

const SIMULATED_SLOT_MS = 400

/** A slot every ~400 ms from a plausible mainnet height; most slots carry one or two transactions. */
export function createSimulatedSlotClock(
  slotMs = SIMULATED_SLOT_MS,
  startSlot = 312_000_000,
): ChainEventSource {
  let timer: NodeJS.Timeout | undefined
  let slot = startSlot
  let n = 0
  return {
    kind: 'simulated',
    start(emit) {
      timer = setInterval(() => {
        const parent = slot
        slot += 1
        emit({ event: 'slots', data: { slot } })
        emit({ event: 'blocks', data: { slot, parent } })
        // Deterministic "randomness": 0, 1 or 2 transactions per slot.
        for (let k = 0; k < (slot * 7) % 3; k++)
          emit({
            event: 'transactions',
            data: { signature: pseudoBase58(++n * 2654435761, 88), slot },
          })
      }, slotMs)
    },
    stop() {
      clearInterval(timer)
      timer = undefined
    },
  }
}

/** Solana RPC websocket source (JSON-RPC 2.0 pub/sub). */
export function createSolanaWsSource(url: string, maxTxPerSecond = 5): ChainEventSource {
  let ws: WebSocket | undefined
  let stopped = true
  let attempt = 0
  let retry: NodeJS.Timeout | undefined
  let windowStart = 0
  let windowCount = 0
  const connect = (emit: (e: ChainEvent) => void) => {
    ws = new WebSocket(url)
    ws.on('open', () => {
      attempt = 0
      ws?.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }))
      ws?.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'logsSubscribe',
          params: ['all', { commitment: 'confirmed' }],
        }),
      )
    })
    ws.on('message', (raw) => {
      let msg: { method?: string; params?: { result?: unknown } }
      try {
        msg = JSON.parse(String(raw))
      } catch {
        return
      }
      const result = msg.params?.result as Record<string, unknown> | undefined
      if (!result) return
      if (msg.method === 'slotNotification' && typeof result.slot === 'number') {
        emit({ event: 'slots', data: { slot: result.slot } })
        const parent = typeof result.parent === 'number' ? result.parent : result.slot - 1
        emit({ event: 'blocks', data: { slot: result.slot, parent } })
      } else if (msg.method === 'logsNotification') {
        const value = result.value as { signature?: unknown } | undefined
        const ctx = result.context as { slot?: unknown } | undefined
        if (typeof value?.signature !== 'string') return
        const now = Date.now()
        if (now - windowStart >= 1000) {
          windowStart = now
          windowCount = 0
        }
        if (++windowCount > maxTxPerSecond) return
        emit({
          event: 'transactions',
          data: {
            signature: value.signature,
            ...(typeof ctx?.slot === 'number' ? { slot: ctx.slot } : {}),
          },
        })
      }
    })
    ws.on('error', () => {
      /* 'close' follows and schedules the retry */
    })
    ws.on('close', () => {
      if (stopped) return
      attempt++
      retry = setTimeout(() => connect(emit), backoffDelay(attempt))
    })
  }
  return {
    kind: 'solana',
    start(emit) {
      stopped = false
      connect(emit)
    },
    stop() {
      stopped = true
      clearTimeout(retry)
      ws?.terminate()
      ws = undefined
    },
  }
}

/** Fan-out with sequence numbers and a replay buffer; starts the source with the first listener. */
export class ChainEventHub {
  private seq = 0
  private readonly recent: NumberedEvent[] = []
  private readonly listeners = new Set<(e: NumberedEvent) => void>()

  constructor(
    readonly source: ChainEventSource,
    private readonly keep = 500,
  ) {}

  /** Adds a listener; replays buffered events after `lastEventId` first. Returns the unsubscribe. */
  subscribe(listener: (e: NumberedEvent) => void, lastEventId?: number): () => void {
    if (lastEventId !== undefined) for (const e of this.recent) if (e.id > lastEventId) listener(e)
    this.listeners.add(listener)
    if (this.listeners.size === 1) this.source.start((e) => this.publish(e))
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.source.stop()
    }
  }

  get lastId(): number {
    return this.seq
  }

  close(): void {
    this.listeners.clear()
    this.source.stop()
  }

  private publish(e: ChainEvent): void {
    const numbered: NumberedEvent = { id: ++this.seq, event: e.event, data: e.data }
    this.recent.push(numbered)
    if (this.recent.length > this.keep) this.recent.splice(0, this.recent.length - this.keep)
    for (const l of this.listeners) l(numbered)
  }
}
