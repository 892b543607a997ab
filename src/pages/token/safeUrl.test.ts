import { describe, expect, it } from 'vitest'
import { safeExternalUrl } from './safeUrl'

describe('safeExternalUrl', () => {
  it.each([
    ['https://dexscreener.com/solana/abc', 'https://dexscreener.com/solana/abc'],
    ['http://example.org', 'http://example.org/'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['/relative', null],
    ['', null],
    [null, null],
  ])('%j -> %j', (url, out) => expect(safeExternalUrl(url)).toBe(out))
})
