import { EventEmitter } from 'node:events'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { testConfig } from '../../server/config'
import { feedRoutes } from '../../server/feed/feed.routes'
import { FeedRelay, TERM_MARKER } from '../../server/feed/feed-relay'
import { encodeJsonFrame, encodePackedPositions } from '../../src/feed/protocol'

/** Just the ws surface the relay uses, with a controllable send buffer. */
class FakeSocket extends EventEmitter {
  readyState = 1
  bufferedAmount = 0
  sent: number[] = []
  terminated = false
  pings = 0
  send(frame: Uint8Array) {
    this.sent.push(frame[0]!)
  }
  terminate() {
    this.terminated = true
    this.readyState = 3
    this.emit('close')
  }
  ping() {
    this.pings++
  }
  close() {
    this.readyState = 3
  }
}
const fake = () => new FakeSocket() as FakeSocket & WebSocket

const state = encodeJsonFrame(0, { agents: [], metrics: { totalAgents: 0, activeAgents: 0 } })
const pos = encodeJsonFrame(1, [])
const packed = encodePackedPositions([], [], 0)
const msg = encodeJsonFrame(2, { id: '1', type: 'system', text: 'x', timestamp: '' })

afterEach(() => vi.useRealTimers())

describe('FeedRelay', () => {
  it('sends the latest state first and positions only after it, in the negotiated encoding', () => {
    const relay = new FeedRelay()
    const early = fake()
    relay.add(early, false)
    relay.relay(pos)
    relay.relay(state)
    const json = fake()
    const f32 = fake()
    relay.add(json, false)
    relay.add(f32, true)
    for (const f of [pos, packed, msg]) relay.relay(f)
    expect(early.sent).toEqual([0, 1, 2])
    expect(json.sent).toEqual([0, 1, 2])
    expect(f32.sent).toEqual([0, 8, 2])
  })

  it('drops frames of an older term than one relayed; term markers only for sockets that asked', () => {
    const relay = new FeedRelay()
    const plain = fake()
    const marked = fake()
    relay.add(plain, false)
    relay.add(marked, false, true)
    relay.relay(state, 3)
    relay.relay(pos, 3)
    relay.relay(pos, 2) // a stale leader's frame arriving late
    relay.relay(msg) // this instance's own (isolated) frame: no term
    relay.relay(state, 4)
    relay.relay(pos, 3)
    expect(plain.sent).toEqual([0, 1, 2, 0])
    expect(marked.sent).toEqual([TERM_MARKER, 0, 1, 2, TERM_MARKER, 0])
    expect(relay.stats.stale).toBe(2)
    expect(relay.maxTerm).toBe(4)
  })

  it('skips position frames for a backed-up socket, keeps events, terminates past the hard limit', () => {
    const relay = new FeedRelay({ softBytes: 1000, hardBytes: 5000 })
    const slow = fake()
    const fast = fake()
    relay.add(slow, false)
    relay.add(fast, false)
    relay.relay(state)
    slow.bufferedAmount = 2000
    relay.relay(pos)
    relay.relay(msg)
    expect(slow.sent).toEqual([0, 2])
    expect(fast.sent).toEqual([0, 1, 2])
    expect(relay.stats.skipped).toBe(1)
    slow.bufferedAmount = 6000
    relay.relay(pos)
    expect(slow.terminated).toBe(true)
    expect(fast.sent).toEqual([0, 1, 2, 1])
    expect(relay.clients.size).toBe(1)
  })

  it('terminates a peer that missed a heartbeat ping and keeps one that answered', () => {
    vi.useFakeTimers()
    const relay = new FeedRelay()
    const dead = fake()
    const live = fake()
    relay.add(dead, false)
    relay.add(live, false)
    relay.startHeartbeat(1000)
    vi.advanceTimersByTime(1000)
    expect([dead.pings, live.pings]).toEqual([1, 1])
    live.emit('pong')
    vi.advanceTimersByTime(1000)
    expect(dead.terminated).toBe(true)
    expect(live.terminated).toBe(false)
    relay.close()
  })

  it('slices a large fan-out across turns of the event loop, keeping every socket in order', async () => {
    const relay = new FeedRelay({ softBytes: 1 << 20, hardBytes: 1 << 22, sliceMs: 2 })
    // Each send costs ~0.2 ms, so one frame to 200 sockets is ~40 ms of work: 20+ slices.
    const slow = Array.from({ length: 200 }, () => {
      const s = fake()
      const send = s.send.bind(s)
      s.send = (frame: Uint8Array) => {
        const until = performance.now() + 0.2
        while (performance.now() < until);
        send(frame)
      }
      relay.add(s, false)
      return s
    })
    relay.relay(state)
    relay.relay(msg)
    expect(relay.pending).toBeGreaterThan(0)
    let turns = 0
    while (relay.pending > 0) {
      await new Promise((r) => setImmediate(r))
      turns++
    }
    expect(turns).toBeGreaterThan(5)
    expect(relay.stats.slices).toBeGreaterThan(5)
    for (const s of slow) expect(s.sent).toEqual([0, 2])
  })

  it('coalesces waiting frames: a newer position frame replaces a waiting one, a state replaces both', async () => {
    const relay = new FeedRelay({ softBytes: 1 << 20, hardBytes: 1 << 22, sliceMs: 0 })
    const sockets = Array.from({ length: 40 }, () => {
      const s = fake()
      relay.add(s, false)
      return s
    })
    const delivered: Uint8Array[] = []
    const spy = sockets.at(-1)!
    const record = spy.send.bind(spy)
    spy.send = (f: Uint8Array) => {
      delivered.push(f)
      record(f)
    }
    relay.relay(state) // slice 0 ms: stops after the first 16 sends, the rest waits
    const pos2 = encodeJsonFrame(1, [{ id: 'a', x: 2, y: 2 }])
    relay.relay(pos)
    relay.relay(msg)
    relay.relay(pos2)
    expect(relay.stats.coalesced).toBe(1)
    while (relay.pending > 0) await new Promise((r) => setImmediate(r))
    const last = sockets.at(-1)!
    // One position frame, the newer one, in the waiting one's place.
    expect(last.sent).toEqual([0, 1, 2])
    expect(delivered[1]).toBe(pos2)
    expect(relay.stats.sent).toBe(40 * 3)
    const frames: Uint8Array[] = []
    last.send = (f: Uint8Array) => void frames.push(f)
    relay.relay(state)
    relay.relay(pos)
    relay.relay(state)
    while (relay.pending > 0) await new Promise((r) => setImmediate(r))
    expect(frames.map((f) => f[0])).toEqual([0, 0])
    expect(relay.stats.coalesced).toBe(2)
  })
})

