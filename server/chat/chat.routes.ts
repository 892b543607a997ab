/**
 * The chat API (PRODUCT.md §7; ARCHITECTURE.md "Features"): rooms, messages, reactions,
 * participants, announcements and the balance check. Each route declares its contract in its
 * options (schemas from src/contracts, `config.session`, `config.rateLimit`, the room-access
 * preHandler); every change is also pushed to the room's readers through the chat bus
 * (chat.stream.ts serves them).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreateAnnouncementBodySchema,
  MessageParamsSchema,
  MessageSchema,
  MessagesQuerySchema,
  ParticipantSchema,
  PostMessageBodySchema,
  ReactionBodySchema,
  RegisterParticipantBodySchema,
  RemoveAnnouncementBodySchema,
  RoomParamsSchema,
  RoomSchema,
  VerifyBalanceBodySchema,
  VerifyBalanceResponseSchema,
  type Participant,
  type Room,
} from '../../src/contracts/chat'
import type { Kysely } from 'kysely'
import { isoAt, type Database } from '../db/database'
import { mentionedWallets } from '../../src/contracts/mentions'
import { insertMentions } from './unread.repository'
import { unreadRoutes } from './unread.routes'
import { HttpError } from '../http/http-error'
import { isStaffLookalike } from './staff-names'
import type { ChatOptions } from './chat.options'
import { toMessages, toParticipants, toRoom } from './chat.presenter'
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
  type MessageRow,
  type RoomRow,
} from './chat.repository'
import { STAFF_CHANNEL } from './chat.bus'
import { chatStreamRoute } from './chat.stream'
import { audit } from './moderation.repository'
import { moderationRoutes, postGate, type StaffAction } from './moderation.routes'
import { ParticipantPushThrottle } from './participant-push'
import { apiPaths } from '../../src/contracts/apiPaths'

const LATEST_MESSAGES = 100
const POLL_MAX_MESSAGES = 200
const MAX_PARTICIPANTS = 200
const BODY_LIMIT = 8 * 1024

const rooms = new WeakMap<FastifyRequest, RoomRow>()
const reacted = new WeakMap<FastifyRequest, MessageRow>()

/** The room entered by this request's `enterRoom` preHandler. */
function roomOf(req: FastifyRequest): RoomRow {
  const room = rooms.get(req)
  if (!room) throw new Error('enterRoom did not run for this route')
  return room
}

/** What every chat route shares: the app, the staff check, the bus and the room preHandlers. */
interface ChatContext {
  app: ChatApp
  isStaff: (wallet: string) => boolean
  thresholds: ChatApp['balances']['thresholds']
  bus: ChatApp['chatBus']
  enterRoom: (req: FastifyRequest) => Promise<void>
  roomAccessError: (wallet: string, room: RoomRow, maxAgeMs?: number) => Promise<HttpError | null>
  checkDisplayName: (req: FastifyRequest) => Promise<void>
  staffOnly: (req: FastifyRequest) => Promise<void>
  touchParticipant: (roomId: string, wallet: string, displayName: string) => Promise<void>
  participantsOf: (roomId: string) => Promise<Participant[]>
  announcementChanged: (room: RoomRow) => Promise<Room>
  /** tells every instance's staff streams that the overview may have changed */
  staffChanged: () => void
  /** writes a staff action to the audit log and tells the staff streams (one place for both) */
  audited: (req: FastifyRequest, e: StaffAction) => Promise<void>
}

const withZod = (fastify: FastifyInstance) => fastify.withTypeProvider<ZodTypeProvider>()
type ChatApp = ReturnType<typeof withZod>

