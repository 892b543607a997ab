import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatMessage, Participant, Room } from '../../src/contracts/chat'
import type { Purchase, ShopItem } from '../../src/contracts/shop'
import { buildApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestWallet, signIn } from '../helpers/wallet'
import { backends } from './helpers/backends'

const XSS = '<img src=x onerror=alert(1)>'

/**
 * Every PRODUCT.md §7 call 6–18 (plus sign-in and the shop list) over a real TCP socket, as a
 * browser makes them.
 */
describe.each(backends.map((b) => [b().name, b] as const))(
  'wallet API over a real socket on %s',
  (_, makeBackend) => {
    const backend = makeBackend()
    let app: FastifyInstance
    let base = ''
    const member = createTestWallet('socket-member', { tier: 'platinum' })
    const staff = createTestWallet('socket-staff', { tier: 'bronze' })
    const cookies: Record<string, string> = {}

    beforeAll(async () => {
      app = await buildApp(
        testConfig({ DATABASE_URL: await backend.create(), STAFF_WALLETS: [staff.address] }),
      )
      await app.listen({ port: 0, host: '127.0.0.1' })
      const addr = app.server.address()
      base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
      cookies.member = await signIn(base, member)
      cookies.staff = await signIn(base, staff)
    })
    afterAll(async () => {
      await app.close()
      await backend.drop()
    })

    async function req(method: string, url: string, cookie?: string, body?: unknown) {
      const headers: Record<string, string> = {}
      if (cookie) headers.cookie = cookie
      if (body !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(base + url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any }
    }

    it('runs the whole chat, whitelist and shop flow', async () => {
      const m = cookies.member
      const wallet = member.address
      // 12 balance
      const bal = await req('POST', '/api/chat/verify-token-balance', m, { walletAddress: wallet })
      expect(bal.status).toBe(200)
      expect(bal.body.accessLevels.platinum).toBe(true)
      // 7 rooms
      const rooms = (await req('GET', '/api/chat/rooms')).body as Room[]
      expect(rooms.length).toBeGreaterThanOrEqual(4)
      // 10 register
      const reg = await req('POST', '/api/chat/rooms/platinum-core/participants', m, {
        walletAddress: wallet,
        displayName: XSS,
      })
      expect((reg.body as Participant[])[0]?.displayName).toBe(XSS)
      // 11 send, 8 read + poll
      const sent = await req('POST', '/api/chat/rooms/platinum-core/messages', m, {
        walletAddress: wallet,
        displayName: XSS,
        content: XSS,
        clientId: 'socket-001',
      })
      expect(sent.status).toBe(201)
      const msg = sent.body as ChatMessage
      expect(msg.content).toBe(XSS)
      const list = (await req('GET', '/api/chat/rooms/platinum-core/messages', m))
        .body as ChatMessage[]
      expect(list.map((x) => x.id)).toEqual([msg.id])
      expect(
        (await req('GET', `/api/chat/rooms/platinum-core/messages?after=${msg.id}`, m)).body,
      ).toEqual([])
      // 9 participants
      expect(
        ((await req('GET', '/api/chat/rooms/platinum-core/participants', m)).body as Participant[])
          .length,
      ).toBe(1)
      // 15 reactions
      const url = `/api/chat/rooms/platinum-core/messages/${msg.id}/reactions`
      expect(
        (await req('POST', url, m, { walletAddress: wallet, emoji: '👏' })).body.reactions['👏']
          .walletAddresses,
      ).toEqual([wallet])
      expect(
        (await req('DELETE', url, m, { walletAddress: wallet, emoji: '👏' })).body.reactions,
      ).toEqual({})
      // 13, 14 announcements (staff enter any room)
      expect(
        (
          await req('POST', '/api/chat/rooms/platinum-core/announcement', m, {
            walletAddress: wallet,
            content: 'x',
          })
        ).status,
      ).toBe(403)
      const ann = await req('POST', '/api/chat/rooms/platinum-core/announcement', cookies.staff, {
        walletAddress: staff.address,
        content: 'Maintenance at 18:00',
      })
      expect(ann.body.announcement.content).toBe('Maintenance at 18:00')
      expect(
        (
          await req('DELETE', '/api/chat/rooms/platinum-core/announcement', cookies.staff, {
            walletAddress: staff.address,
          })
        ).body.announcement,
      ).toBeNull()
      // shop list, 16 purchase, 17 purchases, 18 toggle
      const items = (await req('GET', '/api/chat/shop/items')).body as ShopItem[]
      expect(items.length).toBeGreaterThanOrEqual(4)
      expect(
        (
          await req('POST', '/api/chat/shop/purchase', m, {
            walletAddress: wallet,
            itemId: 'title-analyst',
          })
        ).status,
      ).toBe(201)
      const owned = (await req('GET', `/api/chat/shop/purchases/${wallet}`, m)).body as Purchase[]
      expect(owned.map((p) => p.itemId)).toEqual(['title-analyst'])
      const on = await req('PATCH', '/api/chat/shop/purchases/title-analyst', m, {
        walletAddress: wallet,
        active: true,
      })
      expect(on.body.active).toBe(true)
      // 6 whitelist + cooldown
      expect((await req('POST', '/api/whitelist/check', m, { walletAddress: wallet })).status).toBe(
        200,
      )
      const again = await req('POST', '/api/whitelist/check', m, { walletAddress: wallet })
      expect(again.status).toBe(429)
      expect(again.body.error).toMatch(/^Please wait \d+ seconds before checking again$/)
    })

    it('answers JSON 4xx for bad input over the wire', async () => {
      const m = cookies.member
      expect(
        (
          await req('POST', '/api/chat/rooms/platinum-core/messages', undefined, {
            walletAddress: member.address,
          })
        ).status,
      ).toBe(401)
      expect(
        (
          await req('POST', '/api/chat/rooms/platinum-core/messages', m, {
            walletAddress: staff.address,
            displayName: 'a',
            content: 'b',
          })
        ).status,
      ).toBe(403)
      const res = await fetch(`${base}/api/chat/rooms/platinum-core/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: m ?? '' },
        body: '{not json',
      })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBeTruthy()
      const text = await fetch(`${base}/api/chat/rooms/platinum-core/messages`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', cookie: m ?? '' },
        body: 'hello',
      })
      // Fastify parses text/plain into a string, which the body schema refuses.
      expect(text.status).toBe(400)
    })
  },
)
