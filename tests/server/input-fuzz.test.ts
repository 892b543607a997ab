import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, signIn } from '../helpers/wallet'
import { call } from './helpers/api'

/** Property: no body, however malformed, makes a wallet endpoint answer 5xx. */
describe('bad input never yields a 5xx', () => {
  let app: FastifyInstance
  let cookie = ''
  const w = createTestWallet('fuzz', { tier: 'platinum' })

  beforeAll(async () => {
    app = await buildApp(testConfig())
    cookie = await signIn(app, w)
  })
  afterAll(() => app.close())

  const endpoints = [
    ['POST', '/api/chat/rooms/bronze-lounge/messages'],
    ['POST', '/api/chat/rooms/bronze-lounge/participants'],
    ['POST', '/api/chat/rooms/bronze-lounge/messages/1/reactions'],
    ['DELETE', '/api/chat/rooms/bronze-lounge/messages/1/reactions'],
    ['POST', '/api/chat/rooms/bronze-lounge/announcement'],
    ['POST', '/api/chat/verify-token-balance'],
    ['POST', '/api/chat/shop/purchase'],
    ['PATCH', '/api/chat/shop/purchases/badge-node'],
    ['POST', '/api/whitelist/check'],
    ['POST', '/api/auth/sign-in'],
  ] as const

  const field = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constant(w.address),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
  )
  const body = fc.oneof(
    fc.record(
      {
        walletAddress: field,
        displayName: field,
        content: field,
        emoji: field,
        itemId: field,
        active: field,
        clientId: field,
        address: field,
        message: field,
        signature: field,
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue().map((v) => v as unknown),
  )

  it.each(endpoints)('%s %s', async (method, url) => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await call(app, method, url, { cookie, raw: JSON.stringify(b) ?? 'null' })
        expect(res.status).toBeLessThan(500)
        expect(typeof res.body?.error === 'string' || res.status < 300).toBe(true)
      }),
      { seed: 42, numRuns: 40 },
    )
  })

  it.each([
    '/api/chat/rooms/%00/messages',
    '/api/chat/rooms/bronze-lounge/messages?after=-1',
    '/api/chat/rooms/x/messages?after=1e400',
  ])('GET %s', async (url) => {
    const res = await call(app, 'GET', url, { cookie })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
  })
})