function chatContext(fastify: FastifyInstance): ChatContext {
  const app = withZod(fastify)
  const isStaff = (w: string) => app.isStaff(w)
  const thresholds = app.balances.thresholds
  const bus = app.chatBus
  const participantPushes = new ParticipantPushThrottle()
  const staffChanged = () => bus.publish(STAFF_CHANNEL, { type: 'moderation' })

  /**
   * preHandler: the room (404 if unknown); 403 unless staff or the wallet's (≤30 s old) balance
   * reaches its tier. Also the gate of the push stream, so pushes reach exactly the REST readers.
   */
  async function enterRoom(req: FastifyRequest) {
    const { id } = req.params as { id: string }
    const room = await findRoom(app.db, id)
    if (!room) throw new HttpError(404, `Room not found: ${id}`)
    const denied = await roomAccessError(req.wallet, room)
    if (denied) throw denied
    rooms.set(req, room)
  }

  /** Why `wallet` may not read `room` now (balance at most `maxAgeMs` old), or null. */
  async function roomAccessError(
    wallet: string,
    room: RoomRow,
    maxAgeMs?: number,
  ): Promise<HttpError | null> {
    const { tier, requiredTokenAmount } = toRoom(room, thresholds)
    // Staff moderate every room whatever they hold.
    if (isStaff(wallet) || (await app.balances.hasTier(wallet, tier, maxAgeMs))) return null
    return new HttpError(
      403,
      `Access denied: ${room.name} needs at least ${requiredTokenAmount} vPOS (${tier} tier)`,
    )
  }

  /** preHandler: staff-only display names, and names that read like them, are refused for everyone else. */
  async function checkDisplayName(req: FastifyRequest) {
    const { displayName } = req.body as { displayName: string }
    if (isStaffLookalike(displayName) && !isStaff(req.wallet)) {
      throw new HttpError(403, 'This display name is reserved for the vPOS Team', {
        field: 'displayName',
      })
    }
  }

  /** preHandler: announcements are staff-only. */
  async function staffOnly(req: FastifyRequest) {
    if (!isStaff(req.wallet))
      throw new HttpError(403, 'Only the vPOS Team can manage announcements')
  }

  /** Registers (or refreshes) a participant and pushes the change when readers need to see it. */
  async function touchParticipant(roomId: string, wallet: string, displayName: string) {
    const now = isoAt()
    await upsertParticipant(app.db, roomId, wallet, displayName, now)
    if (!participantPushes.due(roomId, wallet, displayName, Date.now())) return
    const [participant] = await toParticipants(
      app.db,
      [{ room_id: roomId, wallet_address: wallet, display_name: displayName, last_seen: now }],
      isStaff,
    )
    if (participant) bus.publish(roomId, { type: 'participant', participant })
  }

  async function participantsOf(roomId: string): Promise<Participant[]> {
    return toParticipants(app.db, await listParticipants(app.db, roomId, MAX_PARTICIPANTS), isStaff)
  }

  async function announcementChanged(room: RoomRow) {
    const updated = toRoom((await findRoom(app.db, room.id)) ?? room, thresholds)
    bus.publish(room.id, { type: 'room', room: updated })
    // The staff page lists every room's announcement, slow mode and previews.
    staffChanged()
    return updated
  }

  return {
    app,
    isStaff,
    thresholds,
    bus,
    enterRoom,
    roomAccessError,
    checkDisplayName,
    staffOnly,
    touchParticipant,
    participantsOf,
    announcementChanged,
    staffChanged,
    audited: staffAudit(app, staffChanged),
  }
}

/** An audit write and its staff-stream notice, in one place so no staff action misses either. */
function staffAudit(app: ChatApp, staffChanged: () => void) {
  return async (req: FastifyRequest, e: StaffAction) => {
    await audit(app.db, {
      at: isoAt(),
      staff_wallet: req.wallet,
      action: e.action,
      room_id: e.roomId,
      target: e.target,
      reason: e.reason ?? null,
    })
    staffChanged()
  }
}

/**
 * Stores a message with the wallets it mentions (resolved now, against the room's participants),
 * in one transaction so a push never carries the message without its mentions.
 */
async function storeMessage(db: Kysely<Database>, m: Parameters<typeof insertMessage>[1]) {
  const named = m.content.includes('@')
    ? mentionedWallets(
        m.content,
        (await listParticipants(db, m.room_id, MAX_PARTICIPANTS)).map((p) => ({
          walletAddress: p.wallet_address,
          displayName: p.display_name,
        })),
        m.wallet_address,
      )
    : []
  if (named.length === 0) return insertMessage(db, m)
  return db.transaction().execute(async (trx) => {
    const stored = await insertMessage(trx, m)
    if (stored.created) await insertMentions(trx, m.room_id, Number(stored.message.id), named)
    return stored
  })
}

/** The room list and the balance check. */
function roomRoutes({ app, thresholds }: ChatContext) {
  app.get(
    apiPaths.chat.rooms.pattern,
    { schema: { response: { 200: z.array(RoomSchema) } } },
    async () => (await listRooms(app.db)).map((r) => toRoom(r, thresholds)),
  )

  app.post(
    apiPaths.chat.verifyTokenBalance.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: VerifyBalanceBodySchema, response: { 200: VerifyBalanceResponseSchema } },
      config: { session: true, rateLimit: 'balance' },
    },
    async (req) => app.balances.verify(req.wallet),
  )
}

/** A room's messages: read (latest, or after an id) and post (idempotent by clientId). */
function messageRoutes({
  app,
  isStaff,
  bus,
  enterRoom,
  checkDisplayName,
  touchParticipant,
}: ChatContext) {
  app.get(
    apiPaths.chat.roomMessages.pattern,
    {
      schema: {
        params: RoomParamsSchema,
        querystring: MessagesQuerySchema,
        response: { 200: z.array(MessageSchema) },
      },
      config: { session: true },
      preHandler: enterRoom,
    },
    async (req) => {
      const { after } = req.query
      const limit = after === undefined ? LATEST_MESSAGES : POLL_MAX_MESSAGES
      // Staff are also served hidden messages (marked), to restore them.
      const rows = await listMessages(app.db, roomOf(req).id, after, limit, isStaff(req.wallet))
      return toMessages(app.db, rows, isStaff)
    },
  )

  app.post(
    apiPaths.chat.roomMessages.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        params: RoomParamsSchema,
        body: PostMessageBodySchema,
        response: { 200: MessageSchema, 201: MessageSchema },
      },
      config: { session: true, rateLimit: 'message' },
      preHandler: [checkDisplayName, enterRoom],
    },
    async (req, reply) => {
      const room = roomOf(req)
      const { displayName, content, clientId } = req.body
      // Mutes and slow mode (docs/ARCHITECTURE.md "Chat moderation"); a resend passes untouched.
      await postGate(app, room, req.wallet, clientId ?? null, isStaff(req.wallet))
      const { message, created } = await storeMessage(app.db, {
        room_id: room.id,
        wallet_address: req.wallet,
        display_name: displayName,
        content,
        client_id: clientId ?? null,
        created_at: isoAt(),
      })
      const [out] = await toMessages(app.db, [message], isStaff)
      if (!out) throw new Error('stored message vanished')
      if (created) bus.publish(room.id, { type: 'message', message: out })
      // Posting is activity: keep the author in the participants list.
      await touchParticipant(room.id, req.wallet, displayName)
      return reply.code(created ? 201 : 200).send(out)
    },
  )
}

