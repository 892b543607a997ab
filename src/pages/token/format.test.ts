import { describe, expect, it } from 'vitest'
import {
  fixed,
  formatBalance,
  formatChange,
  formatCount,
  formatMillions,
  formatPair,
  formatPrice,
  formatThousands,
  formatTimestamp,
  formatUsd,
  truncateAddress,
  vposPrice,
} from './format'

describe('token formats (SPEC §2)', () => {
  it.each([
    ['0.00421512', '$0.004215'],
    [0.0042155, '$0.004216'],
    ['1.5', '$1.500000'],
    ['0', '$0.000000'],
    ['not a number', '$0.000000'],
    [12345.678, '$12345.678000'],
  ])('price %j -> %s (6 decimals)', (v, out) => expect(formatPrice(v)).toBe(out))

  it.each([
    [2.754, { direction: 'up', arrow: '▲', text: '2.75%' }],
    [-3.104, { direction: 'down', arrow: '▼', text: '3.10%' }],
    [0, { direction: 'up', arrow: '▲', text: '0.00%' }],
    [-0.005, { direction: 'down', arrow: '▼', text: '0.01%' }],
    [120, { direction: 'up', arrow: '▲', text: '120.00%' }],
  ])('24h change %d -> %j', (v, out) => expect(formatChange(v)).toEqual(out))

  it.each([
    [3_456_000, '$3.46M'],
    [4_215_120, '$4.22M'],
    [999, '$0.00M'],
    [1_250_000_000, '$1250.00M'],
  ])('millions %d -> %s', (v, out) => expect(formatMillions(v)).toBe(out))

  it.each([
    [184_000, '$184.00K'],
    [252_345, '$252.35K'],
    [12, '$0.01K'],
    [0, '$0.00K'],
  ])('thousands %d -> %s', (v, out) => expect(formatThousands(v)).toBe(out))

  it.each([
    [1240, '1,240'],
    [0, '0'],
    [1234567.4, '1,234,567'],
  ])('count %d -> %s', (v, out) => expect(formatCount(v)).toBe(out))

  it.each([
    [12345.678, '12,345.68'],
    [12345.5, '12,345.5'],
    [100, '100'],
    [0.001, '0'],
  ])('balance %d -> %s (at most 2 decimals)', (v, out) => expect(formatBalance(v)).toBe(out))

  it.each([
    [52034.1, '$52,034.10'],
    [0, '$0.00'],
    [0.005, '$0.01'],
  ])('usd %d -> %s', (v, out) => expect(formatUsd(v)).toBe(out))

  it.each([
    ['TrsYQ8e2ZkPn5vWx3LmJcB7hDa9GfRu4Ns6tKq1VbEo', 24, 'TrsYQ8e2ZkPn5vWx3LmJcB7h...'],
    ['short', 24, 'short'],
    ['x'.repeat(24), 24, 'x'.repeat(24)],
    ['x'.repeat(25), 24, `${'x'.repeat(24)}...`],
  ])('truncate %s to %d -> %s', (a, n, out) => expect(truncateAddress(a, n)).toBe(out))

  it('timestamps read as local YYYY-MM-DD HH:MM:SS; bad input as a dash', () => {
    const d = new Date(2025, 0, 2, 3, 4, 5)
    expect(formatTimestamp(d.toISOString())).toBe('2025-01-02 03:04:05')
    expect(formatTimestamp('nope')).toBe('—')
  })

  it.each([
    ['vPOS', 'SOL', 'vPOS/SOL'],
    ['', 'USDC', '?/USDC'],
  ])('pair %s %s -> %s', (b, q, out) => expect(formatPair(b, q)).toBe(out))
})

describe('marketplace vPOS price (§9)', () => {
  it.each([
    [500, '0.004215', 118624],
    [10000, 0.004215, 2372479],
    [1000, '0.5', 2000],
    [15000, 2, 7500],
    [500, '0', null],
    [500, -1, null],
    [500, null, null],
    [500, undefined, null],
    [500, 'abc', null],
  ])('%d USD at price %j -> %j', (usd, price, out) => expect(vposPrice(usd, price)).toBe(out))
})

describe('fixed', () => {
  it.each([
    [0.0042155, 6, '0.004216'],
    [252.345, 2, '252.35'],
    [1.005, 2, '1.01'],
    [-1.005, 2, '-1.01'],
    [1e21, 2, '1e+21'],
    [0, 2, '0.00'],
  ])('fixed(%d, %d) -> %s', (n, d, out) => expect(fixed(n, d)).toBe(out))
})
