import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  NONCE_TTL_MS,
  SIWS_VERSION,
  SignInRequestSchema,
  type AuthConfigResponse,
  type NonceResponse,
  type SessionResponse,
} from '../../src/contracts/auth'
import { checkSignIn } from '../auth/siws.verify'
import {
  consumeNonce,
  deleteExpiredSignIns,
  deleteSession,
  insertNonce,
  insertSession,
} from '../db/auth.repository'
import { isoAt } from '../db/database'
import { HttpError, parseWith } from '../http/http-error'
import { RATE_RULES } from '../rate-limit/rate-limiter'
import { SESSION_COOKIE, requireSession, sessionIdOf } from '../plugins/session.plugin'
import { findSession } from '../db/auth.repository'

export const SIGN_IN_STATEMENT = 'Sign in to vPOS Swarm to use the whitelist checker and the chat.'

/** The site a sign-in message must name: PUBLIC_ORIGIN when configured, else the request's Host. */
function siteOf(
  app: FastifyInstance,
  req: FastifyRequest,
): { domain: string; uri: string; secure: boolean } {
  const origin = app.config.PUBLIC_ORIGIN
  if (origin) {
    const url = new URL(origin)
    return { domain: url.host, uri: url.origin, secure: url.protocol === 'https:' }
  }
  const host = req.headers.host ?? 'localhost'
  return { domain: host, uri: `${req.protocol}://${host}`, secure: req.protocol === 'https' }
}

export async function authRoutes(app: FastifyInstance) {
  const ttlMs = app.config.SESSION_TTL_HOURS * 3_600_000

  app.get('/api/auth/config', async (): Promise<AuthConfigResponse> => ({
    chain: app.chain.kind,
    tokenMint: app.config.TOKEN_MINT,
  }))

  app.post('/api/auth/nonce', async (req): Promise<NonceResponse> => {
    await app.limit(`nonce:${req.ip}`, RATE_RULES.nonce)
    const now = Date.now()
    const nonce = randomBytes(16).toString('hex') // 128 bits, alphanumeric as SIWS wants
    await deleteExpiredSignIns(app.db, isoAt(now))
    await insertNonce(app.db, nonce, isoAt(now), isoAt(now + NONCE_TTL_MS))
    const { domain, uri } = siteOf(app, req)
    return {
      nonce,
      domain,
      uri,
      statement: SIGN_IN_STATEMENT,
      version: SIWS_VERSION,
      chainId: 'mainnet',
      issuedAt: isoAt(now),
      expirationTime: isoAt(now + NONCE_TTL_MS),
    }
  })

  app.post('/api/auth/sign-in', async (req, reply): Promise<SessionResponse> => {
    const body = parseWith(SignInRequestSchema, req.body)
    const site = siteOf(app, req)
    const now = Date.now()
    const check = checkSignIn(body, site.domain, now)
    if (!check.ok) throw new HttpError(check.status, check.error)
    // Only now, with the signature verified, is the nonce used up: a forged attempt cannot burn it.
    if (!(await consumeNonce(app.db, check.fields.nonce, isoAt(now)))) {
      throw new HttpError(401, 'Invalid or expired nonce')
    }
    const token = randomBytes(32).toString('base64url')
    const expiresAt = isoAt(now + ttlMs)
    await insertSession(app.db, {
      id: sessionIdOf(token),
      walletAddress: body.address,
      createdAt: isoAt(now),
      expiresAt,
    })
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: site.secure,
      maxAge: Math.floor(ttlMs / 1000),
    })
    return { walletAddress: body.address, isStaff: app.isStaff(body.address), expiresAt }
  })

  app.get('/api/auth/session', async (req): Promise<SessionResponse> => {
    const wallet = await requireSession(app, req)
    const token = req.cookies[SESSION_COOKIE] ?? ''
    const session = await findSession(app.db, sessionIdOf(token), isoAt())
    return {
      walletAddress: wallet,
      isStaff: app.isStaff(wallet),
      expiresAt: session?.expires_at ?? isoAt(),
    }
  })

  app.post('/api/auth/sign-out', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE]
    if (token) await deleteSession(app.db, sessionIdOf(token))
    reply.clearCookie(SESSION_COOKIE, { path: '/' })
    return reply.code(204).send()
  })
}
