/**
 * What a failover continues from (redis-scale.ts): the swarm goes on from where clients last saw
 * it, and event ids never repeat. The leader writes a rolling resume record (the whole sim, see
 * src/sim/resumeState) every second and at a graceful shutdown; followers keep the newest position
 * frame and the highest event ids they relayed. A new leader resumes from the record plus those
 * positions; an instance cut off from Redis continues the swarm its own clients were watching.
 */
import { MSG, decodeFrame } from '../../src/feed/protocol'
import type { FeedSimSource } from './feed-engine'

/**
 * Event ids of term T start above T × this: instances that ran their own sims while isolated may
 * have issued the same numbers, and none of those can come back under a newer term.
 */
const TERM_ID_BLOCK = 1_000_000_000

/** The leader's rolling resume state, as stored (JSON) under the resume key. */
interface ResumeRecord {
  term: number
  writtenAt: number
  messageSeq: number
  errorSeq: number
  state: unknown
}

/** The stored record, or undefined when there is none or it is not one. */
export function parseResumeRecord(raw: string | null): ResumeRecord | undefined {
  if (!raw) return undefined
  try {
    const r = JSON.parse(raw) as ResumeRecord
    return typeof r?.term === 'number' ? r : undefined
  } catch {
    return undefined
  }
}

/** The newest packed positions (type 8 frame) relayed from Redis, with their term. */
export interface RelayedPositions {
  term: number
  frame: Uint8Array
}

/** The number in an event id such as 'm42' / 'e7' (0 when it has none). */
function seqOf(id: unknown): number {
  const m = typeof id === 'string' ? /(\d+)$/.exec(id) : null
  return m ? Number(m[1]) : 0
}

/** The highest console-message and error-event numbers seen: a new leader's ids go above them. */
export class EventSeqs {
  messageSeq = 0
  errorSeq = 0

  /** Notes the id of a relayed system message (type 5) or error event (type 6). */
  note(frame: Uint8Array): void {
    const type = frame[0]
    if (type !== MSG.systemMessage && type !== MSG.errorEvent) return
    const msg = decodeFrame(frame)
    if (msg?.type === MSG.systemMessage)
      this.messageSeq = Math.max(this.messageSeq, seqOf(msg.payload.id))
    if (msg?.type === MSG.errorEvent) this.errorSeq = Math.max(this.errorSeq, seqOf(msg.payload.id))
  }

  /** The record a leader of `term` stores for `state`. */
  record(term: number, state: unknown): string {
    const record: ResumeRecord = {
      term,
      writtenAt: Date.now(),
      messageSeq: this.messageSeq,
      errorSeq: this.errorSeq,
      state,
    }
    return JSON.stringify(record)
  }
}

function positionsOf(p: RelayedPositions | undefined) {
  const msg = p ? decodeFrame(p.frame) : null
  return msg?.type === MSG.packedPositions ? { positions: msg.payload } : {}
}

/**
 * A new leader of `term` sets its sim up. `keepOwn`: its own sim is the freshest swarm (it led the
 * newest term, or ran on while no newer record was written), so only the ids move above the term's
 * floor. Otherwise it continues from `record` plus the positions relayed since it.
 */
export function takeOver(
  source: FeedSimSource,
  o: {
    term: number
    keepOwn: boolean
    record: ResumeRecord | undefined
    positions: RelayedPositions | undefined
    seqs: EventSeqs
  },
): void {
  const idFloor = o.term * TERM_ID_BLOCK
  const { record } = o
  if (o.keepOwn) {
    source.continueFrom?.({ messageSeq: idFloor, errorSeq: idFloor })
    return
  }
  source.continueFrom?.({
    ...(record ? { state: record.state, skipMs: Math.max(0, Date.now() - record.writtenAt) } : {}),
    ...(record && o.positions && o.positions.term >= record.term ? positionsOf(o.positions) : {}),
    messageSeq: Math.max(o.seqs.messageSeq, record?.messageSeq ?? 0, idFloor),
    errorSeq: Math.max(o.seqs.errorSeq, record?.errorSeq ?? 0, idFloor),
  })
}

/**
 * An isolated follower (its own sim never ran) continues the swarm its clients were watching:
 * the newest full state it relayed, then the positions relayed since.
 */
export function continueWatched(
  source: FeedSimSource,
  latestState: Uint8Array | undefined,
  positions: RelayedPositions | undefined,
  seqs: EventSeqs,
): void {
  const last = latestState ? decodeFrame(latestState) : null
  if (last?.type === MSG.swarmState) source.resume?.(last.payload)
  source.continueFrom?.({
    ...positionsOf(positions),
    messageSeq: seqs.messageSeq,
    errorSeq: seqs.errorSeq,
  })
}
