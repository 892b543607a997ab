import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { base58Decode, base58Encode, isSolanaAddress, truncateAddress } from './address'

describe('base58', () => {
  it.each([
    ['', ''],
    ['00', '1'],
    ['0000ff', '115Q'],
    ['61', '2g'],
    ['626262', 'a3gV'],
    ['516b6fcd0f', 'ABnLTmg'],
  ])('encodes %s as %s', (hex, text) => {
    expect(base58Encode(Buffer.from(hex, 'hex'))).toBe(text)
    expect(Buffer.from(base58Decode(text) ?? []).toString('hex')).toBe(hex)
  })

  it('round-trips any byte string', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(base58Decode(base58Encode(bytes))).toEqual(bytes)
      }),
      { seed: 7 },
    )
  })

  it.each(['0OIl', 'abc0', 'ab c'])('rejects text outside the alphabet: %s', (text) => {
    expect(base58Decode(text)).toBeNull()
  })
})

describe('isSolanaAddress', () => {
  it.each([
    ['11111111111111111111111111111111', true],
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', true],
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D', false],
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0', false],
    ['', false],
    ['<img src=x onerror=alert(1)>', false],
  ])('%s -> %s', (text, ok) => {
    expect(isSolanaAddress(text)).toBe(ok)
  })

  it('accepts every 32-byte key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(isSolanaAddress(base58Encode(bytes))).toBe(true)
      }),
      { seed: 11 },
    )
  })

  it('truncates to first 4 and last 4', () => {
    expect(truncateAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe('Toke...Q5DA')
  })
})
