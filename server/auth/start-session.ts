import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { insertSession } from '../db/auth.repository'
import { isoAt } from '../db/database'
import { SESSION_COOKIE, sessionIdOf } from '../http/session'

/** The statement every sign-in message carries; from configuration, never from the request. */
export const SIGN_IN_STATEMENT = 'Sign in to vPOS Swarm to use the whitelist checker and the chat.'

/**
 * A new session for `wallet`: stored (by the token's hash), its cookie set on `reply`. Both the
 * direct sign-in and the cross-device one end here, so a session is the same whichever way in.
 */
export async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  wallet: string,
  now: number,
  secure: boolean,
) {
  const ttlMs = app.config.SESSION_TTL_HOURS * 3_600_000
  const token = randomBytes(32).toString('base64url')
  const expiresAt = isoAt(now + ttlMs)
  await insertSession(app.db, {
    id: sessionIdOf(token),
    walletAddress: wallet,
    createdAt: isoAt(now),
    expiresAt,
  })
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(ttlMs / 1000),
  })
  return { walletAddress: wallet, isStaff: app.isStaff(wallet), expiresAt }
}
