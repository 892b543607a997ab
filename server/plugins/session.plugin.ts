import { createHash } from 'node:crypto'
import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
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

/** Cookies for the whole app; the session cookie is HttpOnly, SameSite=Lax, Secure on https. */
export const sessionPlugin = fp(
  async (app) => {
    await app.register(cookie)
  },
  { name: 'session', dependencies: ['db'] },
)