/** A room's participants: list and register. */
function participantRoutes({
  app,
  enterRoom,
  checkDisplayName,
  touchParticipant,
  participantsOf,
}: ChatContext) {
  app.get(
    apiPaths.chat.roomParticipants.pattern,
    {
      schema: { params: RoomParamsSchema, response: { 200: z.array(ParticipantSchema) } },
      config: { session: true },
      preHandler: enterRoom,
    },
    async (req) => participantsOf(roomOf(req).id),
  )

  app.post(
    apiPaths.chat.roomParticipants.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        params: RoomParamsSchema,
        body: RegisterParticipantBodySchema,
        response: { 200: z.array(ParticipantSchema) },
      },
      config: { session: true, rateLimit: 'participant' },
      preHandler: [checkDisplayName, enterRoom],
    },
    async (req) => {
      const room = roomOf(req)
      await touchParticipant(room.id, req.wallet, req.body.displayName)
      return participantsOf(room.id)
    },
  )
}

/** Add or remove a reaction to a message. */
function reactionRoutes({ app, isStaff, bus, enterRoom }: ChatContext) {
  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: apiPaths.chat.reactions.pattern,
      bodyLimit: BODY_LIMIT,
      schema: {
        params: MessageParamsSchema,
        body: ReactionBodySchema,
        response: { 200: MessageSchema },
      },
      config: { session: true, rateLimit: 'reaction' },
      preHandler: [
        enterRoom,
        async (req) => {
          const { messageId } = req.params as { messageId: number }
          const message = await findMessage(app.db, roomOf(req).id, messageId)
          // A hidden message takes no reactions, staff's included: the `reactions` push would
          // show it to every reader again.
          if (!message || message.hidden_at !== null)
            throw new HttpError(404, `Message not found: ${messageId}`)
          reacted.set(req, message)
        },
      ],
      handler: async (req) => {
        const room = roomOf(req)
        const { messageId } = req.params
        if (method === 'POST')
          await addReaction(app.db, messageId, req.wallet, req.body.emoji, isoAt())
        else await removeReaction(app.db, messageId, req.wallet, req.body.emoji)
        const message = await findMessage(app.db, room.id, messageId)
        const [out] = message ? await toMessages(app.db, [message], isStaff) : []
        if (!out) throw new HttpError(404, `Message not found: ${messageId}`)
        bus.publish(room.id, { type: 'reactions', message: out })
        return out
      },
    })
  }
}

/** A room's announcement: set or remove (staff only). */
function announcementRoutes({ app, enterRoom, staffOnly, announcementChanged }: ChatContext) {
  const announcementRoute = {
    bodyLimit: BODY_LIMIT,
    config: { session: true, rateLimit: 'announcement' as const },
    preHandler: [staffOnly, enterRoom],
  }

  app.post(
    apiPaths.chat.roomAnnouncement.pattern,
    {
      ...announcementRoute,
      schema: {
        params: RoomParamsSchema,
        body: CreateAnnouncementBodySchema,
        response: { 200: RoomSchema },
      },
    },
    async (req) => {
      const room = roomOf(req)
      await setAnnouncement(app.db, room.id, req.body.content, req.wallet, isoAt())
      return announcementChanged(room)
    },
  )

  app.delete(
    apiPaths.chat.roomAnnouncement.pattern,
    {
      ...announcementRoute,
      schema: {
        params: RoomParamsSchema,
        body: RemoveAnnouncementBodySchema,
        response: { 200: RoomSchema },
      },
    },
    async (req) => {
      const room = roomOf(req)
      await setAnnouncement(app.db, room.id, null, null, null)
      return announcementChanged(room)
    },
  )
}

export async function chatRoutes(fastify: FastifyInstance, opts: ChatOptions) {
  const ctx = chatContext(fastify)
  roomRoutes(ctx)
  messageRoutes(ctx)
  participantRoutes(ctx)
  reactionRoutes(ctx)
  announcementRoutes(ctx)
  moderationRoutes({ ...ctx, roomOf })
  unreadRoutes({ ...ctx, roomOf })
  chatStreamRoute(ctx.app, { ...ctx, roomOf }, opts)
}
