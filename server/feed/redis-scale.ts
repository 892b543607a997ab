/**
 * Scale-out of the live feed over Redis (ARCHITECTURE.md §6, fenced leadership;
 * RELIABILITY.md §6a): every instance subscribes to one
 * frame channel and relays what arrives to its own sockets; exactly one elected leader runs the sim
 * and publishes. Leadership is safe, not only live:
 *
 * - Term: taken at election (`INCR term` inside the acquiring script) and only ever grows. The lease
 *   key holds `<instanceId>|<term>` with a TTL; the leader renews it every ttl/4.
 * - Fencing: every frame and every state write is one script that checks, at Redis, that the
 *   writer's `<instanceId>|<term>` still holds the lease — a leader that was paused or cut off and
 *   lost the lease cannot publish or overwrite the resume state, whatever it still believes.
 * - Frames on the channel carry their term (4 bytes before the frame); relays drop frames of an older
 *   term than one they already relayed.
 * - Deadline: a leader stops leading by itself when `send time of its last confirmed renewal + ttl`
 *   passes (checked before every publish and every role read), so after the old lease has expired at
 *   most one instance says `leader`.
 * - Liveness: every Redis client has a command timeout and no offline queue; an election round
 *   that has not settled within a lease is abandoned; an instance that has not reached Redis for a
 *   whole lease goes ISOLATED: it runs its own sim for its own sockets (no client's feed freezes)
 *   and says so in /api/health. Once Redis answers again it rejoins the election.
 *
 * Failover continues the swarm from where clients last saw it (feed-takeover.ts: the leader's
 * rolling resume record, the positions and event ids followers relayed since). A graceful shutdown
 * hands over at once: one script saves the record, deletes the lease and tells the followers, who
 * elect immediately instead of waiting for the lease to expire. The scripts and the channel's
 * framing: lease-scripts.ts.
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { MSG } from '../../src/feed/protocol'
import type { FeedEngine } from './feed-engine'
import type { FeedRelay } from './feed-relay'
import {
  EventSeqs,
  continueWatched,
  parseResumeRecord,
  takeOver,
  type RelayedPositions,
} from './feed-takeover'
import {
  KEEP_PX,
  defineLeaseScripts,
  handoverNotice,
  splitTerm,
  withTerm,
  type LeaseScripts,
} from './lease-scripts'
import { scaleRedisOptions } from '../lib/redis-options'

export interface RedisScaleOptions {
  url: string
  /** key/channel namespace (tests use a random one) */
  prefix?: string
  /** lease length; renewals every ttl/4, commands time out after ttl/4 */
  ttlMs?: number
  /** rolling resume state period */
  resumeEveryMs?: number
  instanceId?: string
  onRoleChange?: (role: FeedRole, term: number) => void
}

export type FeedRole = 'leader' | 'follower' | 'isolated'

/** Publishes not yet answered, at most: beyond, frames are dropped (never queued for later). */
const MAX_IN_FLIGHT = 16

export class RedisScale {
  readonly instanceId: string
  readonly stats = { fenced: 0, dropped: 0, handovers: 0, elections: 0, abandonedRounds: 0 }
  private readonly pub: Redis & LeaseScripts
  private readonly sub: Redis
  private readonly channel: string
  private readonly leaseKey: string
  private readonly termKey: string
  private readonly stateKey: string
  private readonly resumeKey: string
  private readonly ttlMs: number
  private readonly resumeEveryMs: number
  private timer: NodeJS.Timeout | undefined
  private resumeTimer: NodeJS.Timeout | undefined
  private role: FeedRole = 'follower'
  /** the term this instance leads (or last led) */
  private term = 0
  private token = ''
  /** performance.now() by which a leader must have renewed, or stop */
  private deadline = 0
  /** performance.now() of the last answer from Redis */
  private lastContact = -Infinity
  /** newest term seen on the channel */
  private seenTerm = 0
  /** the term at which this instance went isolated */
  private isolatedAt = 0
  /** the newest term this instance led */
  private ledTerm = 0
  private round: { startedAt: number } | undefined
  private inFlight = 0
  private saving = false
  private subscribed = false
  private closed = false
  /** newest packed positions relayed from Redis, with their term */
  private lastPositions: RelayedPositions | undefined
  private readonly seqs = new EventSeqs()
  private readonly leadingListeners = new Set<(leading: boolean) => void>()

