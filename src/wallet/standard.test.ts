import { describe, expect, it, vi } from 'vitest'
import { base58Encode } from '../contracts/address'
import {
  createStandardRegistry,
  isUsableSolanaWallet,
  standardAdapter,
  type StandardAccount,
  type StandardWallet,
} from './standard'

const account: StandardAccount = {
  address: base58Encode(new Uint8Array(32).fill(9)),
  publicKey: new Uint8Array(32).fill(9),
  chains: ['solana:mainnet'],
  features: ['solana:signMessage'],
}

function wallet(name: string, over: Partial<StandardWallet> = {}): StandardWallet {
  return {
    name,
    chains: ['solana:mainnet', 'solana:devnet'],
    accounts: [],
    features: {
      'standard:connect': { connect: vi.fn(async () => ({ accounts: [account] })) },
      'standard:disconnect': { disconnect: vi.fn(async () => undefined) },
      'solana:signMessage': {
        signMessage: vi.fn(async () => [
          { signedMessage: new Uint8Array(1), signature: new Uint8Array(64).fill(4) },
        ]),
      },
    },
    ...over,
  }
}

describe('isUsableSolanaWallet', () => {
  const base = wallet('W')
  it.each([
    ['a Solana wallet with connect and signMessage', base, true],
    ['an Ethereum-only wallet', { ...base, chains: ['eip155:1'] }, false],
    ['a wallet without connect', { ...base, features: { 'solana:signMessage': {} } }, false],
    [
      'a wallet that can only sign in',
      { ...base, features: { 'standard:connect': {}, 'solana:signIn': {} } },
      true,
    ],
    ['a wallet that cannot sign', { ...base, features: { 'standard:connect': {} } }, false],
  ])('%s -> %s', (_, w, usable) => {
    expect(isUsableSolanaWallet(w)).toBe(usable)
  })
})

describe('Wallet Standard registry', () => {
  it('registers wallets loaded before the app (app-ready) and after it (register-wallet)', () => {
    const target = new EventTarget()
    const early = wallet('Early')
    // A wallet that loaded first waits for the app's announcement.
    target.addEventListener('wallet-standard:app-ready', (e) => {
      ;(e as CustomEvent<{ register(w: StandardWallet): void }>).detail.register(early)
    })
    const registry = createStandardRegistry(target)
    const seen = vi.fn()
    registry.subscribe(seen)
    registry.start()
    registry.start() // idempotent
    expect(registry.wallets().map((w) => w.name)).toEqual(['Early'])
    // A wallet loading later dispatches its own event with a callback.
    const late = wallet('Late')
    const eth = wallet('Eth', { chains: ['eip155:1'] })
    for (const w of [late, eth]) {
      target.dispatchEvent(
        new CustomEvent('wallet-standard:register-wallet', {
          detail: (api: { register(w: StandardWallet): void }) => api.register(w),
        }),
      )
    }
    expect(registry.wallets().map((w) => w.name)).toEqual(['Early', 'Late'])
    expect(seen).toHaveBeenCalledTimes(3)
  })

  it('adapts connect, signMessage and disconnect', async () => {
    const w = wallet('Solflare')
    const a = standardAdapter(w)
    expect(a).toMatchObject({ id: 'standard:Solflare', name: 'Solflare', kind: 'standard' })
    await expect(a.signMessage(new Uint8Array(1))).rejects.toThrow(/cannot sign/)
    expect(await a.connect()).toBe(account.address)
    expect(await a.signMessage(new Uint8Array([5]))).toEqual(new Uint8Array(64).fill(4))
    await a.disconnect()
    expect(
      (w.features['standard:disconnect'] as { disconnect: () => void }).disconnect,
    ).toHaveBeenCalled()
  })

  it('offers solana:signIn when the wallet has it', async () => {
    const signedMessage = new Uint8Array([1, 2])
    const w = wallet('Phantom')
    w.features['solana:signIn'] = {
      signIn: async () => [{ account, signedMessage, signature: new Uint8Array(64) }],
    }
    const out = await standardAdapter(w).signIn?.({
      domain: 'd',
      address: account.address,
      uri: 'http://d',
      version: '1',
      chainId: 'mainnet',
      nonce: 'n',
      issuedAt: 't',
    })
    expect(out?.address).toBe(account.address)
  })
})
