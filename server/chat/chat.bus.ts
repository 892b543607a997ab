/**
 * Fan-out of chat push events to the room's readers on every instance (ARCHITECTURE.md "Features").
 * Without Redis an event goes straight to this instance's listeners. With REDIS_URL every event is
 * published on one pub/sub channel and each instance, the publisher included, delivers what it
 * receives to its own listeners. A `message` event is only a wake-up for the room tails
 * (room-tail.ts), which read the messages from the database in id order: the bus may reorder or
 * lose it without a reader missing a message.
 *
 * While the subscription is down the bus is `up = false` and says so through `onDown`: the push
 * streams close and clients poll (PRODUCT.md §4) until they reconnect, resuming from `?after=`, so
 * an event published during the outage is never silently missed.
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { ChatPushEvent } from '../../src/contracts/chat'

type Listener = (event: ChatPushEvent) => void

/**
 * The bus key of the staff overview's changes (room ids never start with '@'): a `moderation`
 * event after a report, a staff action written to the audit log or a room's staff settings.
 */
export const STAFF_CHANNEL = '@staff'

/**
 * Push streams to end on every instance: one signed-out session (its id, the token's hash), or
 * every session of a wallet ("sign out everywhere").
 */
type SessionRevocation = { sessionId: string } | { wallet: string }
type RevokeListener = (revoked: SessionRevocation) => void

export interface ChatBus {
  /** false while events published elsewhere may not arrive (Redis subscription down) */
  readonly up: boolean
  publish(roomId: string, event: ChatPushEvent): void
  /** listens to one room; returns the unsubscribe */
  subscribe(roomId: string, listener: Listener): () => void
  /** called once each time the bus goes down */
  onDown(listener: () => void): () => void
  /** tells every instance's streams that sessions ended (sign-out) */
  revoke(revoked: SessionRevocation): void
  /** listens to revocations; returns the unsubscribe */
  onRevoke(listener: RevokeListener): () => void
  close(): Promise<void>
}

class LocalRooms {
  private readonly rooms = new Map<string, Set<Listener>>()
  private readonly downListeners = new Set<() => void>()
  private readonly revokeListeners = new Set<RevokeListener>()

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

  onRevoke(listener: RevokeListener): () => void {
    this.revokeListeners.add(listener)
    return () => this.revokeListeners.delete(listener)
  }

  revoked(revoked: SessionRevocation) {
    for (const listener of [...this.revokeListeners]) listener(revoked)
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
    revoke: (revoked) => rooms.revoked(revoked),
    onRevoke: (listener) => rooms.onRevoke(listener),
    close: async () => {},
  }
}

type BusMessage =
  { roomId: string; event: ChatPushEvent } | { revoke: SessionRevocation; from: string }

/** Across instances through Redis pub/sub on `${prefix}:chat`. */
export function createRedisChatBus(url: string, prefix: string): ChatBus {
  const channel = `${prefix}:chat`
  const instance = randomUUID()
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
    let parsed: BusMessage
    try {
      parsed = JSON.parse(text) as BusMessage
    } catch {
      return
    }
    // Our own revocations were delivered when they were made.
    if ('revoke' in parsed) {
      if (parsed.from !== instance) rooms.revoked(parsed.revoke)
    } else rooms.deliver(parsed.roomId, parsed.event)
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
    revoke(revoked) {
      // Our own streams end at once, whatever Redis does; the others when the message arrives (or
      // at their next session re-check, should the publish fail).
      rooms.revoked(revoked)
      if (closed) return
      pub.publish(channel, JSON.stringify({ revoke: revoked, from: instance })).catch(() => {})
    },
    onRevoke: (listener) => rooms.onRevoke(listener),
    async close() {
      closed = true
      up = false
      pub.disconnect()
      sub.disconnect()
    },
  }
}
