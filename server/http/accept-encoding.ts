/**
 * Content negotiation for `Accept-Encoding` (RFC 9110, "Accept-Encoding"), for answers compressed
 * on the fly (plugins/compression.plugin.ts). Floor code: no Fastify, data in, data out.
 */

/** The encodings this server produces on the fly, preferred first. */
const ON_THE_FLY_ENCODINGS = ['br', 'gzip'] as const
export type OnTheFlyEncoding = (typeof ON_THE_FLY_ENCODINGS)[number]

/** Each coding's q-value as the header gives it (`*` included), lower-cased. */
function qualities(header: string): Map<string, number> {
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    if (!name) continue
    let value = 1
    for (const p of params) {
      const m = /^q=([0-9.]+)$/.exec(p)
      if (m) value = Number(m[1])
    }
    if (Number.isFinite(value)) q.set(name, Math.max(q.get(name) ?? 0, Math.min(1, value)))
  }
  return q
}

/**
 * The encoding to send for an `Accept-Encoding` header: the acceptable one with the highest
 * q-value, ties broken by our preference (br, then gzip); null for identity. `*` stands for any
 * coding not named; q=0 refuses one. No header means identity (a client that never said it can
 * decode gets the plain body, though RFC 9110 would allow any coding).
 */
export function negotiateEncoding(header: string | undefined): OnTheFlyEncoding | null {
  if (!header) return null
  const q = qualities(header)
  let best: OnTheFlyEncoding | null = null
  let bestQ = 0
  for (const coding of ON_THE_FLY_ENCODINGS) {
    const value = q.get(coding) ?? q.get('*') ?? 0
    if (value > bestQ) {
      best = coding
      bestQ = value
    }
  }
  return best
}
