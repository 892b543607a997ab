import { afterEach, describe, expect, it, vi } from 'vitest'
import { HttpError, onUnauthorized, request } from './http'
import { createQueryClient, getQueryFn, urlFromKey } from './queryClient'

function mockFetch(status: number, body: string, statusText = '') {
  const fn = vi.fn(async () => new Response(body || null, { status, statusText }))
  vi.stubGlobal('fetch', fn)
  return fn
}

const ctx = (queryKey: unknown[]) =>
  ({
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
    client: createQueryClient(),
  }) as never

describe('query layer (§7 defaults, §8 default fetch error)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it.each([
    [['/api/chat/rooms'], '/api/chat/rooms'],
    [['/api/chat/rooms', 3, 'messages'], '/api/chat/rooms/3/messages'],
    [['/api/x', { filter: 1 }], '/api/x'],
  ])('key %j names URL %s', (key, url) => {
    expect(urlFromKey(key)).toBe(url)
  })

  it('GETs the key URL with credentials and parses JSON', async () => {
    const fetch = mockFetch(200, '[{"id":"r1"}]')
    const data = await getQueryFn()(ctx(['/api/chat/rooms']))
    expect(data).toEqual([{ id: 'r1' }])
    expect(fetch).toHaveBeenCalledWith(
      '/api/chat/rooms',
      expect.objectContaining({ credentials: 'include' }),
    )
  })

  it.each([
    [500, 'boom', 'Internal Server Error', '500: boom'],
    [404, '', 'Not Found', '404: Not Found'],
    [401, '{"error":"no session"}', 'Unauthorized', '401: {"error":"no session"}'],
  ])('status %i body %j becomes error %j', async (status, body, statusText, message) => {
    mockFetch(status, body, statusText)
    await expect(getQueryFn()(ctx(['/api/x']))).rejects.toThrow(message)
  })

  it('a 401 runs the one unauthorized handler, unless the call asks for null', async () => {
    const ended = vi.fn()
    onUnauthorized(ended)
    mockFetch(401, 'nope', 'Unauthorized')
    await expect(request('GET', '/api/me', { on401: 'returnNull' })).resolves.toBeNull()
    expect(ended).not.toHaveBeenCalled()
    await expect(getQueryFn()(ctx(['/api/me']))).rejects.toThrow('401: nope')
    expect(ended).toHaveBeenCalledTimes(1)
    onUnauthorized(() => {})
  })

  it('the client never goes stale, never refetches by itself, never retries', () => {
    const q = createQueryClient().getDefaultOptions().queries!
    expect(q).toMatchObject({
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    })
  })

  it('request sends JSON and exposes the server error text', async () => {
    const fetch = mockFetch(400, '{"error":"Display name taken"}', 'Bad Request')
    const err = await request('POST', '/api/x', { body: { a: 1 } }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(HttpError)
    expect((err as HttpError).serverError).toBe('Display name taken')
    expect(fetch.mock.calls[0]).toMatchObject([
      '/api/x',
      { method: 'POST', body: '{"a":1}', credentials: 'include' },
    ])
  })

  it.each([
    ['{"error":"Invalid displayName: must not be empty","field":"displayName"}', 'displayName'],
    ['{"error":"Room not found: x"}', null],
    ['not json', null],
  ])('the refused field of %s is %s', (body, field) => {
    expect(new HttpError(400, body, 'Bad Request').serverField).toBe(field)
  })
})