  constructor(
    private readonly engine: FeedEngine,
    private readonly relay: FeedRelay,
    private readonly opts: RedisScaleOptions,
  ) {
    const prefix = opts.prefix ?? 'vpos:feed'
    this.channel = `${prefix}:frames`
    this.leaseKey = `${prefix}:leader`
    this.termKey = `${prefix}:term`
    this.stateKey = `${prefix}:state`
    this.resumeKey = `${prefix}:resume`
    this.ttlMs = opts.ttlMs ?? 2000
    this.resumeEveryMs = opts.resumeEveryMs ?? Math.min(1000, Math.floor(this.ttlMs / 2))
    this.instanceId = opts.instanceId ?? randomUUID()
    const redisOpts = scaleRedisOptions(Math.max(100, Math.floor(this.ttlMs / 4)))
    this.pub = defineLeaseScripts(new Redis(opts.url, redisOpts))
    this.sub = new Redis(opts.url, redisOpts)
    // ioredis reconnects on its own; failures surface through the election rounds.
    this.pub.on('error', () => {})
    this.sub.on('error', () => {})
  }

  get isLeader(): boolean {
    return this.currentRole === 'leader'
  }

  /** This instance's role now (a leader past its deadline has already stepped down). */
  get currentRole(): FeedRole {
    this.checkDeadline()
    return this.role
  }

  /** The term this instance leads, or the newest one it has seen. */
  get currentTerm(): number {
    return Math.max(this.term, this.seenTerm)
  }

  /** Never throws: with Redis down the instance starts isolated and keeps trying. */
  async start(): Promise<void> {
    this.sub.on('messageBuffer', (_channel: Buffer, message: Buffer) => this.onMessage(message))
    // ioredis keeps reconnecting in the background after a failed first connect.
    await Promise.all([this.pub.connect(), this.sub.connect()]).catch(() => {})
    try {
      const kept = splitTerm(await this.pub.getBuffer(this.stateKey))
      if (kept && !this.relay.latestState) this.relay.relay(kept.body, kept.term)
    } catch {
      /* no Redis yet: the election isolates */
    }
    await this.elect()
    if (this.closed) return
    this.timer = setInterval(
      () => {
        this.checkDeadline()
        void this.elect()
      },
      Math.max(50, Math.floor(this.ttlMs / 4)),
    )
    this.resumeTimer = setInterval(() => void this.saveResume(), this.resumeEveryMs)
  }

  /**
   * The engine's sink. Leading: everything goes through Redis (a fenced publish), also to
   * ourselves. Isolated: straight to this instance's sockets. Following: nothing comes here.
   */
  publish = (frame: Uint8Array): void => {
    if (this.closed) return
    this.checkDeadline()
    if (this.role === 'isolated') {
      this.relay.relay(frame)
      return
    }
    if (this.role !== 'leader') return
    if (this.inFlight >= MAX_IN_FLIGHT) {
      // Redis is slow to answer: a frame that cannot go now is dropped, never queued for later.
      this.stats.dropped++
      return
    }
    const keep = frame[0] === MSG.swarmState ? '1' : '0'
    this.inFlight++
    const token = this.token
    this.pub
      .vposPublish(
        this.leaseKey,
        this.channel,
        this.stateKey,
        token,
        withTerm(this.term, frame),
        keep,
        KEEP_PX,
      )
      .then((ok) => {
        this.lastContact = performance.now()
        if (ok === 0) this.fenced(token)
      })
      .catch(() => {})
      .finally(() => this.inFlight--)
  }

