import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiPaths } from '../../src/contracts/apiPaths'
import { SIWS_CHAIN_ID, SIWS_VERSION, SignInRequestSchema } from '../../src/contracts/auth'
import {
  DEVICE_CODE_ALPHABET,
  DEVICE_CODE_LENGTH,
  DEVICE_SIGN_IN_TTL_MS,
  DeviceApproveResponseSchema,
  DeviceCodeParamsSchema,
  DevicePollRequestSchema,
  DevicePollResponseSchema,
  DeviceRequestResponseSchema,
  DeviceSignInFieldsSchema,
} from '../../src/contracts/deviceSignIn'
import { isoAt } from '../db/database'
import { HttpError } from '../http/http-error'
import { isAllowedOrigin, signInSiteFor } from '../lib/origins'
import {
  approveDeviceSignIn,
  consumeDeviceSignIn,
  deleteEndedDeviceSignIns,
  findDeviceSignInByCode,
  findDeviceSignInById,
  insertDeviceSignIn,
} from './device-sign-in.repository'
import { checkSignIn } from './siws.verify'
import { SIGN_IN_STATEMENT, startSession } from './start-session'

/**
 * The httpOnly, SameSite=Strict cookie (scoped to the device routes) that binds a request to the
 * browser that made it; the row stores only its SHA-256.
 */
const DEVICE_COOKIE = 'vpos_device_sign_in'
const COOKIE_PATH = apiPaths.auth.deviceRequest.url()
/** An approved request may still be collected this long after it expired (a poll in flight). */
const COLLECT_GRACE_MS = 30_000

const sha256 = (text: string) => createHash('sha256').update(text).digest()
const hex = (text: string) => sha256(text).toString('hex')

function drawCode(): string {
  let code = ''
  for (let i = 0; i < DEVICE_CODE_LENGTH; i++)
    code += DEVICE_CODE_ALPHABET[randomInt(DEVICE_CODE_ALPHABET.length)]
  return code
}

const refusal = {
  unknown: () => new HttpError(404, 'This sign-in request is unknown: start a new one'),
  unknownCode: () =>
    new HttpError(
      404,
      'No sign-in request has this code: check it, or get a new code on the waiting device',
    ),
  expired: () => new HttpError(410, 'This sign-in request has expired: get a new code'),
  used: () => new HttpError(409, 'This sign-in request was already used: get a new code'),
  otherSite: () => new HttpError(403, 'This sign-in request was made on another site'),
  otherBrowser: () => new HttpError(403, 'This sign-in request belongs to another browser'),
  notThisRequest: () => new HttpError(401, 'The signed message is not for this sign-in request'),
}

/** The configured site origin this request comes from (its Origin header, else PUBLIC_ORIGIN). */
function requestOrigin(app: FastifyInstance, req: FastifyRequest): string {
  return signInSiteFor(req.headers.origin, app.siteOrigins).uri
}

/**
 * Cross-device sign-in (src/contracts/deviceSignIn.ts; docs/ARCHITECTURE.md "Wallet and sign-in").
 * Every step reads and writes only the shared database, so each may land on any instance.
 */
export async function deviceSignInRoutes(app: FastifyInstance) {
  waitingBrowserRoutes(app)
  signingDeviceRoutes(app)
}