describe('FeedRelay over real sockets', () => {
  it('a client that stops reading is skipped, then cut off; memory stays bounded; others keep receiving', async () => {
    const app = Fastify()
    app.decorate('config', testConfig())
    const limits = { softBytes: 64 * 1024, hardBytes: 256 * 1024 }
    await app.register(feedRoutes, { agents: 1000, seed: 3, limits, engine: { stateEveryMs: 300 } })
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`
      const open = (ws: WebSocket) => new Promise((r) => ws.once('open', r))
      const bystander = new WebSocket(url)
      let received = 0
      bystander.on('message', () => received++)
      const slow = new WebSocket(url)
      slow.on('error', () => {})
      await Promise.all([open(bystander), open(slow)])
      slow.pause() // stops reading: the server's send buffer for it can only grow
      let maxBuffered = 0
      const watch = setInterval(() => {
        for (const c of app.feed.relay.clients)
          maxBuffered = Math.max(maxBuffered, c.ws.bufferedAmount)
      }, 5)
      // GOTCHA: a paused client does not read the server's FIN either; watch the server side.
      await expect
        .poll(() => app.feed.relay.stats.terminated, { timeout: 20_000, interval: 50 })
        .toBe(1)
      clearInterval(watch)
      // The terminated socket leaves the set on its 'close' event, a moment after terminate().
      await expect.poll(() => app.feed.relay.clients.size, { timeout: 2_000 }).toBe(1)
      const stats = app.feed.relay.stats
      expect(stats.skipped).toBeGreaterThan(0)
      // Never more than the hard limit (3 state frames here) plus the one frame that crossed it.
      const state = app.feed.relay.latestState?.length ?? 0
      expect(maxBuffered).toBeLessThanOrEqual(Math.max(limits.hardBytes, 3 * state) + state)
      const before = received
      await new Promise((r) => setTimeout(r, 500))
      expect(received).toBeGreaterThan(before)
      expect(bystander.readyState).toBe(WebSocket.OPEN)
      bystander.close()
      slow.terminate()
    } finally {
      await app.close()
    }
  }, 30_000)
})
