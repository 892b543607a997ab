import cookie from '@fastify/cookie'
import fp from 'fastify-plugin'

/** Cookies for the whole app; the session cookie is HttpOnly, SameSite=Lax, Secure on https. */
export const sessionPlugin = fp(
  async (app) => {
    await app.register(cookie)
  },
  { name: 'session', dependencies: ['db'] },
)