  private onMessage(message: Buffer): void {
    const split = this.closed ? null : splitTerm(message)
    if (!split) return
    const { term, body: frame } = split
    if (split.handover) {
      // The leader left gracefully and released the lease: elect now, not at the next round.
      if (this.role === 'follower' && term >= this.seenTerm) {
        this.stats.handovers++
        this.round = undefined
        void this.elect()
      }
      return
    }
    if (term < this.seenTerm) return
    this.seenTerm = term
    if (this.role === 'leader' && term > this.term) {
      // Someone else leads a newer term: this instance lost its lease.
      this.follow()
    }
    if (this.role === 'isolated') return
    if (frame[0] === MSG.packedPositions) {
      this.lastPositions = { term, frame: Uint8Array.from(frame) }
    } else {
      this.seqs.note(frame)
    }
    this.relay.relay(frame, term)
  }

  /** A leader past its deadline stops by itself: it can no longer know it holds the lease. */
  private checkDeadline(): void {
    if (this.role !== 'leader' || performance.now() < this.deadline) return
    // Not "isolated" yet: whether Redis is unreachable (isolate, feed our own clients) or another
    // instance leads now (follow it) is for the next election round to find out. Until then this
    // instance publishes nothing of its own — a leader paused past its lease never shows its
    // clients a swarm of its own after SIGCONT.
    this.follow()
  }

  /** This instance led the newest term anyone has seen: its own sim is the freshest swarm. */
  private get ownSimIsNewest(): boolean {
    return this.ledTerm > 0 && this.ledTerm >= this.seenTerm
  }

  /** A fenced write was refused at Redis: the lease is no longer ours. */
  private fenced(token: string): void {
    this.stats.fenced++
    if (this.role === 'leader' && token === this.token) this.follow()
  }

  private async elect(): Promise<void> {
    if (this.closed) return
    const now = performance.now()
    // One round at a time, but a round that has not settled within a lease is abandoned: the
    // election can never stay stuck behind a command that will not come back.
    if (this.round) {
      if (now - this.round.startedAt < this.ttlMs) return
      this.stats.abandonedRounds++
    }
    const round = { startedAt: now }
    this.round = round
    try {
      if (!this.subscribed) {
        await this.sub.subscribe(this.channel)
        this.subscribed = true
      }
      const sentAt = performance.now()
      if (this.role === 'leader') {
        const token = this.token
        const renewed = await this.pub.vposRenew(this.leaseKey, token, this.ttlMs)
        if (round !== this.round) return
        this.lastContact = performance.now()
        if (renewed === 1 && token === this.token) this.deadline = sentAt + this.ttlMs
        else this.follow()
        return
      }
      const term = Number(
        await this.pub.vposAcquire(this.leaseKey, this.termKey, this.instanceId, this.ttlMs),
      )
      if (round !== this.round || this.closed) return
      this.lastContact = performance.now()
      if (term > 0) await this.promote(term, sentAt)
      else if (this.role === 'isolated') await this.rejoinAsFollower()
    } catch {
      if (round !== this.round) return
      // Not reached Redis for a whole lease: serve our own clients ourselves.
      if (performance.now() - this.lastContact >= this.ttlMs) this.isolate()
    } finally {
      if (this.round === round) this.round = undefined
    }
  }

  private async promote(term: number, sentAt: number): Promise<void> {
    this.stats.elections++
    const wasRunning = this.engine.running
    this.term = term
    this.token = `${this.instanceId}|${term}`
    this.deadline = sentAt + this.ttlMs
    const record = parseResumeRecord(await this.pub.get(this.resumeKey))
    if (this.closed) return
    // A follower's own sim never ran: continue the swarm from the freshest state there is. An
    // instance that led the newest term (stepped down at its deadline, or isolated) keeps its own
    // sim, unless others led on meanwhile.
    const keepOwn =
      this.ownSimIsNewest || (wasRunning && !(record && record.term > this.isolatedAt))
    this.ledTerm = term
    takeOver(this.engine.source, {
      term,
      keepOwn,
      record,
      positions: this.lastPositions,
      seqs: this.seqs,
    })
    this.seenTerm = Math.max(this.seenTerm, term)
    this.setRole('leader')
    if (wasRunning) this.publish(this.engine.stateFrame())
    // A takeover ticks at once: the clients have already waited for the failover.
    else this.engine.start(0)
    void this.saveResume()
  }

