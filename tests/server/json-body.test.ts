/**
 * RELIABILITY.md §12, finding 8: a body with a `__proto__` key was refused as 'Body is not valid
 * JSON'. Each refusal of a JSON body now says what is wrong, still a 400 and never a 5xx.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildApp(testConfig())
})
afterAll(() => app.close())

const post = (payload: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    payload,
  })

describe('JSON bodies (issue 29 #8)', () => {
  it.each([
    ['{"__proto__": {"admin": true}}', 'Body must not contain a "__proto__" key'],
    ['{"a": [{"b": {"__proto__": 1}}]}', 'Body must not contain a "__proto__" key'],
    [
      '{"constructor": {"prototype": {"x": 1}}}',
      'Body must not contain a "constructor.prototype" key',
    ],
    ['', 'Body is empty: send a JSON object'],
    ['   ', 'Body is empty: send a JSON object'],
  ])('%j ⇒ 400 %s', async (payload, error) => {
    const res = await post(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error })
  })

  it('malformed JSON names the parser’s complaint', async () => {
    const res = await post('{"address": ')
    expect(res.statusCode).toBe(400)
    expect(res.json<{ error: string }>().error).toMatch(/^Body is not valid JSON: .+/)
  })

  it('a plain "constructor" string field is only an unknown field, not poisoning', async () => {
    const res = await post('{"constructor": "x"}')
    expect(res.statusCode).toBe(400)
    expect(res.json<{ error: string }>().error).not.toMatch(/prototype/)
  })
})
