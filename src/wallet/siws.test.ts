import { describe, expect, it, vi } from 'vitest'
import { buildSignInMessage, type SignInFields } from '../contracts/auth'
import { utf8Decode, utf8Encode } from './bytes'
import { isUserRejection, signSiws } from './siws'
import type { WalletAdapter } from './types'

const fields: SignInFields = {
  domain: 'vpos.example',
  address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
  statement: 'Sign in',
  uri: 'https://vpos.example',
  version: '1',
  chainId: 'mainnet',
  nonce: 'abcdef0123456789',
  issuedAt: '2026-01-01T00:00:00.000Z',
}
const sig = new Uint8Array(64).fill(7)

function wallet(signIn?: WalletAdapter['signIn']): WalletAdapter {
  return {
    id: 'w',
    name: 'W',
    kind: 'standard',
    connect: async () => fields.address,
    disconnect: async () => undefined,
    signMessage: vi.fn(async () => sig),
    signIn,
  }
}

describe('signSiws', () => {
  it('uses signIn where the wallet offers it', async () => {
    const w = wallet(async () => ({
      address: fields.address,
      signedMessage: utf8Encode('from the wallet'),
      signature: sig,
    }))
    expect(await signSiws(w, fields)).toEqual({ message: 'from the wallet', signature: sig })
    expect(w.signMessage).not.toHaveBeenCalled()
  })

  it.each([
    ['signIn is missing', undefined],
    [
      'signIn throws',
      async () => {
        throw new Error('solana:signIn is not supported on this chain')
      },
    ],
  ])('falls back to signMessage of the same SIWS text when %s', async (_, signIn) => {
    const w = wallet(signIn)
    const out = await signSiws(w, fields)
    expect(out.message).toBe(buildSignInMessage(fields))
    expect(out.signature).toBe(sig)
    const signed = vi.mocked(w.signMessage).mock.calls[0]?.[0]
    expect(utf8Decode(signed!)).toBe(buildSignInMessage(fields))
  })

  it('does not ask again when the person rejected signIn', async () => {
    const w = wallet(async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    await expect(signSiws(w, fields)).rejects.toThrow('User rejected')
    expect(w.signMessage).not.toHaveBeenCalled()
  })

  it('refuses a signIn made with another account', async () => {
    const w = wallet(async () => ({
      address: 'other',
      signedMessage: utf8Encode('x'),
      signature: sig,
    }))
    await expect(signSiws(w, fields)).rejects.toThrow('another account')
  })
})

describe('isUserRejection', () => {
  it.each([
    [{ code: 4001 }, true],
    [new Error('User rejected the request'), true],
    [Object.assign(new Error('x'), { name: 'WalletSignInError' }), false],
    [new Error('Method not supported'), false],
    ['string', false],
  ])('%s', (err, expected) => expect(isUserRejection(err)).toBe(expected))
})
