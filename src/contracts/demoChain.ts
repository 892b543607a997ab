/**
 * The demo chain's balance rule, shared by the server's demo provider (which answers with it) and
 * the browser's demo wallet (which picks a key that can enter a chat room with it): every figure
 * derives from SHA-256(`vpos-demo:` + address).
 *
 *   balance bucket = h[0] % 10:  0–1 below bronze (0–999) · 2–3 bronze (1k–10k) · 4–5 silver
 *   (10k–100k) · 6–7 gold (100k–1M) · 8–9 platinum (1M–5M); position in the bucket from h[1..2].
 */
export const DEMO_HASH_PREFIX = 'vpos-demo:'

const BUCKETS: ReadonlyArray<readonly [number, number]> = [
  [0, 1_000],
  [0, 1_000],
  [1_000, 10_000],
  [1_000, 10_000],
  [10_000, 100_000],
  [10_000, 100_000],
  [100_000, 1_000_000],
  [100_000, 1_000_000],
  [1_000_000, 5_000_000],
  [1_000_000, 5_000_000],
]

/** The demo vPOS balance an address's digest gives. */
export function demoBalanceFromDigest(h: Uint8Array): number {
  const [lo, hi] = BUCKETS[(h[0] ?? 0) % 10] ?? [0, 1]
  const fraction = (((h[1] ?? 0) << 8) | (h[2] ?? 0)) / 65_536
  return Math.round((lo + fraction * (hi - lo)) * 100) / 100
}
