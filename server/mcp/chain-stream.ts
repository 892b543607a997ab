/**
 * One blockchain event stream for the whole cluster (RELIABILITY.md §6a), on a Redis Stream:
 *
 * - Producer: only the live feed's leader runs the chain source (the simulated slot clock, or the
 *   Solana websocket) and appends its events with one script that checks the leader's lease and
 *   term, takes the next cluster-wide id (`INCR`) and XADDs the entry under that id. Ids therefore
 *   only grow, across leaders and restarts; a new leader's simulated clock continues from the last
 *   slot in the stream instead of restarting.
 * - Consumers: every instance reads the stream (XREAD BLOCK) and fans entries out to its SSE
 *   clients. A client that comes back with Last-Event-ID — on any instance — gets the gap replayed
 *   from the stream (XRANGE), then the live entries, without duplicates.
 *
 * The stream is capped (MAXLEN ~ `keep`): a client away longer than that resumes from the oldest
 * entry still kept.
 */
import { Redis } from 'ioredis'
import type { ChainEvent, ChainEventSource, NumberedEvent } from './chain-events'
import { scaleRedisOptions } from '../lib/redis-options'
import type { RedisScale } from '../feed/redis-scale'

/** KEYS: lease, id counter, stream. ARGV: token, event, data, maxlen. → the new id, or 0. */
const APPEND = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local id = redis.call('INCR', KEYS[2])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[4], id .. '-0', 'e', ARGV[2], 'd', ARGV[3])
return id`

type Listener = (e: NumberedEvent) => void
type Entry = [id: string, fields: string[]]

/** The event of one stream entry, or null for anything malformed. */
function toEvent([id, fields]: Entry): NumberedEvent | null {
  const n = Number(id.split('-')[0])
  const event = fields[fields.indexOf('e') + 1]
  const raw = fields[fields.indexOf('d') + 1]
  if (!Number.isSafeInteger(n) || !event || raw === undefined) return null
  try {
    return { id: n, event: event as ChainEvent['event'], data: JSON.parse(raw) }
  } catch {
    return null
  }
}

export interface ChainStreamOptions {
  url: string
  /** key namespace */
  prefix: string
  /** the leadership this producer shares (the live feed's) */
  scale: RedisScale
  /** a chain source; `fromSlot` is the last slot already in the stream, when there is one */
  createSource: (fromSlot?: number) => ChainEventSource
  /** entries kept for Last-Event-ID replay */
  keep?: number
  timeoutMs?: number
}

export class ChainStream {
  readonly kind: ChainEventSource['kind']
  private readonly streamKey: string
  private readonly seqKey: string
  private readonly writer: Redis & {
    vposAppend(
      l: string,
      s: string,
      k: string,
      t: string,
      e: string,
      d: string,
      m: number,
    ): Promise<number>
  }
  private readonly reader: Redis
  private readonly listeners = new Set<Listener>()
  private source: ChainEventSource | undefined
  private readonly keep: number
  private readonly removeLeading: () => void
  private last = 0
  private closed = false
  private reading = false

  constructor(private readonly opts: ChainStreamOptions) {
    this.streamKey = `${opts.prefix}:chain:stream`
    this.seqKey = `${opts.prefix}:chain:seq`
    this.keep = opts.keep ?? 2000
    this.kind = opts.createSource().kind
    const timeoutMs = opts.timeoutMs ?? 1000
    this.writer = new Redis(opts.url, scaleRedisOptions(timeoutMs)) as ChainStream['writer']
    this.writer.defineCommand('vposAppend', { numberOfKeys: 3, lua: APPEND })
    // The reader blocks up to 1 s per XREAD: its timeout must outlast the block.
    this.reader = new Redis(opts.url, scaleRedisOptions(1000 + timeoutMs))
    this.writer.on('error', () => {})
    this.reader.on('error', () => {})
    this.removeLeading = opts.scale.onLeading((leading) => {
      if (leading) void this.produce()
      else this.stopProducing()
    })
  }

  /** The newest id this instance has seen (0 before the first). */
  get lastId(): number {
    return this.last
  }

  async start(): Promise<void> {
    await Promise.all([this.writer.connect(), this.reader.connect()]).catch(() => {})
    try {
      const newest = (await this.writer.xrevrange(this.streamKey, '+', '-', 'COUNT', 1)) as Entry[]
      const e = newest[0] ? toEvent(newest[0]) : null
      if (e) this.last = e.id
    } catch {
      /* Redis not there yet: the read loop retries */
    }
    if (this.opts.scale.isLeader) void this.produce()
    void this.readLoop()
  }

  private async produce(): Promise<void> {
    if (this.source || this.closed) return
    let fromSlot: number | undefined
    try {
      const recent = (await this.writer.xrevrange(this.streamKey, '+', '-', 'COUNT', 20)) as Entry[]
      for (const entry of recent) {
        const e = toEvent(entry)
        if (e?.event === 'slots') {
          fromSlot = (e.data as { slot: number }).slot
          break
        }
      }
    } catch {
      /* start from the source's default */
    }
    if (this.source || this.closed || !this.opts.scale.isLeader) return
    this.source = this.opts.createSource(fromSlot)
    this.source.start((e) => this.append(e))
  }

  private stopProducing(): void {
    this.source?.stop()
    this.source = undefined
  }

  private append(e: ChainEvent): void {
    const fence = this.opts.scale.fence
    if (!fence) {
      this.stopProducing()
      return
    }
    this.writer
      .vposAppend(
        fence.leaseKey,
        this.seqKey,
        this.streamKey,
        fence.token,
        e.event,
        JSON.stringify(e.data),
        this.keep,
      )
      .then((id) => {
        if (id === 0) this.stopProducing()
      })
      .catch(() => {})
  }

  private async readLoop(): Promise<void> {
    if (this.reading) return
    this.reading = true
    while (!this.closed) {
      try {
        const res = (await this.reader.xread(
          'COUNT',
          500,
          'BLOCK',
          1000,
          'STREAMS',
          this.streamKey,
          `${this.last}-0`,
        )) as [string, Entry[]][] | null
        for (const [, entries] of res ?? []) {
          for (const entry of entries) {
            const e = toEvent(entry)
            if (!e || e.id <= this.last) continue
            this.last = e.id
            for (const l of this.listeners) l(e)
          }
        }
      } catch (err) {
        if (this.closed) break
        // A read that timed out still waits in the connection's queue; on a Redis that answers
        // again it would run (and block) later. A fresh connection drops it.
        if (err instanceof Error && /timed out/i.test(err.message)) this.reader.disconnect(true)
        await new Promise((r) => setTimeout(r, 500))
      }
    }
    this.reading = false
  }

  /**
   * Adds a listener; with `lastEventId`, replays every kept entry after it first. Live entries that
   * arrive during the replay are held back and sent after it, each id once and in order.
   */
  subscribe(listener: Listener, lastEventId?: number): () => void {
    let sent = lastEventId ?? Number.POSITIVE_INFINITY
    let held: NumberedEvent[] | undefined = lastEventId === undefined ? undefined : []
    const deliver = (e: NumberedEvent) => {
      if (held) held.push(e)
      else if (sent === Number.POSITIVE_INFINITY || e.id > sent) {
        sent = e.id
        listener(e)
      }
    }
    this.listeners.add(deliver)
    if (lastEventId !== undefined) {
      void this.writer
        .xrange(this.streamKey, `(${lastEventId}-0`, '+', 'COUNT', this.keep)
        .then((entries) => {
          for (const entry of entries as Entry[]) {
            const e = toEvent(entry)
            if (e && e.id > sent) {
              sent = e.id
              listener(e)
            }
          }
        })
        .catch(() => {})
        .finally(() => {
          const later = held ?? []
          held = undefined
          for (const e of later) deliver(e)
        })
    }
    return () => this.listeners.delete(deliver)
  }

  close(): void {
    this.closed = true
    this.removeLeading()
    this.stopProducing()
    this.listeners.clear()
    this.reader.disconnect()
    this.writer.disconnect()
  }
}
