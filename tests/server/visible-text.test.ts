/**
 * RELIABILITY.md §12, findings 5 and 6, through the API on SQLite and PostgreSQL: text that draws
 * nothing (or hides tag characters, or breaks a name over lines) is a 400 naming what is wrong, and
 * a display name that reads like the vPOS Team's is a 403 unless a staff wallet sends it.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, signIn, type TestWallet } from '../helpers/wallet'
import { call } from './helpers/api'
import { backends } from './helpers/backends'

const SEEN = 'must contain at least one visible character'
const SCOTLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'
const RESERVED = 'This display name is reserved for the vPOS Team'

/** Names identical to, or claiming, the staff's (audit finding 5). */
const LOOKALIKES = [
  'vPOS\u2800Team',
  'vPOS Team\u2800',
  '\u2800{code}',
  'vPOS\u3164Team',
  'ᴠᴘᴏꜱ ᴛᴇᴀᴍ',
  'ⓋⓅⓄⓈ ⓉⒺⒶⓂ',
  '🅥🅟🅞🅢 🅣🅔🅐🅜',
  'vPOS Team ✓',
  'Official vPOS Team',
  'vPOS Admin',
  'vPOS Support',
  '[MOD] vPOS',
]

describe.each(backends.map((b) => [b().name, b] as const))(
  'visible text on %s',
  (_, makeBackend) => {
    const backend = makeBackend()
    let app: FastifyInstance
    const user = createTestWallet('visible-user', { tier: 'bronze' })
    const staff = createTestWallet('visible-staff', { tier: 'bronze' })
    const cookies = new Map<TestWallet, string>()

    beforeAll(async () => {
      app = await buildApp(
        testConfig({ DATABASE_URL: await backend.create(), STAFF_WALLETS: [staff.address] }),
      )
      for (const w of [user, staff]) cookies.set(w, await signIn(app, w))
    })
    afterAll(async () => {
      await app.close()
      await backend.drop()
    })

    const post = (w: TestWallet, body: Record<string, unknown>) =>
      call(app, 'POST', '/api/chat/rooms/bronze-lounge/messages', {
        cookie: cookies.get(w),
        body: { walletAddress: w.address, displayName: 'tester', content: 'hi', ...body },
      })
    const register = (w: TestWallet, displayName: string) =>
      call(app, 'POST', '/api/chat/rooms/bronze-lounge/participants', {
        cookie: cookies.get(w),
        body: { walletAddress: w.address, displayName },
      })

    it.each([
      ['zero-width spaces', { content: '\u200b\u200b' }, 'content', SEEN],
      ['zero-width joiners', { content: '\u200d' }, 'content', SEEN],
      ['word joiners', { content: '\u2060\u2060' }, 'content', SEEN],
      ['a Hangul filler', { content: '\u3164' }, 'content', SEEN],
      ['braille blanks and a line feed', { content: '\u2800\n\u2800' }, 'content', SEEN],
      [
        'a tag character',
        { content: 'hi\u{E0041}' },
        'content',
        'must not contain invisible tag characters',
      ],
      ['a blank name (Hangul filler)', { displayName: '\u3164' }, 'displayName', SEEN],
      ['a blank name (braille blank)', { displayName: '\u2800\u2800' }, 'displayName', SEEN],
      [
        'a line separator in a name',
        { displayName: 'a\u2028b' },
        'displayName',
        'must not contain line or paragraph separators',
      ],
      [
        'a paragraph separator in a name',
        { displayName: 'a\u2029b' },
        'displayName',
        'must not contain line or paragraph separators',
      ],
    ])('a message with %s is a 400 that says why', async (_name, body, field, why) => {
      const res = await post(user, body)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ error: `Invalid ${field}: ${why}`, field })
    })

    it('a blank name cannot be registered either', async () => {
      const res = await register(user, '\u2800')
      expect(res.status).toBe(400)
      expect(res.body.error).toBe(`Invalid displayName: ${SEEN}`)
    })

    it('a blank announcement is refused, for staff too', async () => {
      const res = await call(app, 'POST', '/api/chat/rooms/bronze-lounge/announcement', {
        cookie: cookies.get(staff),
        body: { walletAddress: staff.address, content: '\u200b\u3164' },
      })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe(`Invalid content: ${SEEN}`)
    })

    it('visible text keeps its joiners, flags and line breaks, stored as sent', async () => {
      const content = `👩‍💻 go ${SCOTLAND}\n\u2800 indented`
      const res = await post(user, { content })
      expect(res.status).toBe(201)
      expect(res.body.content).toBe(content)
      const list = await call(app, 'GET', '/api/chat/rooms/bronze-lounge/messages', {
        cookie: cookies.get(user),
      })
      expect(list.body.at(-1).content).toBe(content)
    })

    it.each(LOOKALIKES)('the look-alike %j is reserved for the vPOS Team', async (name) => {
      const registered = await register(user, name)
      expect(registered.status).toBe(403)
      expect(registered.body.error).toBe(RESERVED)
      expect((await post(user, { displayName: name })).status).toBe(403)
    })

    it.each(['Alice', 'vpos fan', 'vPOSer42', 'teamwork', 'Admiral'])(
      'the ordinary name %j is accepted',
      async (name) => {
        expect((await register(user, name)).status).toBe(200)
      },
    )

    it.each(['vPOS Team', 'vPOS Admin', '{code}ninja'])(
      'a staff wallet may still use %j',
      async (name) => {
        const res = await register(staff, name)
        expect(res.status).toBe(200)
        expect(
          res.body.find((p: { walletAddress: string }) => p.walletAddress === staff.address),
        ).toMatchObject({ displayName: name, isStaff: true })
      },
    )
  },
)
