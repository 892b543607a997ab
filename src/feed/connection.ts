/**
 * The client side of the live feed (PRODUCT.md §4 'Live feed connection', §7.1, §8), free of React
 * and of the store: states idle → connecting → open → closed; a close with a code other than 1000
 * retries after 1 s × 1.5^(attempt−1) (cap 30 s), at most 10 attempts, after which the failure is
 * reported, the counter reset and simulated data restored. A successful open resets the attempts.
 * While open, the ping byte 6 goes out every 30 s.
 */
import { apiPaths } from '../contracts/apiPaths'
import { backoffDelay } from '../contracts/reconnect'
import { type FeedLogger, type FeedMessage, MSG, decodeFrame } from './protocol'

export type FeedState = 'idle' | 'connecting' | 'open' | 'closed'

/** PRODUCT.md §8's texts, verbatim. */
export const FEED_TEXT = {
  open: 'WebSocket connection established - receiving live agent data',
  closed: 'WebSocket connection closed - attempting to reconnect...',
  closedAction: 'Connection to data feed lost',
  error: 'WebSocket connection error - check network connection',
  errorAction: 'Connection error',
  failed: 'Failed to establish WebSocket connection - reverting to simulated data',
} as const

const MAX_ATTEMPTS = 10
/** How long an errored socket may take to close before the connection counts it as closed. */
const ERROR_CLOSE_GRACE_MS = 1_000
const PING_INTERVAL_MS = 30_000

export interface FeedHandlers {
  onState(state: FeedState): void
  log(type: 'system' | 'alert', text: string): void
  setActionText(text: string): void
  onMessage(msg: FeedMessage): void
  /** 'live' when the connection opens; 'sim' when it gives up or is stopped */
  onSourceChange(source: 'live' | 'sim'): void
}

/** The part of the DOM WebSocket this module uses (a fake in unit tests). */
export interface SocketLike {
  binaryType: string
  readyState: number
  onopen: ((ev: unknown) => void) | null
  onclose: ((ev: { code: number }) => void) | null
  onerror: ((ev: unknown) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
  send(data: Uint8Array): void
  close(code?: number): void
}

export interface ConnectionOptions {
  url: string
  createSocket?: (url: string) => SocketLike
  logger?: FeedLogger
}

/**
 * The feed URL for a page location (PRODUCT.md §7.1): same host, path /ws, wss on https; falls back
 * to hostname:5000 when the location has no host. `packed` asks for type 8 frames.
 */
export function feedUrl(
  loc: { protocol: string; host: string; hostname: string },
  packed = false,
): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws'
  const host = loc.host || `${loc.hostname || 'localhost'}:5000`
  return `${scheme}://${host}${apiPaths.feed.url()}${packed ? '?positions=f32' : ''}`
}

export class LiveFeedConnection {
  state: FeedState = 'idle'
  attempts = 0
  private socket: SocketLike | undefined
  private retry: ReturnType<typeof setTimeout> | undefined
  private ping: ReturnType<typeof setInterval> | undefined
  private errorGrace: ReturnType<typeof setTimeout> | undefined
  private stopped = true

  constructor(
    private readonly opts: ConnectionOptions,
    private readonly on: FeedHandlers,
  ) {}

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.connect()
  }

  /** Closes cleanly (1000: no reconnect) and hands the swarm back to the local sim. */
  stop(): void {
    this.stopped = true
    clearTimeout(this.retry)
    this.teardown()
    this.setState('idle')
    this.on.onSourceChange('sim')
  }

  private setState(s: FeedState) {
    this.state = s
    this.on.onState(s)
  }

  private connect(): void {
    this.setState('connecting')
    let ws: SocketLike
    try {
      ws = (this.opts.createSocket ?? ((u) => new WebSocket(u) as unknown as SocketLike))(
        this.opts.url,
      )
    } catch {
      // A malformed URL throws synchronously; treat it as a failed attempt.
      this.onClose(1006)
      return
    }
    ws.binaryType = 'arraybuffer'
    this.socket = ws
    ws.onopen = () => {
      this.attempts = 0
      this.setState('open')
      this.on.log('system', FEED_TEXT.open)
      this.on.onSourceChange('live')
      this.ping = setInterval(() => {
        if (ws.readyState === 1) ws.send(Uint8Array.of(MSG.ping))
      }, PING_INTERVAL_MS)
    }
    ws.onmessage = (ev) => {
      const msg = decodeFrame(ev.data, this.opts.logger ?? console)
      if (msg) this.on.onMessage(msg)
    }
    ws.onerror = () => {
      this.on.log('alert', FEED_TEXT.error)
      this.on.setActionText(FEED_TEXT.errorAction)
      // A socket the browser refuses before it starts (Chromium: a URL the page's CSP does not
      // allow) reports an error and never closes: treated as closed after a grace period, the
      // connection retries instead of staying 'connecting' for good.
      clearTimeout(this.errorGrace)
      this.errorGrace = setTimeout(() => {
        if (this.socket === ws) this.onClose(1006)
      }, ERROR_CLOSE_GRACE_MS)
    }
    ws.onclose = (ev) => {
      if (this.socket !== ws) return
      this.onClose(ev.code)
    }
  }

  private onClose(code: number): void {
    this.teardown()
    if (this.stopped || code === 1000) {
      this.setState('closed')
      if (!this.stopped) this.on.onSourceChange('sim')
      return
    }
    // The attempt counter is settled before 'closed' is announced, so observers of the state see
    // the retry that is now scheduled (or 0 once the feed has given up).
    const giveUp = this.attempts >= MAX_ATTEMPTS
    this.attempts = giveUp ? 0 : this.attempts + 1
    this.setState('closed')
    this.on.log('alert', FEED_TEXT.closed)
    this.on.setActionText(FEED_TEXT.closedAction)
    if (!giveUp) {
      this.retry = setTimeout(() => this.connect(), backoffDelay(this.attempts))
      return
    }
    this.on.log('alert', FEED_TEXT.failed)
    this.stopped = true
    this.on.onSourceChange('sim')
  }

  private teardown(): void {
    clearInterval(this.ping)
    this.ping = undefined
    clearTimeout(this.errorGrace)
    this.errorGrace = undefined
    const ws = this.socket
    this.socket = undefined
    if (ws) {
      ws.onopen = ws.onmessage = ws.onerror = null
      ws.onclose = null
      if (ws.readyState <= 1) ws.close(1000)
    }
  }
}
