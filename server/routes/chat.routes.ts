import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  CreateAnnouncementBodySchema,
  isStaffOnlyName,
  PostMessageBodySchema,
  ReactionBodySchema,
  RegisterParticipantBodySchema,
  RemoveAnnouncementBodySchema,
  VerifyBalanceBodySchema,
  type ChatMessage,
  type Participant,
  type Room,
} from '../../src/contracts/chat'
import { toMessages, toParticipants, toRoom } from '../chat/chat.presenter'
import {
  addReaction,
  findMessage,
  findRoom,
  insertMessage,
  listMessages,
  listParticipants,
  listRooms,
  removeReaction,
  setAnnouncement,
  upsertParticipant,
  type RoomRow,
} from '../db/chat.repository'
import { isoAt } from '../db/database'
import { HttpError, parseWith } from '../http/http-error'
import { requireSameWallet, requireSession } from '../plugins/session.plugin'
import { RATE_RULES } from '../rate-limit/rate-limiter'

const RoomParams = z.object({ id: z.string().min(1).max(64) })
const MessageParams = RoomParams.extend({
  messageId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
})
const MessagesQuery = z.strictObject({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
})
const LATEST_MESSAGES = 100
const POLL_MAX_MESSAGES = 200
const MAX_PARTICIPANTS = 200
const BODY_LIMIT = 8 * 1024

