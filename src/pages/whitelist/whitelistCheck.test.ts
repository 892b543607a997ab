import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WhitelistResult } from '../../contracts/whitelist'
import { lastCheckKey } from './cooldown'
import { checkWhitelist, lastCheckOf } from './whitelistCheck'

const ADDRESS = 'Wa11et1111111111111111111111111111111111111'
const RESULT: WhitelistResult = {
  eligible: true,
  tokenScore: 40,
  otherScore: 20,
  totalScore: 60,
  minScoreRequired: 50,
}

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries))
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  }
}

function mockFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fn = vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers }),
  )
  vi.stubGlobal('fetch', fn)
  return fn
}

describe('the whitelist check (query function, §4/§5)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('posts call 6 and keeps the time and the result per wallet', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 100_000 })
    const fetch = mockFetch(200, RESULT)
    const storage = memoryStorage()
    expect(await checkWhitelist(ADDRESS, storage, 100_000)).toEqual(RESULT)
    expect(fetch).toHaveBeenCalledWith(
      '/api/whitelist/check',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ walletAddress: ADDRESS }) }),
    )
    expect(lastCheckOf(ADDRESS, storage)).toBe(100_000)
    expect(JSON.parse(storage.map.get(`whitelistLastResult:${ADDRESS}`) ?? '')).toEqual(RESULT)
  })

  it('inside the cooldown answers the kept result without asking the server', async () => {
    const fetch = mockFetch(500, '')
    const storage = memoryStorage({
      [lastCheckKey(ADDRESS)]: '100000',
      [`whitelistLastResult:${ADDRESS}`]: JSON.stringify(RESULT),
    })
    expect(await checkWhitelist(ADDRESS, storage, 110_000)).toEqual(RESULT)
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each([
    ['no kept result', {}],
    ['a kept result that no longer parses', { [`whitelistLastResult:${ADDRESS}`]: '{"x":1}' }],
  ])('inside the cooldown with %s refuses with the §5 text', async (_, kept) => {
    const fetch = mockFetch(200, RESULT)
    const storage = memoryStorage({ [lastCheckKey(ADDRESS)]: '100000', ...kept })
    await expect(checkWhitelist(ADDRESS, storage, 110_000)).rejects.toThrow(
      'Please wait 20 seconds before checking again',
    )
    expect(fetch).not.toHaveBeenCalled()
  })

  it("shows the server's 429 text and mirrors its wait locally", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 200_000 })
    mockFetch(
      429,
      { error: 'Please wait 12 seconds before checking again' },
      { 'Retry-After': '12' },
    )
    const storage = memoryStorage()
    await expect(checkWhitelist(ADDRESS, storage, 200_000)).rejects.toThrow(
      'Please wait 12 seconds before checking again',
    )
    // 12 s left of a 30 s cooldown: it started 18 s ago.
    expect(lastCheckOf(ADDRESS, storage)).toBe(200_000 - 18_000)
  })

  it.each([
    [503, { error: 'Solana RPC unavailable' }],
    [429, 'not json'],
    [500, ''],
  ])('any other failure (%s) reads "Server returned {status}"', async (status, body) => {
    mockFetch(status, body)
    await expect(checkWhitelist(ADDRESS, memoryStorage(), 0)).rejects.toThrow(
      `Server returned ${status}`,
    )
  })
})
