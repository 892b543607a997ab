/**
 * Token Info formats (PRODUCT.md §2): pure functions shared by the page, the terminal and the
 * marketplace.
 */
import { formatNumber } from '../../ui/format'

const num = (v: number | string): number => {
  const n = typeof v === 'string' ? Number(v) : v
  return Number.isFinite(n) ? n : 0
}

/**
 * n with d decimals, rounding half away from zero on the decimal digits as written (toFixed works on
 * the binary value: 0.0042155 would give 0.004215).
 */
export function fixed(n: number, d: number): string {
  const sign = n < 0 ? -1 : 1
  const r = Number(`${Math.round(Number(`${Math.abs(n)}e${d}`))}e-${d}`)
  return Number.isFinite(r) ? (sign * r).toFixed(d) : n.toFixed(d)
}

/** Price in USD with 6 decimals: '$0.004215'. */
export function formatPrice(priceUsd: number | string): string {
  return `$${fixed(num(priceUsd), 6)}`
}

export interface Change {
  direction: 'up' | 'down'
  arrow: '▲' | '▼'
  /** absolute value, 2 decimals, with '%' */
  text: string
}
/** 24h change: direction arrow plus the absolute value with 2 decimals ('▼', '3.10%'). */
export function formatChange(h24: number): Change {
  const v = num(h24)
  const down = v < 0
  return {
    direction: down ? 'down' : 'up',
    arrow: down ? '▼' : '▲',
    text: `${fixed(Math.abs(v), 2)}%`,
  }
}

/** Market cap / FDV in millions: '$3.46M'. */
export function formatMillions(usd: number): string {
  return `$${fixed(num(usd) / 1_000_000, 2)}M`
}

/** Volume / liquidity in thousands: '$184.00K'. */
export function formatThousands(usd: number): string {
  return `$${fixed(num(usd) / 1_000, 2)}K`
}

/** A whole count with thousands separators: '1,240'. */
export function formatCount(n: number): string {
  return formatNumber(Math.round(num(n)))
}

/** Token balance with at most 2 decimals: '12,345.5'. */
export function formatBalance(n: number): string {
  return formatNumber(num(n), 2)
}

/** A USD amount with exactly 2 decimals: '$52,034.10'. */
export function formatUsd(n: number): string {
  return `$${formatNumber(num(n), 2, 2)}`
}

/** The first `keep` characters followed by '...' when the address is longer (treasury: 24). */
export function truncateAddress(address: string, keep = 24): string {
  return address.length > keep ? `${address.slice(0, keep)}...` : address
}

/** A timestamp as 'YYYY-MM-DD HH:MM:SS' in the viewer's local time; '—' when unreadable. */
export function formatTimestamp(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return '—'
  const p = (x: number) => String(x).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

/** The pool pair label: 'vPOS/SOL'. */
export function formatPair(base: string, quote: string): string {
  return `${base || '?'}/${quote || '?'}`
}

/**
 * PRODUCT.md §9 marketplace: a product's vPOS price = USD-like value / current token price, rounded
 * to whole; null when there is no positive price (the price is then not shown).
 */
export function vposPrice(
  usdValue: number,
  priceUsd: number | string | null | undefined,
): number | null {
  const p = priceUsd === null || priceUsd === undefined ? 0 : num(priceUsd)
  if (!(p > 0)) return null
  return Math.round(usdValue / p)
}
