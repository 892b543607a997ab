import { describe, expect, it, vi } from 'vitest'
import { base58Encode } from '../contracts/address'
import {
  findPhantom,
  injectedAdapter,
  NO_SOLANA_WALLET,
  NOT_PHANTOM,
  type InjectedSolanaProvider,
} from './injected'

const ADDRESS = base58Encode(new Uint8Array(32).fill(7))
const key = { toString: () => ADDRESS }

function provider(over: Partial<InjectedSolanaProvider> = {}): InjectedSolanaProvider {
  return {
    isPhantom: true,
    connect: vi.fn(async () => ({ publicKey: key })),
    disconnect: vi.fn(async () => undefined),
    signMessage: vi.fn(async () => ({ signature: new Uint8Array(64).fill(1) })),
    ...over,
  }
}

describe('findPhantom (§5 texts)', () => {
  const phantom = provider()
  const other = provider({ isPhantom: false })
  it.each([
    ['nothing injected', {}, NO_SOLANA_WALLET],
    ['an empty phantom object', { phantom: {} }, NO_SOLANA_WALLET],
    ['another wallet at window.solana', { solana: other }, NOT_PHANTOM],
    [
      'a non-Phantom provider at window.phantom.solana',
      { phantom: { solana: other } },
      NOT_PHANTOM,
    ],
  ])('%s -> %s', (_, win, error) => {
    expect(findPhantom(win)).toEqual({ error })
  })

  it.each([
    ['window.phantom.solana', { phantom: { solana: phantom } }],
    ['legacy window.solana', { solana: phantom }],
    ['both, preferring window.phantom.solana', { phantom: { solana: phantom }, solana: other }],
  ])('finds Phantom at %s', (_, win) => {
    expect(findPhantom(win)).toEqual({ provider: phantom })
  })

  it('texts are the exact §5 wording', () => {
    expect(NO_SOLANA_WALLET).toBe(
      'Solana wallet not found! Please install a Solana wallet extension.',
    )
    expect(NOT_PHANTOM).toBe('Please install Phantom wallet!')
  })
})

describe('injectedAdapter', () => {
  it('connects to the provider address and signs with utf8 display', async () => {
    const p = provider()
    const a = injectedAdapter(p)
    expect(a.signIn).toBeUndefined()
    expect(await a.connect()).toBe(ADDRESS)
    const msg = new Uint8Array([1, 2, 3])
    expect(await a.signMessage(msg)).toHaveLength(64)
    expect(p.signMessage).toHaveBeenCalledWith(msg, 'utf8')
  })

  it.each([
    ['a raw Uint8Array', new Uint8Array(64).fill(2)],
    ['a number array', Array.from({ length: 64 }, () => 3)],
  ])('accepts a signature returned as %s', async (_, raw) => {
    const a = injectedAdapter(
      provider({ signMessage: async () => ({ signature: raw as unknown as Uint8Array }) }),
    )
    expect(await a.signMessage(new Uint8Array(1))).toHaveLength(64)
  })

  it('refuses a short signature and a garbage address', async () => {
    const short = injectedAdapter(
      provider({ signMessage: async () => ({ signature: new Uint8Array(10) }) }),
    )
    await expect(short.signMessage(new Uint8Array(1))).rejects.toThrow(/no signature/)
    const bad = injectedAdapter(
      provider({ connect: async () => ({ publicKey: { toString: () => 'nope' } }) }),
    )
    await expect(bad.connect()).rejects.toThrow(/no valid address/)
  })

  it('uses solana signIn when the provider offers it', async () => {
    const signedMessage = new TextEncoder().encode('x wants you to sign in')
    const a = injectedAdapter(
      provider({
        signIn: async () => ({ address: key, signedMessage, signature: new Uint8Array(64) }),
      }),
    )
    const out = await a.signIn?.({
      domain: 'x',
      address: ADDRESS,
      uri: 'http://x',
      version: '1',
      chainId: 'mainnet',
      nonce: 'n',
      issuedAt: 'now',
    })
    expect(out).toEqual({ address: ADDRESS, signedMessage, signature: new Uint8Array(64) })
  })
})
