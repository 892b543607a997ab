/**
 * Market data for the vPOS token (PRODUCT.md §7.2): the DexScreener `latest/dex/tokens/{mint}`
 * client and the embedded demo provider (a random-walk pair) used when MARKET_DATA_URL is unset.
 * Both implement MarketProvider; caching, timeouts and the breaker live in the route's
 * GuardedUpstream.
 */
import type { TokenPair } from '../../src/contracts/market'

export interface MarketProvider {
  readonly kind: 'demo' | 'dexscreener'
  /** The first pair listed for `mint`, or null when the provider knows no pair. */
  getPair(mint: string, signal: AbortSignal): Promise<TokenPair | null>
}

/** PRODUCT.md §7.2's error text for a non-OK upstream answer. */
export const MARKET_NOT_OK = 'Network response was not ok'

const num = (v: unknown): number => {
  const n = typeof v === 'string' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : 0
}
const rec = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {}

/** Maps one DexScreener pair object (fields may be missing on young pools) to our TokenPair. */
function toTokenPair(raw: unknown): TokenPair {
  const p = rec(raw)
  const h24 = rec(rec(p.txns).h24)
  const base = rec(p.baseToken)
  return {
    priceUsd: typeof p.priceUsd === 'string' ? p.priceUsd : String(num(p.priceUsd)),
    priceChange: { h24: num(rec(p.priceChange).h24) },
    marketCap: num(p.marketCap),
    fdv: num(p.fdv),
    volume: { h24: num(rec(p.volume).h24) },
    txns: { h24: { buys: Math.round(num(h24.buys)), sells: Math.round(num(h24.sells)) } },
    liquidity: { usd: num(rec(p.liquidity).usd) },
    baseToken: {
      symbol: String(base.symbol ?? ''),
      ...(typeof base.address === 'string' ? { address: base.address } : {}),
    },
    quoteToken: { symbol: String(rec(p.quoteToken).symbol ?? '') },
    url: String(p.url ?? ''),
  }
}

/** Client for a DexScreener-shaped API at `baseUrl` (e.g. https://api.dexscreener.com). */
export function createDexScreenerClient(baseUrl: string): MarketProvider {
  const root = baseUrl.replace(/\/+$/, '')
  return {
    kind: 'dexscreener',
    async getPair(mint, signal) {
      const res = await fetch(`${root}/latest/dex/tokens/${encodeURIComponent(mint)}`, {
        signal,
        headers: { accept: 'application/json' },
      })
      if (!res.ok) throw new Error(`${MARKET_NOT_OK} (${res.status})`)
      const body = rec(await res.json())
      const pairs = body.pairs
      if (pairs === undefined || pairs === null) return null
      // A malformed answer is a failure (last good value stays, marked stale), not "no pair".
      if (!Array.isArray(pairs) || (pairs.length > 0 && typeof pairs[0] !== 'object')) {
        throw new Error(`${MARKET_NOT_OK} (malformed answer)`)
      }
      if (pairs.length === 0) return null
      return toTokenPair(pairs[0])
    },
  }
}

/** mulberry32: a tiny seeded PRNG so the demo walk is reproducible in tests. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface DemoMarketOptions {
  seed?: number
  now?: () => number
  /** one random-walk step per this many ms of wall time */
  stepMs?: number
}

const DEMO_SUPPLY = 1_000_000_000

/**
 * A plausible vPOS/SOL pair that random-walks with time: ±1.5 % price steps every 5 s, volume and
 * trade counts drifting with it. Deterministic for a seed and a clock.
 */
export function createDemoMarketProvider(opts: DemoMarketOptions = {}): MarketProvider {
  const now = opts.now ?? Date.now
  const stepMs = opts.stepMs ?? 5000
  const rand = prng(opts.seed ?? 0x5eed)
  const open24h = 0.004215
  let price = open24h
  let volume = 184_000
  let buys = 1240
  let sells = 905
  let liquidity = 252_000
  let lastStep = now()
  const step = () => {
    price = Math.max(0.0001, price * (1 + (rand() - 0.5) * 0.03))
    volume = Math.max(10_000, volume * (1 + (rand() - 0.45) * 0.02))
    liquidity = Math.max(50_000, liquidity * (1 + (rand() - 0.5) * 0.01))
    if (rand() < 0.6) buys += 1 + Math.floor(rand() * 4)
    else sells += 1 + Math.floor(rand() * 4)
  }
  return {
    kind: 'demo',
    async getPair(mint) {
      // Catch up with wall time, bounded so a long-idle server does not spin.
      const steps = Math.min(1000, Math.floor((now() - lastStep) / stepMs))
      for (let i = 0; i < steps; i++) step()
      lastStep += steps * stepMs
      return {
        priceUsd: price.toFixed(8),
        priceChange: { h24: Math.round(((price - open24h) / open24h) * 10_000) / 100 },
        marketCap: Math.round(price * DEMO_SUPPLY * 0.82),
        fdv: Math.round(price * DEMO_SUPPLY),
        volume: { h24: Math.round(volume) },
        txns: { h24: { buys, sells } },
        liquidity: { usd: Math.round(liquidity) },
        baseToken: { symbol: 'vPOS', address: mint },
        quoteToken: { symbol: 'SOL' },
        url: `https://dexscreener.com/solana/${mint}`,
      }
    },
  }
}
