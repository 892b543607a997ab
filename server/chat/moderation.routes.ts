/**
 * Chat moderation (docs/PRODUCT.md "Chat moderation"; docs/ARCHITECTURE.md "Chat moderation"):
 * hide and restore messages, pins, mutes, slow mode, reports and the staff overview. Staff are the
 * wallets in STAFF_WALLETS: every staff route checks the session's wallet (never a display name),
 * and every staff action is written to the audit log with who, what, when and the optional reason.
 * Changes reach every instance's readers through the chat bus.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import {
  MessageParamsSchema,
  MessageSchema,
  RoomParamsSchema,
  RoomSchema,
  type Room,
} from '../../src/contracts/chat'
import {
  ModerationOverviewSchema,
  MuteBodySchema,
  MuteParamsSchema,
  MuteSchema,
  OkSchema,
  ReportBodySchema,
  ReportParamsSchema,
  ReportSchema,
  SlowModeBodySchema,
  StaffActionBodySchema,
  type Report,
} from '../../src/contracts/moderation'
import { apiPaths } from '../../src/contracts/apiPaths'
import type { Database } from '../db/database'
import { isoAt } from '../db/database'
import { HttpError } from '../http/http-error'
import { STAFF_CHANNEL, type ChatBus } from './chat.bus'
import { toMessages } from './chat.presenter'
import { findMessage, findRoom, type MessageRow, type RoomRow } from './chat.repository'
import {
  activeMute,
  addPin,
  claimPostSlot,
  deleteMute,
  findReport,
  insertReport,
  listActiveMutes,
  listAudit,
  listOpenReports,
  listPinnedMessages,
  messagesByIds,
  removePin,
  resolveReports,
  setHidden,
  setSlowMode,
  upsertMute,
} from './moderation.repository'
import { sseEvent, walletStreamRoute } from './wallet-stream'

const BODY_LIMIT = 8 * 1024
const AUDIT_ENTRIES = 100

type ModerationApp = FastifyInstance<any, any, any, any, ZodTypeProvider> // eslint-disable-line @typescript-eslint/no-explicit-any

/** One audit entry, less who and when (the request's wallet, now). */
export interface StaffAction {
  action: string
  roomId: string
  target: string
  reason?: string
}

interface ModerationContext {
  app: ModerationApp
  isStaff: (wallet: string) => boolean
  bus: ChatBus
  enterRoom: (req: FastifyRequest) => Promise<void>
  roomOf: (req: FastifyRequest) => RoomRow
  announcementChanged: (room: RoomRow) => Promise<Room>
  staffChanged: () => void
  audited: (req: FastifyRequest, e: StaffAction) => Promise<void>
}

/** 'HH:MM UTC', with the date in front when it is not today's (UTC). */
function utcTime(iso: string, nowIso: string): string {
  const time = `${iso.slice(11, 16)} UTC`
  return iso.slice(0, 10) === nowIso.slice(0, 10) ? time : `${iso.slice(0, 10)} ${time}`
}

/**
 * Before a post is stored: 403 while the wallet is muted in the room, 429 inside its slow-mode
 * window (claimed atomically in the database, so it holds across instances; staff are exempt). A
 * resend of a stored clientId passes: it stores nothing new.
 */
export async function postGate(
  app: { db: Kysely<Database>; dbClock: { now(): Promise<number> } },
  room: RoomRow,
  wallet: string,
  clientId: string | null,
  staff: boolean,
) {
  if (clientId !== null) {
    const stored = await app.db
      .selectFrom('messages')
      .select('id')
      .where('room_id', '=', room.id)
      .where('wallet_address', '=', wallet)
      .where('client_id', '=', clientId)
      .executeTakeFirst()
    if (stored) return
  }
  const nowMs = await app.dbClock.now()
  const now = isoAt(nowMs)
  const mute = await activeMute(app.db, room.id, wallet, now)
  if (mute) throw new HttpError(403, `Muted in this room until ${utcTime(mute.until, now)}`)
  // Staff are never muted (refused at the mute) and not slowed: they moderate the room.
  const seconds = staff ? 0 : (room.slow_mode_seconds ?? 0)
  if (seconds <= 0) return
  const held = await claimPostSlot(app.db, room.id, wallet, now, isoAt(nowMs - seconds * 1000))
  if (held !== null) {
    const waitS = Math.max(1, Math.ceil((Date.parse(held) + seconds * 1000 - nowMs) / 1000))
    throw new HttpError(
      429,
      `Slow mode: one message every ${seconds} s in this room; try again in ${waitS} s`,
      { retryAfter: waitS },
    )
  }
}

const reportRows = new WeakMap<FastifyRequest, MessageRow>()

/** Staff pages need the queue fresh, but a burst of actions is one re-read. */
const STAFF_COALESCE_MS = 400
const MAX_STAFF_STREAMS = 8

/**
 * GET /api/chat/moderation/events (docs/ARCHITECTURE.md "Chat moderation"): the staff overview's
 * changes, pushed. One `moderation` event on connect, then one (at most every STAFF_COALESCE_MS)
 * after each event on the bus's staff channel, from any instance. The event carries nothing: the
 * page re-reads the overview, so a lost bus event makes it late, never wrong.
 */
