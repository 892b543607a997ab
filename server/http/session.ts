/**
 * The session a request carries: the cookie's name, the stored id of a token (its SHA-256, so a
 * database leak holds no usable token) and the signed-in wallet of a request. Floor code: the
 * features (auth, chat, route guards) read sessions through it; `plugins/session.plugin.ts` only
 * registers the cookie parser.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { findSession } from '../db/auth.repository'
import { isoAt } from '../db/database'

export const SESSION_COOKIE = 'vpos_session'

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const cache = new WeakMap<FastifyRequest, Promise<string | null>>()

/** The signed-in wallet of this request, or null (looked up once per request). */
export function sessionWallet(app: FastifyInstance, req: FastifyRequest): Promise<string | null> {
  let found = cache.get(req)
  if (!found) {
    const token = req.cookies[SESSION_COOKIE]
    found = token
      ? app.dbClock
          .now()
          .then((now) => findSession(app.db, sessionIdOf(token), isoAt(now)))
          .then((s) => s?.wallet_address ?? null)
      : Promise.resolve(null)
    cache.set(req, found)
  }
  return found
}
