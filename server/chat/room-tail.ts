/**
 * The live message path of the chat push streams on one instance (RELIABILITY.md §10). Per room
 * with readers, a room tail reads new messages from the database in id order and hands them to the
 * room's streams; each stream sends only ids above the last it sent, so its `id:` lines rise
 * strictly and a Last-Event-ID / `?after=` resume is exact.
 *
 * Why read the database rather than forward what the bus carries: a room's messages commit in id
 * order (PostgreSQL takes a per-room advisory lock around the insert, SQLite has one writer:
 * chat.repository.ts), but they were published in any order (two posts on two instances, one
 * post's presenter slower than the next), and a Redis publish can fail. Forwarding publishes sent
 * id 11 before 10, and a reader that resumed from 11 never saw 10. Here a bus `message` event is
 * only a wake-up: the tail reads `id > tail` (one read in flight per room; wake-ups during it
 * coalesce into one more read), and a sweep reads it every `sweepMs` anyway, so a lost publish
 * makes a message late by at most that, never lost.
 *
 * A stream starts at the client's cursor and catches up from the database by itself (the replay),
 * page by page, until it has reached the tail; then it takes the tail's batches. A batch that
 * starts above a stream's cursor (the tail moved while the stream was not following) sends it back
 * to catching up: no stream skips an id, none sends one twice.
 *
 * A replay is bounded (RELIABILITY.md §12, finding 2: a cursor of 0 sent a room's whole history on
 * every open, 659 MB in 30 s to 10 reconnecting clients, and on SQLite, whose driver never yields,
 * it filled the send buffer until the bound cut the stream before its first byte): at most
 * REPLAY_PAGES pages, each written only once the previous one has drained to the socket, with a
 * turn of the event loop between pages. A stream still behind after that gets `behind` and ends;
 * the client pages the rest through GET …/messages?after= and reconnects from its new cursor.
 *
 * Other events (reactions, participants, announcements) go straight to the streams; a reaction
 * change to a message a stream has not sent yet waits until it has, so the message's own (older)
 * copy cannot overwrite it in the client's cache.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { ChatMessage, ChatPushEvent } from '../../src/contracts/chat'
import type { Database } from '../db/database'
import type { ChatBus } from './chat.bus'
import { listMessages, type MessageRow } from './chat.repository'

/** Messages per database read (a replay page, a tail read). */
const PAGE = 200
/** Reaction changes a stream holds for messages it has not sent yet; beyond that, sent at once. */
const HELD_MAX = 100
/** Pages one replay sends before the stream says `behind` (≤ ~0.5 MB at the longest messages). */
export const REPLAY_PAGES = 2

/** One SSE frame; `message` events carry their id, the stream's resume cursor. */
export function sseFrame(event: ChatPushEvent): string {
  const data = `data: ${JSON.stringify(event)}\n\n`
  return event.type === 'message'
    ? `id: ${event.message.id}\nevent: message\n${data}`
    : `event: ${event.type}\n${data}`
}

/** A push stream as the room tail sees it. */
export interface StreamSink {
  write(frame: string): void
  /** false once the stream has ended: nothing more is read for it */
  readonly open: boolean
  /** ends the stream (its replay failed; the client resumes from its cursor) */
  end(): void
  /** resolves once what was written has (mostly) gone to the socket, or the stream ended */
  drained(): Promise<void>
  /** ends a replay that is still behind after `after`: the client pages the rest itself */
  behind(after: number): void
}

interface Reader {
  sink: StreamSink
  /** id of the last message sent: the stream's cursor */
  last: number
  /** reading its own way up to the tail (the replay); the tail's batches pass it by meanwhile */
  catching: boolean
  /** message id → reaction frame waiting for that message to be sent */
  held: Map<number, string>
}

interface Frame {
  id: number
  text: string
}

interface Room {
  id: string
  /** largest id the tail has read; null until its first read set it to the room's latest id */
  tail: number | null
  readers: Set<Reader>
  reading: boolean
  again: boolean
  stop(): void
}

export interface RoomTailOptions {
  db: Kysely<Database>
  bus: ChatBus
  /** rows → API messages (reactions, badges, titles) */
  present(rows: MessageRow[]): Promise<ChatMessage[]>
  sweepMs: number
  log: FastifyBaseLogger
}

export class RoomTails {
  private readonly rooms = new Map<string, Room>()

  constructor(private readonly opts: RoomTailOptions) {}

  /** Adds a stream to a room, resuming after message id `after`; returns its detach. */
  attach(roomId: string, after: number, sink: StreamSink): () => void {
    const room = this.rooms.get(roomId) ?? this.open(roomId)
    const reader: Reader = { sink, last: after, catching: false, held: new Map() }
    room.readers.add(reader)
    void this.catchUp(room, reader)
    return () => {
      room.readers.delete(reader)
      if (room.readers.size > 0 || this.rooms.get(roomId) !== room) return
      this.rooms.delete(roomId)
      room.stop()
    }
  }