function staffStreamRoute(
  ctx: ModerationContext,
  staffOnly: (req: FastifyRequest) => Promise<void>,
) {
  walletStreamRoute(ctx.app, ctx.bus, {
    path: apiPaths.chat.moderationEvents.pattern,
    name: 'moderation',
    maxPerWallet: MAX_STAFF_STREAMS,
    coalesceMs: STAFF_COALESCE_MS,
    preHandler: staffOnly,
    channels: async () => [STAFF_CHANNEL],
    wants: (event) => event.type === 'moderation',
    frame: async () => sseEvent({ type: 'moderation' }),
  })
}

// eslint-disable-next-line max-lines-per-function -- one route table; each handler is a few lines
export function moderationRoutes(ctx: ModerationContext) {
  const { app, isStaff, bus, enterRoom, roomOf, announcementChanged, audited } = ctx
  const present = async (rows: MessageRow[]) => toMessages(app.db, rows, isStaff)

  /** preHandler: 403 unless the session's wallet is staff. */
  async function staffOnly(req: FastifyRequest) {
    if (!isStaff(req.wallet)) throw new HttpError(403, 'Only the vPOS Team can moderate')
  }

  /** preHandler: the message of the path, in the entered room (404 otherwise). */
  async function withMessage(req: FastifyRequest) {
    const { messageId } = req.params as { messageId: number }
    const message = await findMessage(app.db, roomOf(req).id, messageId)
    if (!message || (message.hidden_at !== null && !isStaff(req.wallet)))
      throw new HttpError(404, `Message not found: ${messageId}`)
    reportRows.set(req, message)
  }
  const messageOf = (req: FastifyRequest) => {
    const m = reportRows.get(req)
    if (!m) throw new Error('withMessage did not run for this route')
    return m
  }

  const record = (
    req: FastifyRequest,
    action: string,
    roomId: string,
    target: string,
    reason?: string,
  ) => audited(req, { action, roomId, target, reason })

  async function pinsChanged(roomId: string) {
    const pins = await present(await listPinnedMessages(app.db, roomId))
    bus.publish(roomId, { type: 'pins', pins })
    return pins
  }

  const staffMessageRoute = {
    bodyLimit: BODY_LIMIT,
    schema: {
      params: MessageParamsSchema,
      body: StaffActionBodySchema,
      response: { 200: MessageSchema },
    },
    config: { session: true, rateLimit: 'moderation' as const },
    preHandler: [staffOnly, enterRoom, withMessage],
  }

  async function presentOne(id: number, roomId: string) {
    const row = await findMessage(app.db, roomId, id)
    const [out] = row ? await present([row]) : []
    if (!out) throw new HttpError(404, `Message not found: ${id}`)
    return out
  }

  app.post(apiPaths.chat.messageHide.pattern, staffMessageRoute, async (req) => {
    const room = roomOf(req)
    const message = messageOf(req)
    if (message.hidden_at === null) {
      const at = isoAt()
      await setHidden(app.db, message.id, req.wallet, at)
      await resolveReports(app.db, { messageId: message.id }, req.wallet, at, 'hidden')
      await record(req, 'hide', room.id, String(message.id), req.body.reason)
      bus.publish(room.id, { type: 'hidden', messageId: message.id })
      await pinsChanged(room.id)
    }
    return presentOne(message.id, room.id)
  })

  app.post(apiPaths.chat.messageRestore.pattern, staffMessageRoute, async (req) => {
    const room = roomOf(req)
    const message = messageOf(req)
    if (message.hidden_at !== null) {
      await setHidden(app.db, message.id, null, null)
      await record(req, 'restore', room.id, String(message.id), req.body.reason)
      const out = await presentOne(message.id, room.id)
      bus.publish(room.id, { type: 'restored', message: out })
      await pinsChanged(room.id)
    }
    return presentOne(message.id, room.id)
  })

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      ...staffMessageRoute,
      method,
      url: apiPaths.chat.messagePin.pattern,
      handler: async (req) => {
        const room = roomOf(req)
        const { messageId } = req.params as { messageId: number }
        const { reason } = req.body as { reason?: string }
        if (method === 'POST') await addPin(app.db, room.id, messageId, req.wallet, isoAt())
        else await removePin(app.db, messageId)
        await record(req, method === 'POST' ? 'pin' : 'unpin', room.id, String(messageId), reason)
        await pinsChanged(room.id)
        return presentOne(messageId, room.id)
      },
    })
  }

  app.get(
    apiPaths.chat.roomPins.pattern,
    {
      schema: { params: RoomParamsSchema, response: { 200: z.array(MessageSchema) } },
      config: { session: true },
      preHandler: enterRoom,
    },
    async (req) => present(await listPinnedMessages(app.db, roomOf(req).id)),
  )

  app.post(
    apiPaths.chat.messageReport.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        params: MessageParamsSchema,
        body: ReportBodySchema,
        response: { 201: ReportSchema },
      },
      config: { session: true, rateLimit: 'report' },
      preHandler: [enterRoom, withMessage],
    },
    async (req, reply) => {
      const message = messageOf(req)
      const row = await insertReport(app.db, {
        room_id: message.room_id,
        message_id: message.id,
        reporter: req.wallet,
        reason: req.body.reason ?? null,
        created_at: isoAt(),
      })
      if (!row) throw new HttpError(409, 'You already reported this message')
      ctx.staffChanged()
      const [out] = await present([message])
      return reply.code(201).send({
        id: Number(row.id),
        roomId: row.room_id,
        messageId: Number(row.message_id),
        reporter: row.reporter,
        reason: row.reason,
        createdAt: row.created_at,
        message: out ?? null,
      })
    },
  )

  app.post(
    apiPaths.chat.roomMutes.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: { params: RoomParamsSchema, body: MuteBodySchema, response: { 200: MuteSchema } },
      config: { session: true, rateLimit: 'moderation' },
      preHandler: [staffOnly, enterRoom],
    },
    async (req) => {
      const room = roomOf(req)
      const { target, minutes, reason } = req.body
      if (isStaff(target))
        throw new HttpError(400, 'Staff wallets cannot be muted', { field: 'target' })
      const nowMs = await app.dbClock.now()
      const until = isoAt(nowMs + minutes * 60_000)
      await upsertMute(app.db, {
        room_id: room.id,
        wallet_address: target,
        until,
        muted_by: req.wallet,
        reason: reason ?? null,
        created_at: isoAt(nowMs),
      })
      await record(req, `mute ${minutes} min`, room.id, target, reason)
      return {
        roomId: room.id,
        walletAddress: target,
        until,
        mutedBy: req.wallet,
        reason: reason ?? null,
      }
    },
  )

  app.delete(
    apiPaths.chat.roomMute.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        params: MuteParamsSchema,
        body: StaffActionBodySchema,
        response: { 200: OkSchema },
      },
      config: { session: true, rateLimit: 'moderation' },
      preHandler: [staffOnly, enterRoom],
    },
    async (req) => {
      const room = roomOf(req)
      const { target } = req.params
      const was = await deleteMute(app.db, room.id, target, isoAt(await app.dbClock.now()))
      if (!was) throw new HttpError(404, `No active mute for ${target} in ${room.name}`)
      await record(req, 'unmute', room.id, target, req.body.reason)
      return { ok: true as const }
    },
  )

  app.post(
    apiPaths.chat.roomSlowMode.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: { params: RoomParamsSchema, body: SlowModeBodySchema, response: { 200: RoomSchema } },
      config: { session: true, rateLimit: 'moderation' },
      preHandler: [staffOnly, enterRoom],
    },
    async (req) => {
      const room = roomOf(req)
      await setSlowMode(app.db, room.id, req.body.seconds)
      await record(req, `slow mode ${req.body.seconds} s`, room.id, room.id, req.body.reason)
      return announcementChanged((await findRoom(app.db, room.id)) ?? room)
    },
  )

  app.get(
    apiPaths.chat.moderation.pattern,
    {
      schema: { response: { 200: ModerationOverviewSchema } },
      config: { session: true },
      preHandler: staffOnly,
    },
    async () => {
      const now = isoAt(await app.dbClock.now())
      const [reports, mutes, entries] = await Promise.all([
        listOpenReports(app.db),
        listActiveMutes(app.db, now),
        listAudit(app.db, AUDIT_ENTRIES),
      ])
      const messages = await present(
        await messagesByIds(app.db, [...new Set(reports.map((r) => Number(r.message_id)))]),
      )
      const byId = new Map(messages.map((m) => [m.id, m]))
      return {
        reports: reports.map((r): Report => ({
          id: Number(r.id),
          roomId: r.room_id,
          messageId: Number(r.message_id),
          reporter: r.reporter,
          reason: r.reason,
          createdAt: r.created_at,
          message: byId.get(Number(r.message_id)) ?? null,
        })),
        mutes: mutes.map((m) => ({
          roomId: m.room_id,
          walletAddress: m.wallet_address,
          until: m.until,
          mutedBy: m.muted_by,
          reason: m.reason,
        })),
        audit: entries.map((e) => ({
          id: Number(e.id),
          at: e.at,
          staffWallet: e.staff_wallet,
          action: e.action,
          roomId: e.room_id,
          target: e.target,
          reason: e.reason,
        })),
      }
    },
  )

  staffStreamRoute(ctx, staffOnly)

  app.post(
    apiPaths.chat.reportDismiss.pattern,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        params: ReportParamsSchema,
        body: StaffActionBodySchema,
        response: { 200: OkSchema },
      },
      config: { session: true, rateLimit: 'moderation' },
      preHandler: staffOnly,
    },
    async (req) => {
      const report = await findReport(app.db, req.params.reportId)
      if (!report || report.resolved_at !== null)
        throw new HttpError(404, `No open report: ${req.params.reportId}`)
      await resolveReports(
        app.db,
        { reportId: Number(report.id) },
        req.wallet,
        isoAt(),
        'dismissed',
      )
      await record(req, 'dismiss report', report.room_id, String(report.id), req.body.reason)
      return { ok: true as const }
    },
  )
}
