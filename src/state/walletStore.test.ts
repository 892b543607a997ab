import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { demoBalanceOf } from '../../server/chain/demo-chain.provider'
import { testConfig } from '../../server/config'
import { buildSignInMessage } from '../contracts/auth'
import { utf8Encode } from '../wallet/bytes'
import { demoAdapter, resetDemoWallet, storedDemoAddress } from '../wallet/demoWallet'
import { WalletError, type WalletAdapter } from '../wallet/types'
import { createDeviceRequest, pollDeviceRequest } from '../wallet/deviceSignIn'
import { createTestWallet } from '../../tests/helpers/wallet'
import {
  adoptSession,
  BALANCE_STALE_MS,
  connectWallet,
  disconnectWallet,
  DISPLAY_NAME_KEY,
  ensureFreshBalance,
  isBalanceStale,
  resetWalletStore,
  restoreWallet,
  verifyBalance,
  WALLET_ADDRESS_KEY,
  walletState,
} from './walletStore'
import { request } from '../api/http'

/** `fetch` answered by the real server through app.inject, with one cookie jar (the browser). */
function browserFetch(app: FastifyInstance) {
  const jar = { cookie: '' }
  const calls: string[] = []
  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input.toString()
    calls.push(`${init.method ?? 'GET'} ${url}`)
    const headers: Record<string, string> = { host: 'localhost:80' }
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>))
      headers[k.toLowerCase()] = v
    if (jar.cookie) headers.cookie = jar.cookie
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: init.body as string | undefined,
    })
    for (const c of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
      const pair = c.split(';')[0] ?? ''
      jar.cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) ? '' : pair
    }
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode })
  }
  return { fetch, jar, calls }
}

