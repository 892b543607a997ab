/**
 * Scale-out of the live feed over Redis (DESIGN §3): every instance subscribes to one frame channel
 * and relays what arrives to its own sockets; exactly one elected leader runs the sim and publishes.
 *
 * Election: `SET leaderKey <instanceId> NX PX ttl`; the leader renews every ttl/3 with a
 * compare-and-pexpire script and followers retry the SET at the same pace, so a dead leader is
 * replaced within about ttl + ttl/3 (≈ 4 s with the defaults). The leader also keeps the latest type
 * 0 frame under stateKey: new sockets on any instance start from it, and a new leader resumes the
 * same agents from it instead of starting a different swarm.
 *
 * Redis unreachable (at boot or later): the instance goes ISOLATED — it runs its own sim and relays
 * it to its own sockets, so no client's feed freezes (instances then show different swarms). Once
 * Redis answers again it rejoins the election; an isolated instance that becomes a follower stops
 * its sim and hands its clients the leader's latest state at once.
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { MSG, decodeFrame } from '../../src/feed/protocol'
import type { FeedEngine } from './feed-engine'
import type { FeedRelay } from './feed-relay'

export interface RedisScaleOptions {
  url: string
  /** key/channel namespace (tests use a random one) */
  prefix?: string
  ttlMs?: number
  instanceId?: string
  onRoleChange?: (role: FeedRole) => void
}

export type FeedRole = 'leader' | 'follower' | 'isolated'

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`

export class RedisScale {
  readonly instanceId: string
  private readonly pub: Redis
  private readonly sub: Redis
  private readonly channel: string
  private readonly leaderKey: string
  private readonly stateKey: string
  private readonly ttlMs: number
  private timer: NodeJS.Timeout | undefined
  private role: FeedRole = 'follower'
  private subscribed = false
  private electing = false
  private closed = false

  constructor(
    private readonly engine: FeedEngine,
    private readonly relay: FeedRelay,
    private readonly opts: RedisScaleOptions,
  ) {
    const prefix = opts.prefix ?? 'vpos:feed'
    this.channel = `${prefix}:frames`
    this.leaderKey = `${prefix}:leader`
    this.stateKey = `${prefix}:state`
    this.ttlMs = opts.ttlMs ?? 3000
    this.instanceId = opts.instanceId ?? randomUUID()
    const redisOpts = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false }
    this.pub = new Redis(opts.url, redisOpts)
    this.sub = new Redis(opts.url, redisOpts)
    // ioredis reconnects on its own; errors are reported through the election loop's failures.
    this.pub.on('error', () => {})
    this.sub.on('error', () => {})
  }

  get isLeader(): boolean {
    return this.role === 'leader'
  }

  get currentRole(): FeedRole {
    return this.role
  }

  /** Never throws: with Redis down the instance starts isolated and keeps trying. */
  async start(): Promise<void> {
    this.sub.on('messageBuffer', (_channel: Buffer, message: Buffer) => {
      if (this.role !== 'isolated') this.relay.relay(message)
    })
    // ioredis keeps reconnecting in the background after a failed first connect.
    await Promise.all([this.pub.connect(), this.sub.connect()]).catch(() => {})
    try {
      const state = await this.pub.getBuffer(this.stateKey)
      if (state && !this.relay.latestState) this.relay.latestState = state
    } catch {
      /* no Redis yet: elect() isolates */
    }
    await this.elect()
    this.timer = setInterval(() => void this.elect(), Math.max(100, Math.floor(this.ttlMs / 3)))
  }

  /**
   * The engine's sink. Leading: everything goes through Redis, also to ourselves. Isolated: straight
   * to this instance's sockets. Following: the engine is stopped; nothing comes here.
   */
  publish = (frame: Uint8Array): void => {
    if (this.closed) return
    if (this.role === 'isolated') {
      this.relay.relay(frame)
      return
    }
    if (this.role !== 'leader') return
    const buf = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength)
    this.pub.publish(this.channel, buf).catch(() => {})
    if (frame[0] === MSG.swarmState)
      this.pub.set(this.stateKey, buf, 'PX', 10 * 60_000).catch(() => {})
  }

  private async elect(): Promise<void> {
    // One round at a time: a slow Redis must not stack elections up.
    if (this.closed || this.electing) return
    this.electing = true
    try {
      if (!this.subscribed) {
        await this.sub.subscribe(this.channel)
        this.subscribed = true
      }
      if (this.role !== 'follower') {
        // A leader renews; an isolated instance that still holds the lease (a short blip) leads on.
        const renewed = await this.pub.eval(
          RENEW,
          1,
          this.leaderKey,
          this.instanceId,
          String(this.ttlMs),
        )
        if (renewed === 1) {
          if (this.role === 'isolated') await this.promote()
          return
        }
        if (this.role === 'leader') {
          this.follow()
          return
        }
      }
      const got = await this.pub.set(this.leaderKey, this.instanceId, 'PX', this.ttlMs, 'NX')
      if (got === 'OK') await this.promote()
      else if (this.role === 'isolated') await this.rejoinAsFollower()
    } catch {
      // Redis unreachable: a leader that cannot renew must stop publishing through Redis (another
      // instance may take the lease); every instance keeps its own clients fed meanwhile.
      this.isolate()
    } finally {
      this.electing = false
    }
  }

  private async promote(): Promise<void> {
    // Resume the swarm the previous leader was running (an isolated instance keeps its own).
    if (this.role !== 'isolated') {
      const state = await this.pub.getBuffer(this.stateKey)
      const msg = state ? decodeFrame(state) : null
      if (msg?.type === MSG.swarmState) this.engine.source.resume?.(msg.payload)
    }
    if (this.closed) return
    this.setRole('leader')
    if (this.engine.running) this.publish(this.engine.stateFrame())
    else this.engine.start()
  }

  /** Back from isolation under another leader: its latest state replaces our local swarm at once. */
  private async rejoinAsFollower(): Promise<void> {
    const state = await this.pub.getBuffer(this.stateKey)
    this.follow()
    if (state) this.relay.relay(state)
  }

  private follow(): void {
    this.engine.stop()
    this.setRole('follower')
  }

  private isolate(): void {
    if (this.closed || this.role === 'isolated') return
    this.setRole('isolated')
    if (this.engine.running) {
      this.relay.relay(this.engine.stateFrame())
      return
    }
    // A follower's own sim never ran: continue the swarm its clients were watching.
    const last = this.relay.latestState ? decodeFrame(this.relay.latestState) : null
    if (last?.type === MSG.swarmState) this.engine.source.resume?.(last.payload)
    this.engine.start()
  }

  private setRole(role: FeedRole): void {
    if (role === this.role) return
    this.role = role
    this.opts.onRoleChange?.(role)
  }

  /** Leaves cleanly: stops publishing and hands the lead over at once. */
  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.timer)
    this.engine.stop()
    if (this.role === 'leader')
      await this.pub.eval(RELEASE, 1, this.leaderKey, this.instanceId).catch(() => {})
    this.role = 'follower'
    this.sub.disconnect()
    this.pub.disconnect()
  }

  /** Test hook: vanish like a crashed process (no release; the lease must expire). */
  crash(): void {
    this.closed = true
    clearInterval(this.timer)
    this.engine.stop()
    this.sub.disconnect()
    this.pub.disconnect()
  }
}
