/**
 * Per-instance fan-out of encoded frames to this process's /ws sockets. The same bytes go to every
 * socket (no per-client encoding). Memory stays bounded: position frames are skipped for a socket
 * whose send buffer is already backed up (the next frame supersedes them anyway), and a socket that
 * still falls behind past the hard limit is terminated. Dead peers are found by protocol pings.
 */
import type { WebSocket } from 'ws'
import { MSG } from '../../src/feed/protocol'

export interface FeedClient {
  readonly ws: WebSocket
  /** negotiated type 8 instead of type 1 */
  readonly packed: boolean
  /** has received a type 0; position frames before that would be meaningless */
  hasState: boolean
  alive: boolean
}

export interface RelayLimits {
  /** above this many buffered bytes, position frames are skipped for the socket */
  softBytes: number
  /** above this many buffered bytes (or 3 state frames' worth, if larger) the socket is terminated */
  hardBytes: number
}

export const DEFAULT_LIMITS: RelayLimits = { softBytes: 256 * 1024, hardBytes: 8 * 1024 * 1024 }

export class FeedRelay {
  latestState: Uint8Array | undefined
  readonly clients = new Set<FeedClient>()
  readonly stats = { sent: 0, skipped: 0, terminated: 0 }
  private heartbeat: NodeJS.Timeout | undefined

  constructor(private readonly limits: RelayLimits = DEFAULT_LIMITS) {}

  get wantsPacked(): boolean {
    for (const c of this.clients) if (c.packed) return true
    return false
  }

  add(ws: WebSocket, packed: boolean): FeedClient {
    const client: FeedClient = { ws, packed, hasState: false, alive: true }
    this.clients.add(client)
    ws.on('pong', () => (client.alive = true))
    ws.on('close', () => this.clients.delete(client))
    if (this.latestState) this.send(client, this.latestState, true)
    return client
  }

  /** Delivers one frame from the engine (local or via Redis) to the sockets that want it. */
  relay(frame: Uint8Array): void {
    const type = frame[0]
    if (type === MSG.swarmState) this.latestState = frame
    const hard = Math.max(this.limits.hardBytes, 3 * (this.latestState?.length ?? 0))
    for (const c of this.clients) {
      if (c.ws.readyState !== 1) continue
      const buffered = c.ws.bufferedAmount
      if (buffered > hard) {
        this.stats.terminated++
        c.ws.terminate()
        continue
      }
      if (type === MSG.positions || type === MSG.packedPositions) {
        if (!c.hasState || c.packed !== (type === MSG.packedPositions)) continue
        if (buffered > this.limits.softBytes) {
          this.stats.skipped++
          continue
        }
      }
      this.send(c, frame, type === MSG.swarmState)
    }
  }

  private send(c: FeedClient, frame: Uint8Array, isState: boolean): void {
    if (isState) c.hasState = true
    this.stats.sent++
    c.ws.send(frame, { binary: true })
  }

  /** Protocol-level pings every `everyMs`; a peer that missed the previous one is terminated. */
  startHeartbeat(everyMs = 30_000): void {
    this.heartbeat = setInterval(() => {
      for (const c of this.clients) {
        if (!c.alive) {
          this.stats.terminated++
          c.ws.terminate()
          continue
        }
        c.alive = false
        c.ws.ping()
      }
    }, everyMs)
    this.heartbeat.unref()
  }

  close(): void {
    clearInterval(this.heartbeat)
    for (const c of this.clients) c.ws.close(1001, 'server shutting down')
    this.clients.clear()
  }
}
