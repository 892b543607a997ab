import { describe, expect, it } from 'vitest'
import { collectWallets } from './discovery'
import {
  NO_SOLANA_WALLET,
  NOT_PHANTOM,
  type InjectedSolanaProvider,
  type InjectedWindow,
} from './injected'
import type { StandardWallet } from './standard'

const store = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined }
const phantomProvider = { isPhantom: true } as InjectedSolanaProvider
const std = (name: string): StandardWallet => ({
  name,
  chains: ['solana:mainnet'],
  accounts: [],
  features: { 'standard:connect': {}, 'solana:signMessage': {} },
})

describe('collectWallets', () => {
  it.each([
    ['nothing, no demo', [], {}, false, [], false, NO_SOLANA_WALLET],
    ['nothing, demo chain', [], {}, true, [], true, NO_SOLANA_WALLET],
    ['a non-Phantom window.solana', [], { solana: {} }, false, [], false, NOT_PHANTOM],
    [
      'injected Phantom',
      [],
      { phantom: { solana: phantomProvider } },
      true,
      ['Phantom'],
      true,
      null,
    ],
    [
      'Phantom via both paths: the standard one wins',
      [std('Phantom')],
      { phantom: { solana: phantomProvider } },
      false,
      ['Phantom'],
      false,
      null,
    ],
    [
      'a standard wallet plus injected Phantom',
      [std('Solflare')],
      { phantom: { solana: phantomProvider } },
      false,
      ['Solflare', 'Phantom'],
      false,
      null,
    ],
  ] as const)('%s', (_, standard, win, demo, names, hasDemo, missing) => {
    const out = collectWallets(standard, win as InjectedWindow, demo, store)
    expect(out.wallets.map((w) => w.name)).toEqual(names)
    expect(out.demo !== null).toBe(hasDemo)
    expect(out.missing).toBe(missing)
  })

  it('returns the same adapter object for the same wallet (it remembers its account)', () => {
    const w = std('Backpack')
    const a = collectWallets([w], {}, true, store)
    const b = collectWallets([w], {}, true, store)
    expect(a.wallets[0]).toBe(b.wallets[0])
    expect(a.demo).toBe(b.demo)
    expect(a.wallets[0]?.kind).toBe('standard')
  })
})
