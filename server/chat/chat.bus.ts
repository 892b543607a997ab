/**
 * Fan-out of chat push events to the room's readers on every instance (DESIGN §3). Without Redis an
 * event goes straight to this instance's listeners. With REDIS_URL every event is published on one
 * pub/sub channel and each instance, the publisher included, delivers what it receives to its own
 * listeners. A `message` event is only a wake-up for the room tails (room-tail.ts), which read the
 * messages from the database in id order: the bus may reorder or lose it without a reader missing
 * a message.
 *
 * While the subscription is down the bus is `up = false` and says so through `onDown`: the push
 * streams close and clients poll (SPEC §4) until they reconnect, resuming from `?after=`, so an event
 * published during the outage is never silently missed.
 */
import { Redis } from 'ioredis'
import type { ChatPushEvent } from '../../src/contracts/chat'

type Listener = (event: ChatPushEvent) => void

export interface ChatBus {
  /** false while events published elsewhere may not arrive (Redis subscription down) */
  readonly up: boolean
  publish(roomId: string, event: ChatPushEvent): void
  /** listens to one room; returns the unsubscribe */
  subscribe(roomId: string, listener: Listener): () => void
  /** called once each time the bus goes down */
  onDown(listener: () => void): () => void
  close(): Promise<void>
}

class LocalRooms {
  private readonly rooms = new Map<string, Set<Listener>>()
  private readonly downListeners = new Set<() => void>()

  subscribe(roomId: string, listener: Listener): () => void {
    let set = this.rooms.get(roomId)
    if (!set) this.rooms.set(roomId, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0 && this.rooms.get(roomId) === set) this.rooms.delete(roomId)
    }
  }

  deliver(roomId: string, event: ChatPushEvent) {
    const set = this.rooms.get(roomId)
    if (set) for (const listener of [...set]) listener(event)
  }

  onDown(listener: () => void): () => void {
    this.downListeners.add(listener)
    return () => this.downListeners.delete(listener)
  }

  down() {
    for (const listener of [...this.downListeners]) listener()
  }
}

/** One instance: in-process delivery. */
export function createLocalChatBus(): ChatBus {
  const rooms = new LocalRooms()
  return {
    up: true,
    publish: (roomId, event) => rooms.deliver(roomId, event),
    subscribe: (roomId, listener) => rooms.subscribe(roomId, listener),
    onDown: (listener) => rooms.onDown(listener),
    close: async () => {},
  }
}

/** Across instances through Redis pub/sub on `${prefix}:chat`. */
export function createRedisChatBus(url: string, prefix: string): ChatBus {
  const channel = `${prefix}:chat`
  // No offline queue: a publish while Redis is down fails at once instead of piling up.
  const opts = { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000 }
  const pub = new Redis(url, opts)
  const sub = new Redis(url, { ...opts, commandTimeout: undefined })
  const rooms = new LocalRooms()
  let up = false
  let closed = false
  pub.on('error', () => {})
  sub.on('error', () => {})
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => {
        up = !closed
      },
      () => {},
    )
  })
  sub.on('close', () => {
    if (!up) return
    up = false
    rooms.down()
  })
  sub.on('message', (_channel: string, text: string) => {
    let parsed: { roomId: string; event: ChatPushEvent }
    try {
      parsed = JSON.parse(text) as { roomId: string; event: ChatPushEvent }
    } catch {
      return
    }
    rooms.deliver(parsed.roomId, parsed.event)
  })
  return {
    get up() {
      return up
    },
    publish(roomId, event) {
      if (closed) return
      pub.publish(channel, JSON.stringify({ roomId, event })).catch(() => {
        // Redis refused it: our own readers still see it at once; other instances' room tails
        // read it at their next sweep (a message) or their readers' next resume (the rest).
        rooms.deliver(roomId, event)
      })
    },
    subscribe: (roomId, listener) => rooms.subscribe(roomId, listener),
    onDown: (listener) => rooms.onDown(listener),
    async close() {
      closed = true
      up = false
      pub.disconnect()
      sub.disconnect()
    },
  }
}