export async function chatRoutes(app: FastifyInstance) {
  const isStaff = (w: string) => app.isStaff(w)
  const thresholds = app.balances.thresholds

  /** The room, 404 if unknown; 403 unless staff or the wallet's (≤30 s old) balance reaches its tier. */
  async function enterRoom(req: FastifyRequest, wallet: string): Promise<RoomRow> {
    const { id } = parseWith(RoomParams, req.params, 'room id')
    const room = await findRoom(app.db, id)
    if (!room) throw new HttpError(404, `Room not found: ${id}`)
    const tier = toRoom(room, thresholds)
    // Staff moderate every room whatever they hold.
    if (!isStaff(wallet) && !(await app.balances.hasTier(wallet, tier.tier))) {
      throw new HttpError(
        403,
        `Access denied: ${room.name} needs at least ${tier.requiredTokenAmount} vPOS (${tier.tier} tier)`,
      )
    }
    return room
  }

  /** Staff-only display names are refused for everyone else. */
  function checkDisplayName(wallet: string, name: string) {
    if (isStaffOnlyName(name) && !isStaff(wallet)) {
      throw new HttpError(403, 'This display name is reserved for the vPOS Team', {
        field: 'displayName',
      })
    }
  }

  app.get('/api/chat/rooms', async (): Promise<Room[]> => {
    return (await listRooms(app.db)).map((r) => toRoom(r, thresholds))
  })

  app.post('/api/chat/verify-token-balance', { bodyLimit: BODY_LIMIT }, async (req) => {
    const session = await requireSession(app, req)
    const { walletAddress } = parseWith(VerifyBalanceBodySchema, req.body)
    requireSameWallet(session, walletAddress)
    await app.limit(`balance:${walletAddress}`, RATE_RULES.balance)
    return app.balances.verify(walletAddress)
  })

  app.get('/api/chat/rooms/:id/messages', async (req): Promise<ChatMessage[]> => {
    const wallet = await requireSession(app, req)
    const { after } = parseWith(MessagesQuery, req.query, 'query')
    const room = await enterRoom(req, wallet)
    const rows = await listMessages(
      app.db,
      room.id,
      after,
      after === undefined ? LATEST_MESSAGES : POLL_MAX_MESSAGES,
    )
    return toMessages(app.db, rows, isStaff)
  })

  app.post('/api/chat/rooms/:id/messages', { bodyLimit: BODY_LIMIT }, async (req, reply) => {
    const wallet = await requireSession(app, req)
    const body = parseWith(PostMessageBodySchema, req.body)
    requireSameWallet(wallet, body.walletAddress)
    checkDisplayName(wallet, body.displayName)
    const room = await enterRoom(req, wallet)
    await app.limit(`message:${wallet}`, RATE_RULES.message)
    const now = isoAt()
    const { message, created } = await insertMessage(app.db, {
      room_id: room.id,
      wallet_address: wallet,
      display_name: body.displayName,
      content: body.content,
      client_id: body.clientId ?? null,
      created_at: now,
    })
    // Posting is activity: keep the author in the participants list.
    await upsertParticipant(app.db, room.id, wallet, body.displayName, now)
    const [out] = await toMessages(app.db, [message], isStaff)
    return reply.code(created ? 201 : 200).send(out)
  })

  app.get('/api/chat/rooms/:id/participants', async (req): Promise<Participant[]> => {
    const wallet = await requireSession(app, req)
    const room = await enterRoom(req, wallet)
    return toParticipants(
      app.db,
      await listParticipants(app.db, room.id, MAX_PARTICIPANTS),
      isStaff,
    )
  })

  app.post(
    '/api/chat/rooms/:id/participants',
    { bodyLimit: BODY_LIMIT },
    async (req): Promise<Participant[]> => {
      const wallet = await requireSession(app, req)
      const body = parseWith(RegisterParticipantBodySchema, req.body)
      requireSameWallet(wallet, body.walletAddress)
      checkDisplayName(wallet, body.displayName)
      const room = await enterRoom(req, wallet)
      await app.limit(`participant:${wallet}`, RATE_RULES.participant)
      await upsertParticipant(app.db, room.id, wallet, body.displayName, isoAt())
      return toParticipants(
        app.db,
        await listParticipants(app.db, room.id, MAX_PARTICIPANTS),
        isStaff,
      )
    },
  )

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/chat/rooms/:id/messages/:messageId/reactions',
      bodyLimit: BODY_LIMIT,
      handler: async (req): Promise<ChatMessage> => {
        const wallet = await requireSession(app, req)
        const body = parseWith(ReactionBodySchema, req.body)
        requireSameWallet(wallet, body.walletAddress)
        const { messageId } = parseWith(MessageParams, req.params, 'message id')
        const room = await enterRoom(req, wallet)
        const message = await findMessage(app.db, room.id, messageId)
        if (!message) throw new HttpError(404, `Message not found: ${messageId}`)
        await app.limit(`reaction:${wallet}`, RATE_RULES.reaction)
        if (method === 'POST') await addReaction(app.db, messageId, wallet, body.emoji, isoAt())
        else await removeReaction(app.db, messageId, wallet, body.emoji)
        const [out] = await toMessages(app.db, [message], isStaff)
        if (!out) throw new HttpError(404, `Message not found: ${messageId}`)
        return out
      },
    })
  }

  app.post(
    '/api/chat/rooms/:id/announcement',
    { bodyLimit: BODY_LIMIT },
    async (req): Promise<Room> => {
      const wallet = await requireSession(app, req)
      const body = parseWith(CreateAnnouncementBodySchema, req.body)
      requireSameWallet(wallet, body.walletAddress)
      if (!isStaff(wallet)) throw new HttpError(403, 'Only the vPOS Team can manage announcements')
      const room = await enterRoom(req, wallet)
      await app.limit(`announcement:${wallet}`, RATE_RULES.announcement)
      await setAnnouncement(app.db, room.id, body.content, wallet, isoAt())
      const updated = await findRoom(app.db, room.id)
      return toRoom(updated ?? room, thresholds)
    },
  )

  app.delete(
    '/api/chat/rooms/:id/announcement',
    { bodyLimit: BODY_LIMIT },
    async (req): Promise<Room> => {
      const wallet = await requireSession(app, req)
      const body = parseWith(RemoveAnnouncementBodySchema, req.body)
      requireSameWallet(wallet, body.walletAddress)
      if (!isStaff(wallet)) throw new HttpError(403, 'Only the vPOS Team can manage announcements')
      const room = await enterRoom(req, wallet)
      await app.limit(`announcement:${wallet}`, RATE_RULES.announcement)
      await setAnnouncement(app.db, room.id, null, null, null)
      const updated = await findRoom(app.db, room.id)
      return toRoom(updated ?? room, thresholds)
    },
  )
}