function memory() {
  const m = new Map<string, string>()
  return {
    map: m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

describe('wallet store against the real server', () => {
  let app: FastifyInstance
  let net: ReturnType<typeof browserFetch>
  let storage: ReturnType<typeof memory>

  beforeAll(async () => {
    app = await buildApp(testConfig())
  })
  afterAll(async () => {
    vi.unstubAllGlobals()
    await app.close()
  })
  beforeEach(() => {
    net = browserFetch(app)
    vi.stubGlobal('fetch', net.fetch)
    storage = memory()
    resetWalletStore(storage)
  })

  it('connects the demo wallet: SIWS sign-in, stored wallet and default name, verified balance', async () => {
    const wallet = demoAdapter(storage)
    const address = await connectWallet(wallet)
    expect(storedDemoAddress(storage)).toBe(address)
    expect(walletState).toMatchObject({
      status: 'connected',
      walletAddress: address,
      walletName: 'Demo Wallet',
      isStaff: false,
      displayName: `${address.slice(0, 6)}...${address.slice(-4)}`,
    })
    expect(storage.map.get(WALLET_ADDRESS_KEY)).toBe(address)
    expect(storage.map.get(DISPLAY_NAME_KEY)).toBe(walletState.displayName)
    expect(net.jar.cookie).toMatch(/^vpos_session=/)
    expect(net.calls).toEqual(['POST /api/auth/nonce', 'POST /api/auth/sign-in'])
    await verifyBalance()
    expect(walletState.balance).toBe(demoBalanceOf(address))
    expect(walletState.accessLevels).not.toBeNull()
    // The same stored key comes back as the same address.
    expect(await demoAdapter(storage).connect()).toBe(address)
    resetDemoWallet(storage)
    expect(await demoAdapter(storage).connect()).not.toBe(address)
  })

  it('skips signing when the server already has a session for that address', async () => {
    const wallet = demoAdapter(storage)
    await connectWallet(wallet)
    net.calls.length = 0
    resetWalletStore(storage)
    await connectWallet(wallet)
    expect(net.calls).toEqual(['GET /api/auth/session'])
  })

  it('restores a stored wallet from its live session, keeping the stored display name', async () => {
    const address = await connectWallet(demoAdapter(storage))
    storage.setItem(DISPLAY_NAME_KEY, 'neo')
    resetWalletStore(storage) // a page reload
    expect(walletState.status).toBe('restoring')
    await restoreWallet()
    expect(walletState).toMatchObject({
      status: 'connected',
      walletAddress: address,
      displayName: 'neo',
    })
  })

  it('adopts the session another device signed for this browser, and restores it on reload', async () => {
    const req = await createDeviceRequest()
    expect(await pollDeviceRequest(req.requestId)).toMatchObject({ status: 'pending' })
    // The phone, with its own wallet and no cookie of ours.
    const phone = createTestWallet('store-phone')
    const fields = await app.inject({ method: 'GET', url: `/api/auth/device/${req.code}` })
    const message = buildSignInMessage({ ...fields.json(), address: phone.address })
    const approved = await app.inject({
      method: 'POST',
      url: `/api/auth/device/${req.code}/approve`,
      payload: { address: phone.address, message, signature: phone.signBase58(message) },
    })
    expect(approved.statusCode).toBe(200)
    const done = await pollDeviceRequest(req.requestId)
    if (done.status !== 'signed-in') throw new Error('not signed in')
    adoptSession(done.session)
    expect(walletState).toMatchObject({ status: 'connected', walletAddress: phone.address })
    expect(storage.map.get(WALLET_ADDRESS_KEY)).toBe(phone.address)
    expect(net.jar.cookie).toMatch(/^vpos_session=/)
    resetWalletStore(storage) // a page reload
    await restoreWallet()
    expect(walletState).toMatchObject({ status: 'connected', walletAddress: phone.address })
    await disconnectWallet()
    expect(walletState.status).toBe('disconnected')
  })

  it('drops a stored wallet the server has no session for', async () => {
    storage.setItem(WALLET_ADDRESS_KEY, '11111111111111111111111111111111')
    storage.setItem(DISPLAY_NAME_KEY, 'ghost')
    resetWalletStore(storage)
    await restoreWallet()
    expect(walletState.status).toBe('disconnected')
    expect(storage.map.size).toBe(0)
  })

  it('disconnect clears wallet, balance, stored items and the server session', async () => {
    await connectWallet(demoAdapter(storage))
    await verifyBalance()
    await disconnectWallet()
    expect(walletState).toMatchObject({
      status: 'disconnected',
      walletAddress: null,
      balance: null,
    })
    expect(storage.map.has(WALLET_ADDRESS_KEY)).toBe(false)
    expect(storage.map.has(DISPLAY_NAME_KEY)).toBe(false)
    expect(net.jar.cookie).toBe('')
  })

  it('a 401 from a wallet endpoint ends the local session', async () => {
    const address = await connectWallet(demoAdapter(storage))
    net.jar.cookie = 'vpos_session=expired'
    await expect(
      request('POST', '/api/chat/verify-token-balance', { body: { walletAddress: address } }),
    ).rejects.toThrow(/^401/)
    expect(walletState.status).toBe('disconnected')
  })

  it('verifies the balance again only when the last check is over 30 s old', async () => {
    await connectWallet(demoAdapter(storage))
    const now = Date.now()
    await ensureFreshBalance(now)
    const count = () => net.calls.filter((c) => c.endsWith('verify-token-balance')).length
    expect(count()).toBe(1)
    await ensureFreshBalance(now + 1_000)
    expect(count()).toBe(1)
    await ensureFreshBalance(now + BALANCE_STALE_MS + 5_000)
    expect(count()).toBe(2)
  })

  it('signs in through solana:signIn when the wallet offers it', async () => {
    const demo = demoAdapter(storage)
    const signIn = vi.fn(async (input: Parameters<NonNullable<WalletAdapter['signIn']>>[0]) => {
      const signedMessage = utf8Encode(buildSignInMessage(input))
      return {
        address: input.address,
        signedMessage,
        signature: await demo.signMessage(signedMessage),
      }
    })
    const address = await connectWallet({ ...demo, id: 'standard:X', name: 'X', signIn })
    expect(signIn).toHaveBeenCalledWith(
      // The domain is the configured site origin (RELIABILITY.md §9, finding 2), not the request's
      // Host.
      expect.objectContaining({ address, domain: 'localhost' }),
    )
    expect(walletState.status).toBe('connected')
  })

  it.each([
    [
      'the connect is refused',
      { connect: async () => Promise.reject(new Error('User rejected')) },
      'connect',
    ],
    [
      'the signature is refused',
      { signMessage: async () => Promise.reject(new Error('User rejected')) },
      'sign-in',
    ],
    ['the signature is forged', { signMessage: async () => new Uint8Array(64).fill(1) }, 'sign-in'],
  ] as const)('fails with a WalletError when %s', async (_, override, kind) => {
    const wallet = { ...demoAdapter(storage), ...override }
    const err = await connectWallet(wallet).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(WalletError)
    expect((err as WalletError).kind).toBe(kind)
    expect(walletState.status).toBe('disconnected')
    expect(storage.map.has(WALLET_ADDRESS_KEY)).toBe(false)
  })

  it.each([
    [null, 0, true],
    [1_000, 1_000 + BALANCE_STALE_MS, false],
    [1_000, 1_001 + BALANCE_STALE_MS, true],
    [1_000, 2_000, false],
  ])('isBalanceStale(%s, %s) = %s', (checkedAt, now, stale) => {
    expect(isBalanceStale(checkedAt, now)).toBe(stale)
  })
})