  /** Stops every room's sweep and subscription (the app is closing). */
  close() {
    for (const room of this.rooms.values()) room.stop()
    this.rooms.clear()
  }

  private open(roomId: string): Room {
    const room: Room = {
      id: roomId,
      tail: null,
      readers: new Set(),
      reading: false,
      again: false,
      stop: () => {
        clearInterval(sweep)
        unsubscribe()
      },
    }
    const unsubscribe = this.opts.bus.subscribe(roomId, (event) => {
      if (event.type === 'message') void this.read(room)
      else this.direct(room, event)
    })
    const sweep = setInterval(() => void this.read(room), this.opts.sweepMs)
    sweep.unref()
    this.rooms.set(roomId, room)
    void this.read(room)
    return room
  }

  /** Reads the room's new messages into its streams: one read at a time, wake-ups coalesce. */
  private async read(room: Room): Promise<void> {
    if (room.reading) {
      room.again = true
      return
    }
    room.reading = true
    try {
      do {
        room.again = false
        if (this.rooms.get(room.id) !== room) return
        if (room.tail === null) {
          const [latest] = await listMessages(this.opts.db, room.id, undefined, 1)
          room.tail = latest?.id ?? 0
          // Streams that finished their replay below it read the rest themselves.
          for (const reader of room.readers) this.deliver(room, reader, room.tail, [])
          continue
        }
        const from = room.tail
        const rows = await listMessages(this.opts.db, room.id, from, PAGE)
        if (rows.length === 0) continue
        const frames = framesOf(await this.opts.present(rows))
        room.tail = frames.at(-1)?.id ?? from
        for (const reader of room.readers) this.deliver(room, reader, from, frames)
        if (rows.length === PAGE) room.again = true
      } while (room.again)
    } catch (err) {
      this.opts.log.warn(
        { err, roomId: room.id },
        'chat push: room tail read failed (sweep retries)',
      )
    } finally {
      room.reading = false
    }
  }

  /** A tail batch of the messages after `from` to one stream. */
  private deliver(room: Room, reader: Reader, from: number, frames: Frame[]) {
    if (reader.catching) return
    // The stream's cursor is below the batch: what lies between is read from the database.
    if (reader.last < from) return void this.catchUp(room, reader)
    this.send(reader, frames)
  }

  /** The stream reads from its cursor until it has reached the room's tail (replay on connect). */
  private async catchUp(room: Room, reader: Reader): Promise<void> {
    reader.catching = true
    try {
      for (let pages = 1; ; pages++) {
        const rows = await listMessages(this.opts.db, room.id, reader.last, PAGE)
        const frames = framesOf(await this.opts.present(rows))
        if (!reader.sink.open) return
        this.send(reader, frames)
        // (No rows at all while below the tail can only mean rows were deleted: do not spin.)
        const reachedTail = room.tail === null || reader.last >= room.tail || rows.length === 0
        if (rows.length < PAGE && reachedTail) break
        // Still catching: the stream stays out of the tail's batches and ends here.
        if (pages >= REPLAY_PAGES) return reader.sink.behind(reader.last)
        await reader.sink.drained()
        // GOTCHA: SQLite's driver is synchronous, so without this the replay never yields.
        await new Promise((resolve) => setImmediate(resolve))
        if (!reader.sink.open) return
      }
      reader.catching = false
    } catch (err) {
      this.opts.log.warn({ err, roomId: room.id }, 'chat push: replay failed')
      reader.sink.end()
    }
  }

  /** Sends the frames above the stream's cursor, then the reactions that waited for them. */
  private send(reader: Reader, frames: Frame[]) {
    for (const frame of frames) {
      if (frame.id <= reader.last) continue
      reader.sink.write(frame.text)
      reader.last = frame.id
    }
    for (const [id, text] of reader.held) {
      if (id > reader.last) continue
      reader.held.delete(id)
      reader.sink.write(text)
    }
  }

  private direct(room: Room, event: ChatPushEvent) {
    const text = sseFrame(event)
    for (const reader of room.readers) {
      const id = event.type === 'reactions' ? event.message.id : 0
      if (id > reader.last && (reader.held.has(id) || reader.held.size < HELD_MAX)) {
        reader.held.set(id, text)
      } else reader.sink.write(text)
    }
  }
}

function framesOf(messages: ChatMessage[]): Frame[] {
  return messages.map((message) => ({
    id: message.id,
    text: sseFrame({ type: 'message', message }),
  }))
}
