import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  FEED_TEXT,
  type FeedHandlers,
  LiveFeedConnection,
  type SocketLike,
  feedUrl,
} from './connection'
import { backoffDelay } from '../contracts/reconnect'
import { PositionInterpolator } from './interpolation'
import { encodeJsonFrame } from './protocol'

class FakeSocket implements SocketLike {
  binaryType = 'blob'
  readyState = 0
  onopen: SocketLike['onopen'] = null
  onclose: SocketLike['onclose'] = null
  onerror: SocketLike['onerror'] = null
  onmessage: SocketLike['onmessage'] = null
  sent: number[][] = []
  constructor(readonly url: string) {}
  send(d: Uint8Array) {
    this.sent.push(Array.from(d))
  }
  close() {
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  fail(code = 1006) {
    this.onerror?.({})
    this.readyState = 3
    this.onclose?.({ code })
  }
}

let sockets: FakeSocket[]
let events: string[]
let handlers: FeedHandlers

beforeEach(() => {
  vi.useFakeTimers()
  sockets = []
  events = []
  handlers = {
    onState: (s) => events.push(`state:${s}`),
    log: (t, text) => events.push(`${t}:${text}`),
    setActionText: (t) => events.push(`action:${t}`),
    onMessage: (m) => events.push(`msg:${m.type}`),
    onSourceChange: (s) => events.push(`source:${s}`),
  }
})
afterEach(() => vi.useRealTimers())

function make() {
  return new LiveFeedConnection(
    {
      url: 'ws://h/ws',
      createSocket: (u) => {
        const s = new FakeSocket(u)
        sockets.push(s)
        return s
      },
      logger: { warn: () => {}, error: () => {} },
    },
    handlers,
  )
}

describe('LiveFeedConnection', () => {
  it('opens, logs the §8 line, switches to live data and pings every 30 s', () => {
    const c = make()
    c.start()
    expect(c.state).toBe('connecting')
    sockets[0]!.open()
    expect(events).toEqual([
      'state:connecting',
      'state:open',
      `system:${FEED_TEXT.open}`,
      'source:live',
    ])
    expect(sockets[0]!.binaryType).toBe('arraybuffer')
    vi.advanceTimersByTime(29_999)
    expect(sockets[0]!.sent).toEqual([])
    vi.advanceTimersByTime(1)
    expect(sockets[0]!.sent).toEqual([[6]])
    vi.advanceTimersByTime(30_000)
    expect(sockets[0]!.sent).toEqual([[6], [6]])
  })

  it('a socket that errors and never closes (refused by CSP) counts as closed after 1 s, and is retried', () => {
    const c = make()
    c.start()
    sockets[0]!.onerror?.({})
    vi.advanceTimersByTime(999)
    expect(c.state).toBe('connecting')
    vi.advanceTimersByTime(1)
    expect(c.state).toBe('closed')
    expect(c.attempts).toBe(1)
    vi.advanceTimersByTime(backoffDelay(1))
    expect(sockets).toHaveLength(2)
    expect(c.state).toBe('connecting')
  })

  it('an error followed by its close is handled once', () => {
    const c = make()
    c.start()
    sockets[0]!.fail()
    expect(c.attempts).toBe(1)
    vi.advanceTimersByTime(1_000)
    expect(c.attempts).toBe(1)
    expect(events.filter((e) => e === 'state:closed')).toHaveLength(1)
  })

  it('decodes binary frames and hands them on', () => {
    const c = make()
    c.start()
    sockets[0]!.open()
    sockets[0]!.onmessage?.({
      data: encodeJsonFrame(4, { totalAgents: 1, activeAgents: 1 }).buffer,
    })
    sockets[0]!.onmessage?.({ data: 'text is ignored' })
    expect(events.filter((e) => e.startsWith('msg'))).toEqual(['msg:4'])
  })

  it('retries with 1 s × 1.5^(n−1) capped at 30 s, 10 attempts, then reverts to simulated data', () => {
    const c = make()
    c.start()
    sockets[0]!.fail()
    expect(events).toContain(`alert:${FEED_TEXT.error}`)
    expect(events).toContain(`action:${FEED_TEXT.errorAction}`)
    expect(events).toContain(`alert:${FEED_TEXT.closed}`)
    expect(events).toContain(`action:${FEED_TEXT.closedAction}`)
    const delays: number[] = []
    for (let attempt = 1; attempt <= 10; attempt++) {
      const before = sockets.length
      let waited = 0
      while (sockets.length === before) {
        vi.advanceTimersByTime(250)
        waited += 250
      }
      delays.push(waited)
      sockets.at(-1)!.fail()
    }
    expect(delays).toEqual([1000, 1500, 2250, 3500, 5250, 7750, 11500, 17250, 25750, 30000])
    expect(events.at(-2)).toBe(`alert:${FEED_TEXT.failed}`)
    expect(events.at(-1)).toBe('source:sim')
    expect(c.attempts).toBe(0)
    vi.advanceTimersByTime(120_000)
    expect(sockets).toHaveLength(11)
  })

  it('a successful open resets the attempt counter', () => {
    const c = make()
    c.start()
    sockets[0]!.fail()
    vi.advanceTimersByTime(1000)
    sockets[1]!.fail()
    expect(c.attempts).toBe(2)
    vi.advanceTimersByTime(1500)
    sockets[2]!.open()
    expect(c.attempts).toBe(0)
    sockets[2]!.fail(1001)
    vi.advanceTimersByTime(1000)
    expect(sockets).toHaveLength(4)
  })

  it('does not reconnect after a clean close (1000)', () => {
    const c = make()
    c.start()
    sockets[0]!.open()
    sockets[0]!.readyState = 3
    sockets[0]!.onclose?.({ code: 1000 })
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(1)
    expect(events.at(-1)).toBe('source:sim')
    expect(events).not.toContain(`alert:${FEED_TEXT.closed}`)
  })

  it('stop() closes with 1000 and returns to idle', () => {
    const c = make()
    c.start()
    sockets[0]!.open()
    c.stop()
    expect(c.state).toBe('idle')
    expect(sockets[0]!.readyState).toBe(3)
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(1)
  })
})

describe('feedUrl', () => {
  it.each([
    [{ protocol: 'http:', host: 'a.io:5062', hostname: 'a.io' }, false, 'ws://a.io:5062/ws'],
    [{ protocol: 'https:', host: 'a.io', hostname: 'a.io' }, false, 'wss://a.io/ws'],
    [{ protocol: 'file:', host: '', hostname: '' }, false, 'ws://localhost:5000/ws'],
    [{ protocol: 'http:', host: '', hostname: 'box' }, true, 'ws://box:5000/ws?positions=f32'],
  ])('%o packed=%s ⇒ %s', (loc, packed, url) => expect(feedUrl(loc, packed)).toBe(url))
})

describe('backoffDelay', () => {
  it.each([
    [1, 1000],
    [2, 1500],
    [3, 2250],
    [9, 25628.90625],
    [10, 30000],
    [20, 30000],
  ])('attempt %i ⇒ %f ms', (n, ms) => expect(backoffDelay(n)).toBe(ms))
})

describe('PositionInterpolator', () => {
  it('moves from the drawn position to the new target over one frame interval', () => {
    const ip = new PositionInterpolator()
    const x = Float32Array.from([0, 10])
    const y = Float32Array.from([0, 10])
    ip.reset(x, y, 2, 0)
    ip.push(x, y, 100, (tx, ty) => {
      tx[0] = 10
      ty[0] = 20
    })
    ip.sample(150, x, y)
    expect([x[0], y[0], x[1], y[1]]).toEqual([5, 10, 10, 10])
    ip.sample(400, x, y)
    expect([x[0], y[0]]).toEqual([10, 20])
  })
})
