/** A fake TerminalEnv for the interpreter's unit tests: a manual clock, seeded chance, a fake stream. */
import type { MarketTokenResponse } from '../../contracts/market'
import { TerminalSession } from './session'
import type { AgentSummary, LineType, McpStream, McpStreamHandlers, TerminalEnv } from './types'

class FakeStream implements McpStream {
  readyState = 0
  closed = false
  constructor(
    readonly url: string,
    readonly handlers: McpStreamHandlers,
    readonly events: readonly string[],
  ) {}
  open() {
    this.readyState = 1
    this.handlers.open()
  }
  emit(event: string, data: unknown) {
    this.handlers.message(event, typeof data === 'string' ? data : JSON.stringify(data))
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState
    this.handlers.error()
  }
  close() {
    this.readyState = 2
    this.closed = true
  }
}

export interface FakeEnv extends TerminalEnv {
  /** advances the clock, running due callbacks in time order */
  advance(ms: number): void
  streams: FakeStream[]
  pending(): number
  token: { value: MarketTokenResponse | Error }
}

export function fakeEnv(
  opts: { agents?: Partial<AgentSummary>; openThrows?: string } = {},
): FakeEnv {
  let now = Date.UTC(2025, 5, 1, 12, 0, 0)
  let seq = 0
  let queue: { at: number; seq: number; fn: () => void }[] = []
  let seed = 1
  const streams: FakeStream[] = []
  const token: FakeEnv['token'] = {
    value: {
      tokenAddress: 'vPoS7kGq3nZt1xWJd8Yh2bRcLmA5uEfTs9NwKpQ4HzV',
      pair: {
        priceUsd: '0.00421512',
        priceChange: { h24: -3.104 },
        marketCap: 3_456_000,
        fdv: 4_215_120,
        volume: { h24: 184_000 },
        txns: { h24: { buys: 1240, sells: 905 } },
        liquidity: { usd: 252_000 },
        baseToken: { symbol: 'vPOS' },
        quoteToken: { symbol: 'SOL' },
        url: 'https://dexscreener.com/solana/x',
      },
      stale: false,
      fetchedAt: new Date(now).toISOString(),
    },
  }
  return {
    streams,
    token,
    now: () => now,
    random: () => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) >>> 0
      let t = seed
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    },
    schedule(fn, ms) {
      const item = { at: now + ms, seq: ++seq, fn }
      queue.push(item)
      return () => {
        queue = queue.filter((q) => q !== item)
      }
    },
    advance(ms) {
      const end = now + ms
      for (;;) {
        queue.sort((a, b) => a.at - b.at || a.seq - b.seq)
        const next = queue[0]
        if (!next || next.at > end) break
        queue.shift()
        now = next.at
        next.fn()
      }
      now = end
    },
    pending: () => queue.length,
    openMcpStream(url, handlers, events) {
      if (opts.openThrows) throw new SyntaxError(opts.openThrows)
      const s = new FakeStream(url, handlers, events)
      streams.push(s)
      return s
    },
    agents: () => ({
      total: 146,
      active: 120,
      failing: 3,
      processingPower: 6543.2,
      efficiency: '97.3',
      source: 'sim',
      ...opts.agents,
    }),
    tokenInfo: () =>
      token.value instanceof Error ? Promise.reject(token.value) : Promise.resolve(token.value),
  }
}

/** A cleared session over a fake env, with its output as text: all of it, or one line type's. */
export function sessionFixture(opts: Parameters<typeof fakeEnv>[0] = {}) {
  const env = fakeEnv(opts)
  const t = new TerminalSession(env)
  t.clear()
  const lines = () => t.getState().lines.map((l) => l.text)
  const typed = (type: LineType) =>
    t
      .getState()
      .lines.filter((l) => l.type === type)
      .map((l) => l.text)
  return { env, t, lines, typed }
}
