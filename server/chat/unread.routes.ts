/**
 * Unread markers, mention counts and previews (docs/ARCHITECTURE.md "Unread, mentions and
 * previews"): mark a room read (never backwards), the wallet's counts, their push
 * stream, and a room's preview for wallets below its tier (staff switch previews per room).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { RoomParamsSchema, RoomSchema, type Room } from '../../src/contracts/chat'
import { apiPaths } from '../../src/contracts/apiPaths'
import { findMentions } from '../../src/contracts/mentions'
import {
  MarkReadBodySchema,
  PREVIEW_AUTHOR,
  PREVIEW_MESSAGES,
  PreviewSchema,
  PreviewsBodySchema,
  RoomUnreadSchema,
  UnreadListSchema,
} from '../../src/contracts/unread'
import { isoAt } from '../db/database'
import { HttpError } from '../http/http-error'
import type { ChatBus } from './chat.bus'
import type { StaffAction } from './moderation.routes'
import {
  findRoom,
  listMessages,
  listParticipants,
  listRooms,
  type RoomRow,
} from './chat.repository'
import { markRead, setPreviews, unreadCounts } from './unread.repository'
import { unreadStreamRoute } from './unread.stream'

const BODY_LIMIT = 8 * 1024

type UnreadApp = FastifyInstance<any, any, any, any, ZodTypeProvider> // eslint-disable-line @typescript-eslint/no-explicit-any

export interface UnreadContext {
  app: UnreadApp
  isStaff: (wallet: string) => boolean
  bus: ChatBus
  enterRoom: (req: FastifyRequest) => Promise<void>
  roomOf: (req: FastifyRequest) => RoomRow
  roomAccessError: (wallet: string, room: RoomRow) => Promise<HttpError | null>
  announcementChanged: (room: RoomRow) => Promise<Room>
  audited: (req: FastifyRequest, e: StaffAction) => Promise<void>
}

/** The bus key of a wallet's own events (room ids never start with '@'). */
export const walletChannel = (wallet: string) => `@wallet:${wallet}`

/** The wallet's counts in every room it may read now. */
async function countsFor(ctx: UnreadContext, wallet: string) {
  return unreadCounts(ctx.app.db, wallet, await openRoomIds(ctx, wallet))
}

/** The rooms the wallet may read now (its tier against each room's). */
export async function openRoomIds(ctx: UnreadContext, wallet: string): Promise<string[]> {
  const open: string[] = []
  for (const room of await listRooms(ctx.app.db))
    if (!(await ctx.roomAccessError(wallet, room))) open.push(room.id)
  return open
}

/** `content` with every resolved `@name` read as `@Holder`: a preview names nobody. */
function anonymised(
  content: string,
  participants: { walletAddress: string; displayName: string }[],
) {
  let out = ''
  let from = 0
  for (const span of findMentions(content, participants)) {
    out += `${content.slice(from, span.start)}@${PREVIEW_AUTHOR}`
    from = span.end
  }
  return out + content.slice(from)
}

export function unreadRoutes(ctx: UnreadContext) {
  const { app, bus, enterRoom, roomOf } = ctx

  app.get(
    apiPaths.chat.unread.pattern,
    { schema: { response: { 200: UnreadListSchema } }, config: { session: true } },
    async (req) => countsFor(ctx, req.wallet),
  )

  app.post(
    apiPaths.chat.roomRead.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        params: RoomParamsSchema,
        body: MarkReadBodySchema,
        response: { 200: RoomUnreadSchema },
      },
      config: { session: true, rateLimit: 'read' },
      preHandler: enterRoom,
    },
    async (req) => {
      const room = roomOf(req)
      const at = isoAt()
      const { lastReadId, newest } = await markRead(
        app.db,
        room.id,
        req.wallet,
        req.body.messageId,
        at,
      )
      bus.publish(walletChannel(req.wallet), { type: 'read', roomId: room.id, lastReadId })
      // A reader at the bottom (the usual mark) has nothing after its mark: no count to read
      // (bench:load's 500 readers spent most of the database's time on these recounts).
      if (lastReadId >= newest) return { roomId: room.id, lastReadId, unread: 0, mentions: 0 }
      const [counts] = await unreadCounts(app.db, req.wallet, [room.id])
      return counts ?? { roomId: room.id, lastReadId, unread: 0, mentions: 0 }
    },
  )

  previewRoutes(ctx)
  unreadStreamRoute(ctx)
}

/** A room's previews: the staff setting, and the nameless last messages for non-holders. */
function previewRoutes(ctx: UnreadContext) {
  const { app, isStaff, enterRoom, roomOf } = ctx
  app.post(
    apiPaths.chat.roomPreviews.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: { params: RoomParamsSchema, body: PreviewsBodySchema, response: { 200: RoomSchema } },
      config: { session: true, rateLimit: 'moderation' },
      preHandler: [
        async (req) => {
          if (!isStaff(req.wallet)) throw new HttpError(403, 'Only the vPOS Team can moderate')
        },
        enterRoom,
      ],
    },
    async (req) => {
      const room = roomOf(req)
      const { enabled, reason } = req.body
      await setPreviews(app.db, room.id, enabled)
      await ctx.audited(req, {
        action: enabled ? 'previews on' : 'previews off',
        roomId: room.id,
        target: room.id,
        reason,
      })
      return ctx.announcementChanged((await findRoom(app.db, room.id)) ?? room)
    },
  )

  app.get(
    apiPaths.chat.roomPreview.pattern,
    {
      schema: { params: RoomParamsSchema, response: { 200: PreviewSchema } },
      config: { session: true, rateLimit: 'preview' },
    },
    async (req) => {
      const room = await findRoom(app.db, req.params.id)
      if (!room) throw new HttpError(404, `Room not found: ${req.params.id}`)
      if (Number(room.previews) !== 1)
        throw new HttpError(403, `${room.name} does not show previews`)
      const rows = await listMessages(app.db, room.id, undefined, PREVIEW_MESSAGES)
      const participants = (await listParticipants(app.db, room.id, 200)).map((p) => ({
        walletAddress: p.wallet_address,
        displayName: p.display_name,
      }))
      return rows.map((r) => ({
        id: Number(r.id),
        author: PREVIEW_AUTHOR,
        content: anonymised(r.content, participants),
        createdAt: r.created_at,
      }))
    },
  )
}