/** The waiting browser: make a request, then ask whether it is signed. */
function waitingBrowserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    apiPaths.auth.deviceRequest.pattern,
    {
      schema: { response: { 200: DeviceRequestResponseSchema } },
      config: { rateLimit: 'deviceRequest' },
    },
    async (req, reply) => {
      const now = await app.dbClock.now()
      const origin = req.headers.origin
      if (origin !== undefined && !isAllowedOrigin(origin, app.siteOrigins))
        throw refusal.otherSite()
      const site = signInSiteFor(origin, app.siteOrigins)
      await deleteEndedDeviceSignIns(app.db, isoAt(now - COLLECT_GRACE_MS))
      const requestId = randomBytes(16).toString('base64url') // 128 bits
      const secret = randomBytes(32).toString('base64url')
      const expiresAt = isoAt(now + DEVICE_SIGN_IN_TTL_MS)
      let code = ''
      for (let tries = 0; tries < 5 && !code; tries++) {
        const candidate = drawCode()
        const stored = await insertDeviceSignIn(app.db, {
          id: hex(requestId),
          code: candidate,
          origin: site.uri,
          browserHash: hex(secret),
          nonce: randomBytes(16).toString('hex'),
          createdAt: isoAt(now),
          expiresAt,
        })
        if (stored) code = candidate
      }
      if (!code) throw new HttpError(503, 'No free sign-in code right now: try again')
      reply.setCookie(DEVICE_COOKIE, secret, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: site.secure,
        maxAge: Math.ceil((DEVICE_SIGN_IN_TTL_MS + COLLECT_GRACE_MS) / 1000),
      })
      return { requestId, code, expiresAt }
    },
  )

  app.post(
    apiPaths.auth.devicePoll.pattern,
    {
      schema: { body: DevicePollRequestSchema, response: { 200: DevicePollResponseSchema } },
      config: { rateLimit: 'devicePoll' },
    },
    async (req, reply) => {
      const now = await app.dbClock.now()
      const id = hex(req.body.requestId)
      const row = await findDeviceSignInById(app.db, id)
      if (!row) throw refusal.unknown()
      if (requestOrigin(app, req) !== row.origin) throw refusal.otherSite()
      // Constant-time: the stored hash against the hash of the cookie this browser sent.
      const secret = req.cookies[DEVICE_COOKIE] ?? ''
      if (!timingSafeEqual(sha256(secret), Buffer.from(row.browser_hash, 'hex')))
        throw refusal.otherBrowser()
      if (row.consumed_at !== null) throw refusal.used()
      const expiresAt = Date.parse(row.expires_at)
      if (row.wallet_address === null) {
        if (expiresAt <= now) throw refusal.expired()
        return { status: 'pending' as const, expiresAt: row.expires_at }
      }
      if (expiresAt + COLLECT_GRACE_MS <= now) throw refusal.expired()
      const wallet = await consumeDeviceSignIn(app.db, id, isoAt(now))
      if (wallet === null) throw refusal.used()
      reply.clearCookie(DEVICE_COOKIE, { path: COOKIE_PATH })
      const site = signInSiteFor(row.origin, app.siteOrigins)
      const session = await startSession(app, reply, wallet, now, site.secure)
      return { status: 'signed-in' as const, session }
    },
  )
}

/** The signing device: read the request behind a code, and approve it with a signature. */
function signingDeviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  /** The request behind a code, refused unless it can still be signed. */
  async function liveByCode(code: string, now: number) {
    const row = await findDeviceSignInByCode(app.db, code)
    if (!row) throw refusal.unknownCode()
    if (row.wallet_address !== null || row.consumed_at !== null) throw refusal.used()
    if (Date.parse(row.expires_at) <= now) throw refusal.expired()
    return row
  }

  app.get(
    apiPaths.auth.deviceFields.pattern,
    {
      schema: { params: DeviceCodeParamsSchema, response: { 200: DeviceSignInFieldsSchema } },
      config: { rateLimit: 'deviceCode' },
    },
    async (req) => {
      const now = await app.dbClock.now()
      const row = await liveByCode(req.params.code, now)
      const site = signInSiteFor(row.origin, app.siteOrigins)
      return {
        nonce: row.nonce,
        domain: site.domain,
        uri: site.uri,
        statement: SIGN_IN_STATEMENT,
        version: SIWS_VERSION,
        chainId: SIWS_CHAIN_ID,
        issuedAt: row.created_at,
        expirationTime: row.expires_at,
      }
    },
  )

  app.post(
    apiPaths.auth.deviceApprove.pattern,
    {
      schema: {
        params: DeviceCodeParamsSchema,
        body: SignInRequestSchema,
        response: { 200: DeviceApproveResponseSchema },
      },
      config: { rateLimit: 'deviceCode' },
    },
    async (req) => {
      const now = await app.dbClock.now()
      const row = await liveByCode(req.params.code, now)
      const check = checkSignIn(
        req.body,
        { origins: app.siteOrigins, chainId: SIWS_CHAIN_ID, statement: SIGN_IN_STATEMENT },
        now,
      )
      if (!check.ok) throw new HttpError(check.status, check.error)
      if (check.site.uri !== row.origin) throw refusal.otherSite()
      if (check.fields.nonce !== row.nonce) throw refusal.notThisRequest()
      if (!(await approveDeviceSignIn(app.db, row.id, req.body.address, isoAt(now))))
        throw refusal.used()
      return { status: 'approved' as const }
    },
  )
}
