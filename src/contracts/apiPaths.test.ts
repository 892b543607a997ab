import fc from 'fast-check'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { apiPath, apiPaths } from './apiPaths'

describe('apiPaths', () => {
  it.each([
    ['no parameter', apiPaths.auth.nonce.url(), '/api/auth/nonce'],
    [
      'a room',
      apiPaths.chat.roomMessages.url({ id: 'general' }),
      '/api/chat/rooms/general/messages',
    ],
    [
      'a room and a message',
      apiPaths.chat.reactions.url({ id: 'vip', messageId: 42 }),
      '/api/chat/rooms/vip/messages/42/reactions',
    ],
    [
      'an id that needs encoding',
      apiPaths.shop.purchasedItem.url({ itemId: 'a/b?c#d e' }),
      '/api/chat/shop/purchases/a%2Fb%3Fc%23d%20e',
    ],
    ['the feed socket', apiPaths.feed.url(), '/ws'],
  ])('%s', (_, url, expected) => {
    expect(url).toBe(expected)
  })

  it('keeps the Fastify pattern the server registers', () => {
    expect(apiPaths.chat.roomEvents.pattern).toBe('/api/chat/rooms/:id/events')
    expect(apiPaths.shop.purchases.pattern).toBe('/api/chat/shop/purchases/:walletAddress')
    expectTypeOf(apiPaths.chat.reactions.url).parameter(0).toEqualTypeOf<{
      id: string | number
      messageId: string | number
    }>()
    expectTypeOf(apiPaths.health.url).parameters.toEqualTypeOf<[]>()
  })

  it('puts any value in one path segment, the same value once decoded', () => {
    const path = apiPath('/api/x/:a/y/:b')
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const segments = path.url({ a, b }).split('/')
        expect(segments).toHaveLength(6)
        expect(decodeURIComponent(segments[3]!)).toBe(a)
        expect(decodeURIComponent(segments[5]!)).toBe(b)
        expect(path.url({ a, b })).not.toMatch(/[?#]/)
      }),
    )
  })

  it('refuses a missing parameter instead of requesting /undefined', () => {
    const url = apiPaths.chat.roomMessages.url as (params: object) => string
    expect(() => url({})).toThrow(':id')
  })
})
