import { createHash } from 'node:crypto'
import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { findSession } from '../db/auth.repository'
import { isoAt } from '../db/database'
import { HttpError } from '../http/http-error'

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
      ? findSession(app.db, sessionIdOf(token), isoAt()).then((s) => s?.wallet_address ?? null)
      : Promise.resolve(null)
    cache.set(req, found)
  }
  return found
}

/** 401 unless signed in. */
export async function requireSession(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  const wallet = await sessionWallet(app, req)
  if (!wallet) throw new HttpError(401, 'Sign in with your wallet first')
  return wallet
}

/** 403 unless the body's walletAddress is the signed-in wallet. */
export function requireSameWallet(sessionWalletAddress: string, bodyWallet: string) {
  if (bodyWallet !== sessionWalletAddress) {
    throw new HttpError(403, 'walletAddress does not match the signed-in wallet', {
      field: 'walletAddress',
    })
  }
}

/** Cookies for the whole app; the session cookie is HttpOnly, SameSite=Lax, Secure on https. */
export const sessionPlugin = fp(
  async (app) => {
    await app.register(cookie)
  },
  { name: 'session', dependencies: ['db'] },
)
