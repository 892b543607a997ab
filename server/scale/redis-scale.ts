/**
 * Scale-out of the live feed over Redis (DESIGN §3): every instance subscribes to one frame channel
 * and relays what arrives to its own sockets; exactly one elected leader runs the sim and publishes.
 *
 * Election: `SET leaderKey <instanceId> NX PX ttl`; the leader renews every ttl/3 with a
 * compare-and-pexpire script and followers retry the SET at the same pace, so a dead leader is
 * replaced within about ttl + ttl/3 (≈ 4 s with the defaults). The leader also keeps the latest type
 * 0 frame under stateKey: new sockets on any instance start from it, and a new leader resumes the
 * same agents from it instead of starting a different swarm.
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
  onRoleChange?: (role: 'leader' | 'follower') => void
}

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
  private leader = false
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
    return this.leader
  }

  async start(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()])
    this.sub.on('messageBuffer', (_channel: Buffer, message: Buffer) => this.relay.relay(message))
    await this.sub.subscribe(this.channel)
    const state = await this.pub.getBuffer(this.stateKey)
    if (state && !this.relay.latestState) this.relay.latestState = state
    await this.elect()
    this.timer = setInterval(() => void this.elect(), Math.max(100, Math.floor(this.ttlMs / 3)))
  }

  /** The engine's sink when this instance leads: everything goes through Redis, also to ourselves. */
  publish = (frame: Uint8Array): void => {
    if (!this.leader || this.closed) return
    const buf = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength)
    this.pub.publish(this.channel, buf).catch(() => {})
    if (frame[0] === MSG.swarmState)
      this.pub.set(this.stateKey, buf, 'PX', 10 * 60_000).catch(() => {})
  }

  private async elect(): Promise<void> {
    if (this.closed) return
    try {
      if (this.leader) {
        const renewed = await this.pub.eval(
          RENEW,
          1,
          this.leaderKey,
          this.instanceId,
          String(this.ttlMs),
        )
        if (renewed !== 1) this.demote()
        return
      }
      const got = await this.pub.set(this.leaderKey, this.instanceId, 'PX', this.ttlMs, 'NX')
      if (got === 'OK') await this.promote()
    } catch {
      // Redis unreachable: a leader that cannot renew must stop, or two sims would publish.
      if (this.leader) this.demote()
    }
  }

  private async promote(): Promise<void> {
    // Resume the swarm the previous leader was running.
    const state = await this.pub.getBuffer(this.stateKey)
    const msg = state ? decodeFrame(state) : null
    if (msg?.type === MSG.swarmState) this.engine.source.resume?.(msg.payload)
    if (this.closed) return
    this.leader = true
    this.engine.start()
    this.opts.onRoleChange?.('leader')
  }

  private demote(): void {
    this.leader = false
    this.engine.stop()
    this.opts.onRoleChange?.('follower')
  }

  /** Leaves cleanly: stops publishing and hands the lead over at once. */
  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.timer)
    this.engine.stop()
    if (this.leader)
      await this.pub.eval(RELEASE, 1, this.leaderKey, this.instanceId).catch(() => {})
    this.leader = false
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
