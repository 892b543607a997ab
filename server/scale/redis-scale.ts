/**
 * Scale-out of the live feed over Redis (DESIGN §3, issue 14): every instance subscribes to one
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
 * Failover continues the swarm: the leader writes a rolling resume state (the whole sim, see
 * src/sim/resumeState) every second and at a graceful shutdown; followers keep the newest position
 * frame and the highest event ids they relayed. A new leader resumes from the state plus those
 * positions, so agents move on from where clients last saw them and ids never repeat. A graceful
 * shutdown hands over at once: one script saves the state, deletes the lease and tells the
 * followers, who elect immediately instead of waiting for the lease to expire.
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { MSG, decodeFrame } from '../../src/feed/protocol'
import type { FeedEngine } from './feed-engine'
import type { FeedRelay } from './feed-relay'
import { scaleRedisOptions } from './redis-options'

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

/** KEYS: lease, term counter. ARGV: instance id, ttl. → the held term, or 0 when another holds it. */
const ACQUIRE = `
local cur = redis.call('GET', KEYS[1])
if cur then
  local sep = string.find(cur, '|', 1, true)
  if sep and string.sub(cur, 1, sep - 1) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return tonumber(string.sub(cur, sep + 1))
  end
  return 0
end
local t = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. t, 'PX', ARGV[2])
return t`
/** KEYS: lease. ARGV: token, ttl. */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`
/** KEYS: lease, channel, state. ARGV: token, payload, '1' to keep it as the latest state, px. */
const PUBLISH = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PUBLISH', KEYS[2], ARGV[2])
if ARGV[3] == '1' then redis.call('SET', KEYS[3], ARGV[2], 'PX', ARGV[4]) end
return 1`
/** KEYS: lease, key. ARGV: token, value, px. */
const SAVE = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1`
/** KEYS: lease, resume, channel. ARGV: token, resume state, px, handover notice. */
const HANDOVER = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', KEYS[3], ARGV[4])
return 1`

interface ScaleCommands {
  vposAcquire(lease: string, termKey: string, id: string, ttl: number): Promise<number>
  vposRenew(lease: string, token: string, ttl: number): Promise<number>
  vposPublish(
    lease: string,
    channel: string,
    stateKey: string,
    token: string,
    payload: Buffer,
    keep: '0' | '1',
    px: number,
  ): Promise<number>
  vposSave(lease: string, key: string, token: string, value: string, px: number): Promise<number>
  vposHandover(
    lease: string,
    resumeKey: string,
    channel: string,
    token: string,
    value: string,
    px: number,
    notice: Buffer,
  ): Promise<number>
}

/** The byte after the term header that marks a handover notice instead of a frame. */
const HANDOVER_BYTE = 0xfe
const TERM_BYTES = 4
/** Kept long enough for any follower to resume from, short enough not to linger. */
const KEEP_PX = 10 * 60_000
/** Publishes not yet answered, at most: beyond, frames are dropped (never queued for later). */
const MAX_IN_FLIGHT = 16
/**
 * Event ids of term T start above T × this: instances that ran their own sims while isolated may
 * have issued the same numbers, and none of those can come back under a newer term.
 */
const TERM_ID_BLOCK = 1_000_000_000

interface ResumeRecord {
  term: number
  writtenAt: number
  messageSeq: number
  errorSeq: number
  state: unknown
}

function withTerm(term: number, body: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(TERM_BYTES + body.length)
  out.writeUInt32BE(term, 0)
  out.set(body, TERM_BYTES)
  return out
}

/** The number in an event id such as 'm42' / 'e7' (0 when it has none). */
function seqOf(id: unknown): number {
  const m = typeof id === 'string' ? /(\d+)$/.exec(id) : null
  return m ? Number(m[1]) : 0
}

