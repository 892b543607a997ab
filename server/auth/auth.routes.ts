import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AuthConfigResponseSchema,
  NONCE_TTL_MS,
  NonceResponseSchema,
  SessionResponseSchema,
  SIWS_CHAIN_ID,
  SIWS_VERSION,
  SignInRequestSchema,
} from '../../src/contracts/auth'
import { checkSignIn } from './siws.verify'
import { SIGN_IN_STATEMENT, startSession } from './start-session'
import { signInSiteFor } from '../lib/origins'
import {
  consumeNonce,
  deleteExpiredSignIns,
  deleteSession,
  deleteSessionsOf,
  insertNonce,
} from '../db/auth.repository'
import { isoAt } from '../db/database'
import { HttpError } from '../http/http-error'
import { SESSION_COOKIE, sessionIdOf } from '../http/session'
import { findSession } from '../db/auth.repository'
import { apiPaths } from '../../src/contracts/apiPaths'

// eslint-disable-next-line max-lines-per-function -- 100 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  // Domain, chain and statement come from configuration only, never from the request
  // (RELIABILITY.md §9, finding 2).
  const signInExpectation = {
    origins: app.siteOrigins,
    chainId: SIWS_CHAIN_ID,
    statement: SIGN_IN_STATEMENT,
  }

  app.get(
    apiPaths.auth.config.pattern,
    { schema: { response: { 200: AuthConfigResponseSchema } } },
    async () => ({ chain: app.chain.kind, tokenMint: app.config.TOKEN_MINT }),
  )

  const nonceRoute = {
    schema: { response: { 200: NonceResponseSchema } },
    config: { rateLimit: 'nonce' as const },
  }
  app.post(apiPaths.auth.nonce.pattern, nonceRoute, async (req) => {
    const now = await app.dbClock.now()
    const nonce = randomBytes(16).toString('hex') // 128 bits, alphanumeric as SIWS wants
    await deleteExpiredSignIns(app.db, isoAt(now))
    await insertNonce(app.db, nonce, isoAt(now), isoAt(now + NONCE_TTL_MS))
    const { domain, uri } = signInSiteFor(req.headers.origin, app.siteOrigins)
    return {
      nonce,
      domain,
      uri,
      statement: SIGN_IN_STATEMENT,
      version: SIWS_VERSION,
      chainId: SIWS_CHAIN_ID,
      issuedAt: isoAt(now),
      expirationTime: isoAt(now + NONCE_TTL_MS),
    }
  })

  const signInRoute = {
    schema: { body: SignInRequestSchema, response: { 200: SessionResponseSchema } },
    config: { rateLimit: 'signIn' as const },
  }
  app.post(apiPaths.auth.signIn.pattern, signInRoute, async (req, reply) => {
    const body = req.body
    const now = await app.dbClock.now()
    const check = checkSignIn(body, signInExpectation, now)
    if (!check.ok) throw new HttpError(check.status, check.error)
    const { site } = check
    // Only now, with the signature verified, is the nonce used up: a forged attempt cannot burn it.
    if (!(await consumeNonce(app.db, check.fields.nonce, isoAt(now)))) {
      throw new HttpError(401, 'Invalid or expired nonce')
    }
    return startSession(app, reply, body.address, now, site.secure)
  })

  const sessionRoute = {
    schema: { response: { 200: SessionResponseSchema } },
    config: { session: true },
  }
  app.get(apiPaths.auth.session.pattern, sessionRoute, async (req) => {
    const wallet = req.wallet
    const token = req.cookies[SESSION_COOKIE] ?? ''
    const now = isoAt(await app.dbClock.now())
    const session = await findSession(app.db, sessionIdOf(token), now)
    return {
      walletAddress: wallet,
      isStaff: app.isStaff(wallet),
      expiresAt: session?.expires_at ?? now,
    }
  })

  // Signing out also ends the session's open push streams on every instance at once (the chat
  // bus carries the revocation), not at their next re-check (RELIABILITY.md §12, finding 4).
  app.post(apiPaths.auth.signOut.pattern, async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE]
    if (token) {
      const sessionId = sessionIdOf(token)
      await deleteSession(app.db, sessionId)
      app.chatBus.revoke({ sessionId })
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' })
    return reply.code(204).send()
  })

  // Every session of the wallet, on every device, and their streams.
  app.post(
    apiPaths.auth.signOutEverywhere.pattern,
    { config: { session: true, rateLimit: 'signIn' } },
    async (req, reply) => {
      await deleteSessionsOf(app.db, req.wallet)
      app.chatBus.revoke({ wallet: req.wallet })
      reply.clearCookie(SESSION_COOKIE, { path: '/' })
      return reply.code(204).send()
    },
  )
}