  /** The resume record of the sim now (undefined: the source cannot capture its state). */
  private resumeValue(): string | undefined {
    const state = this.engine.source.captureState?.()
    return state === undefined ? undefined : this.seqs.record(this.term, state)
  }

  /** The rolling resume state: at most one write in flight, fenced like every frame. */
  private async saveResume(): Promise<void> {
    if (this.saving || this.closed || this.currentRole !== 'leader') return
    const value = this.resumeValue()
    if (value === undefined) return
    this.saving = true
    const token = this.token
    try {
      const ok = await this.pub.vposSave(this.leaseKey, this.resumeKey, token, value, KEEP_PX)
      this.lastContact = performance.now()
      if (ok === 0) this.fenced(token)
    } catch {
      /* the election rounds notice an unreachable Redis */
    } finally {
      this.saving = false
    }
  }

  /** Back from isolation under another leader: its latest state replaces our local swarm at once. */
  private async rejoinAsFollower(): Promise<void> {
    const kept = splitTerm(await this.pub.getBuffer(this.stateKey))
    if (this.role !== 'isolated') return
    this.follow()
    if (kept) this.relay.relay(kept.body, kept.term)
  }

  private follow(): void {
    this.engine.stop()
    this.setRole('follower')
  }

  private isolate(): void {
    if (this.closed || this.role === 'isolated') return
    this.isolatedAt = this.currentTerm
    // Whatever was sent and not answered is abandoned with the connections (no backlog that would
    // reach Redis, or our clients, in a burst once it answers again).
    this.subscribed = false
    this.pub.disconnect(true)
    this.sub.disconnect(true)
    this.setRole('isolated')
    if (this.engine.running) return
    if (this.ownSimIsNewest) {
      // A leader that stepped down at its deadline: its own sim is the swarm its clients watched.
      this.engine.start(0)
      return
    }
    // A follower's own sim never ran: continue the swarm its clients were watching.
    continueWatched(this.engine.source, this.relay.latestState, this.lastPositions, this.seqs)
    this.engine.start(0)
  }

  private setRole(role: FeedRole): void {
    if (role === this.role) return
    const wasLeading = this.role === 'leader'
    this.role = role
    this.opts.onRoleChange?.(role, this.currentTerm)
    if (wasLeading !== (role === 'leader')) {
      for (const l of this.leadingListeners) l(role === 'leader')
    }
  }

  /** Listens for this instance starting (true) and stopping (false) to lead; returns the remover. */
  onLeading(listener: (leading: boolean) => void): () => void {
    this.leadingListeners.add(listener)
    return () => this.leadingListeners.delete(listener)
  }

  /**
   * The lease key and this term's token while leading, for another producer that shares this
   * leadership and fences its own writes with them (the chain stream); undefined otherwise.
   */
  get fence(): { redis: Redis; leaseKey: string; token: string } | undefined {
    return this.currentRole === 'leader'
      ? { redis: this.pub, leaseKey: this.leaseKey, token: this.token }
      : undefined
  }

  /** Leaves cleanly: hands the lead over at once (state saved, lease released, followers told). */
  async close(): Promise<void> {
    if (this.closed) return
    const leading = this.currentRole === 'leader'
    this.closed = true
    clearInterval(this.timer)
    clearInterval(this.resumeTimer)
    this.engine.stop()
    if (leading) {
      const value = this.resumeValue() ?? '{}'
      await this.pub
        .vposHandover(
          this.leaseKey,
          this.resumeKey,
          this.channel,
          this.token,
          value,
          KEEP_PX,
          handoverNotice(this.term),
        )
        .catch(() => {})
    }
    this.setRole('follower')
    this.sub.disconnect()
    this.pub.disconnect()
  }

  /** Test hook: vanish like a crashed process (no release; the lease must expire). */
  crash(): void {
    this.closed = true
    clearInterval(this.timer)
    clearInterval(this.resumeTimer)
    this.engine.stop()
    this.sub.disconnect()
    this.pub.disconnect()
  }
}
