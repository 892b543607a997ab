import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildSignInMessage, parseSignInMessage, type SignInFields } from './auth'

const fields: SignInFields = {
  domain: 'localhost:5000',
  address: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  statement: 'Sign in to vPOS Swarm chat and whitelist.',
  uri: 'http://localhost:5000',
  version: '1',
  chainId: 'mainnet',
  nonce: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
  issuedAt: '2025-01-01T00:00:00.000Z',
  expirationTime: '2025-01-01T00:10:00.000Z',
}

describe('Sign-In With Solana message', () => {
  it('has the SIWS layout', () => {
    expect(buildSignInMessage(fields)).toBe(
      [
        'localhost:5000 wants you to sign in with your Solana account:',
        'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        '',
        'Sign in to vPOS Swarm chat and whitelist.',
        '',
        'URI: http://localhost:5000',
        'Version: 1',
        'Chain ID: mainnet',
        'Nonce: a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
        'Issued At: 2025-01-01T00:00:00.000Z',
        'Expiration Time: 2025-01-01T00:10:00.000Z',
      ].join('\n'),
    )
  })

  it.each([
    ['all fields', fields],
    ['no statement', { ...fields, statement: undefined }],
    ['no expiration', { ...fields, expirationTime: undefined }],
  ])('round-trips with %s', (_, f) => {
    expect(parseSignInMessage(buildSignInMessage(f))).toEqual(f)
  })

  it('round-trips arbitrary single-line values', () => {
    const line = fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((s) => !/[\n]/.test(s) && s.trim() === s && s.length > 0)
    fc.assert(
      fc.property(line, line, (nonce, statement) => {
        fc.pre(!statement.startsWith('URI: '))
        const f = { ...fields, nonce, statement }
        expect(parseSignInMessage(buildSignInMessage(f))).toEqual(f)
      }),
      { seed: 3 },
    )
  })

  it('accepts the optional CAIP-122 fields wallets may add', () => {
    const text = `${buildSignInMessage(fields)}\nNot Before: 2025-01-01T00:00:00.000Z\nRequest ID: 7\nResources:\n- https://x.test`
    expect(parseSignInMessage(text)?.nonce).toBe(fields.nonce)
  })

  it.each([
    ['not SIWS', 'hello'],
    ['missing nonce', buildSignInMessage(fields).replace(/\nNonce: .*/, '')],
    ['unknown field', `${buildSignInMessage(fields)}\nEvil: 1`],
    ['duplicate nonce', `${buildSignInMessage(fields)}\nNonce: other`],
    ['no blank line after address', buildSignInMessage(fields).replace('Q5DA\n\n', 'Q5DA\n')],
  ])('rejects %s', (_, text) => {
    expect(parseSignInMessage(text)).toBeNull()
  })
})