export class RedisScale {
  readonly instanceId: string
  readonly stats = { fenced: 0, dropped: 0, handovers: 0, elections: 0, abandonedRounds: 0 }
  private readonly pub: Redis & ScaleCommands
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
  private lastPositions: { term: number; frame: Uint8Array } | undefined
  private messageSeq = 0
  private errorSeq = 0
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
    this.pub = new Redis(opts.url, redisOpts) as Redis & ScaleCommands
    this.sub = new Redis(opts.url, redisOpts)
    this.pub.defineCommand('vposAcquire', { numberOfKeys: 2, lua: ACQUIRE })
    this.pub.defineCommand('vposRenew', { numberOfKeys: 1, lua: RENEW })
    this.pub.defineCommand('vposPublish', { numberOfKeys: 3, lua: PUBLISH })
    this.pub.defineCommand('vposSave', { numberOfKeys: 2, lua: SAVE })
    this.pub.defineCommand('vposHandover', { numberOfKeys: 3, lua: HANDOVER })
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
      const state = await this.pub.getBuffer(this.stateKey)
      if (state && state.length > TERM_BYTES && !this.relay.latestState) {
        this.relay.relay(state.subarray(TERM_BYTES), state.readUInt32BE(0))
      }
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
    if (this.closed || message.length <= TERM_BYTES) return
    const term = message.readUInt32BE(0)
    const frame = message.subarray(TERM_BYTES)
    if (frame.length === 1 && frame[0] === HANDOVER_BYTE) {
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
    const type = frame[0]
    if (type === MSG.packedPositions) {
      this.lastPositions = { term, frame: Uint8Array.from(frame) }
    } else if (type === MSG.systemMessage || type === MSG.errorEvent) {
      const msg = decodeFrame(frame)
      if (msg?.type === MSG.systemMessage)
        this.messageSeq = Math.max(this.messageSeq, seqOf(msg.payload.id))
      if (msg?.type === MSG.errorEvent)
        this.errorSeq = Math.max(this.errorSeq, seqOf(msg.payload.id))
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
    const record = await this.readResume()
    if (this.closed) return
    // A follower's own sim never ran: continue the swarm from the freshest state there is. An
    // instance that led the newest term (stepped down at its deadline, or isolated) keeps its own
    // sim, unless others led on meanwhile.
    const idFloor = term * TERM_ID_BLOCK
    const ownNewest = this.ownSimIsNewest
    this.ledTerm = term
    if (!ownNewest && (!wasRunning || (record && record.term > this.isolatedAt))) {
      const positions =
        this.lastPositions && record && this.lastPositions.term >= record.term
          ? decodeFrame(this.lastPositions.frame)
          : null
      this.engine.source.continueFrom?.({
        ...(record
          ? { state: record.state, skipMs: Math.max(0, Date.now() - record.writtenAt) }
          : {}),
        ...(positions?.type === MSG.packedPositions ? { positions: positions.payload } : {}),
        messageSeq: Math.max(this.messageSeq, record?.messageSeq ?? 0, idFloor),
        errorSeq: Math.max(this.errorSeq, record?.errorSeq ?? 0, idFloor),
      })
    } else {
      this.engine.source.continueFrom?.({ messageSeq: idFloor, errorSeq: idFloor })
    }
    this.seenTerm = Math.max(this.seenTerm, term)
    this.setRole('leader')
    if (wasRunning) this.publish(this.engine.stateFrame())
    // A takeover ticks at once: the clients have already waited for the failover.
    else this.engine.start(0)
    void this.saveResume()
  }

  private async readResume(): Promise<ResumeRecord | undefined> {
    const raw = await this.pub.get(this.resumeKey)
    if (!raw) return undefined
    try {
      const r = JSON.parse(raw) as ResumeRecord
      return typeof r.term === 'number' ? r : undefined
    } catch {
      return undefined
    }
  }

  private resumeValue(): string | undefined {
    const state = this.engine.source.captureState?.()
    if (state === undefined) return undefined
    const record: ResumeRecord = {
      term: this.term,
      writtenAt: Date.now(),
      messageSeq: this.messageSeq,
      errorSeq: this.errorSeq,
      state,
    }
    return JSON.stringify(record)
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
    const state = await this.pub.getBuffer(this.stateKey)
    if (this.role !== 'isolated') return
    this.follow()
    if (state && state.length > TERM_BYTES) {
      this.relay.relay(state.subarray(TERM_BYTES), state.readUInt32BE(0))
    }
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
    const last = this.relay.latestState ? decodeFrame(this.relay.latestState) : null
    if (last?.type === MSG.swarmState) this.engine.source.resume?.(last.payload)
    const positions = this.lastPositions ? decodeFrame(this.lastPositions.frame) : null
    this.engine.source.continueFrom?.({
      ...(positions?.type === MSG.packedPositions ? { positions: positions.payload } : {}),
      messageSeq: this.messageSeq,
      errorSeq: this.errorSeq,
    })
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
          withTerm(this.term, Uint8Array.of(HANDOVER_BYTE)),
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
