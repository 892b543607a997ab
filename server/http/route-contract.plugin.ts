/**
 * The one place a route's contract is enforced (ARCHITECTURE.md "Plugins and route contracts"): a
 * route declares `schema` (zod schemas from src/contracts, through fastify-type-provider-zod),
 * `config.session` and `config.rateLimit` in its options; its handler holds only the feature's
 * logic.
 *
 * - validation: every body/query/params is parsed by its zod schema before the handler; a 400 names
 *   the first offending field (`{ error, field }`), an unknown field of a strict schema included;
 * - serialization: 2xx responses are encoded through their declared response schema;
 * - session: `config.session` ⇒ 401 unless signed in (checked before validation, so an anonymous
 *   caller learns nothing about the body), then 403 unless a `walletAddress` in the body or params
 *   is the signed-in wallet; the handler reads `req.wallet`;
 * - rate limit: `config.rateLimit` names a RATE_RULES bucket. On session routes it is keyed by the
 *   wallet and consumed after the route's own checks (404/403 cost nothing); on anonymous routes
 *   it is keyed by the client IP and consumed first, before the body is even validated;
 * - one error handler for the whole app: intended 4xx as sent, chain errors 502/503, a database
 *   outage 503, anything else a generic 500.
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify'
import fp from 'fastify-plugin'
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import { ChainError } from '../chain/chain.errors'
import { isDatabaseUnavailable } from '../lib/db-errors'
import { sessionWallet } from './session'
import { RATE_RULES, type RateLimiter } from '../rate-limit/rate-limiter'
import { HttpError } from './http-error'

type RateRuleName = keyof typeof RATE_RULES

declare module 'fastify' {
  interface FastifyContextConfig {
    /** needs a signed-in wallet; a body/params `walletAddress` must be that wallet */
    session?: boolean
    /** token bucket from RATE_RULES, per wallet (per IP without a session, or when `per: 'ip'`) */
    rateLimit?: RateRuleName | { rule: RateRuleName; per: 'ip' | 'wallet' }
  }
  interface FastifyRequest {
    /** the signed-in wallet on `config.session` routes ('' elsewhere) */
    wallet: string
  }
}

const CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
}

/** The `{ error, field }` 400 for a schema validation failure (first issue wins). */
function validationError(err: FastifyError): HttpError {
  const issue = err.validation?.[0]
  const what = CONTEXT_NAMES[err.validationContext ?? 'body'] ?? 'request'
  if (!issue) return new HttpError(400, `Invalid ${what}`)
  const params = issue.params as { keys?: string[] }
  if (issue.keyword === 'unrecognized_keys') {
    const key = params.keys?.[0] ?? ''
    return new HttpError(400, `Unknown field: ${key}`, { field: key })
  }
  const field = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.')
  if (!field) return new HttpError(400, `Invalid ${what}: ${issue.message ?? 'invalid'}`)
  return new HttpError(400, `Invalid ${field}: ${issue.message ?? 'invalid'}`, { field })
}

/** JSON errors: intended 4xx as sent, upstream chain errors as 502/503, no 5xx for bad input. */
function apiErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) err = validationError(err as FastifyError)
  if (err instanceof HttpError) {
    if (err.extra.retryAfter !== undefined)
      reply.header('Retry-After', String(err.extra.retryAfter))
    return reply.code(err.statusCode).send({ error: err.message, ...err.extra })
  }
  if (err instanceof ChainError) {
    req.log.warn({ err: err.cause ?? err }, err.message)
    return reply.code(err.statusCode).send({ error: err.message })
  }
  // A database outage is "try again shortly", not a server bug (RELIABILITY.md §5: 503, recovery
  // without restart).
  if (isDatabaseUnavailable(err)) {
    req.log.warn({ err }, 'database unavailable')
    return reply.code(503).header('Retry-After', '5').send({ error: 'Database unavailable' })
  }
  const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500
  if (status >= 400 && status < 500) return reply.code(status).send({ error: err.message })
  req.log.error(err)
  return reply.code(500).send({ error: 'Internal server error' })
}

/** Why a parsed JSON body may not be used: a key that would reach an object's prototype. */
function prototypeKeyProblem(value: unknown): string | null {
  const stack = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (v === null || typeof v !== 'object') continue
    if (Object.hasOwn(v, '__proto__')) return 'must not contain a "__proto__" key'
    const ctor = (v as { constructor?: unknown }).constructor
    if (Object.hasOwn(v, 'constructor') && ctor !== null && typeof ctor === 'object') {
      if (Object.hasOwn(ctor, 'prototype')) return 'must not contain a "constructor.prototype" key'
    }
    stack.push(...Object.values(v))
  }
  return null
}

/**
 * JSON bodies, saying what is wrong (RELIABILITY.md §12, finding 8: a `__proto__` key was answered
 * 'Body is not valid JSON'): malformed JSON names the parser's complaint; prototype keys (prototype
 * poisoning) are refused by name, as Fastify's own parser refuses them.
 */
function parseJsonBody(
  _req: FastifyRequest,
  body: string,
  done: (err: Error | null, value?: unknown) => void,
) {
  if (body.trim() === '') return done(new HttpError(400, 'Body is empty: send a JSON object'))
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch (err) {
    return done(new HttpError(400, `Body is not valid JSON: ${(err as Error).message}`))
  }
  const problem = prototypeKeyProblem(value)
  if (problem) return done(new HttpError(400, `Body ${problem}`))
  done(null, value)
}

/** Root scope: zod validation + serialization, JSON bodies and the one error handler. */
export const routeContractPlugin = fp(
  async (app) => {
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody)
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    app.setErrorHandler(apiErrorHandler)
  },
  { name: 'route-contract' },
)

function asArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v]
}

/** The signed-in wallet or 401; sets `req.wallet`. */
const requireWallet: preValidationHookHandler = async function (req) {
  const wallet = await sessionWallet(req.server, req)
  if (!wallet) throw new HttpError(401, 'Sign in with your wallet first')
  req.wallet = wallet
}

/** 403 unless the body's (or path's) walletAddress is the signed-in wallet. */
const sameWallet: preHandlerHookHandler = async function (req) {
  const claimed =
    (req.body as { walletAddress?: unknown } | undefined)?.walletAddress ??
    (req.params as { walletAddress?: unknown } | undefined)?.walletAddress
  if (claimed !== undefined && claimed !== req.wallet) {
    throw new HttpError(403, 'walletAddress does not match the signed-in wallet', {
      field: 'walletAddress',
    })
  }
}

/**
 * Wallet-API scope: turns `config.session` / `config.rateLimit` into hooks on every route declared
 * after it.
 */
export function routeGuards(app: FastifyInstance, limiter: () => RateLimiter) {
  app.decorateRequest('wallet', '')
  app.addHook('onRoute', (route) => {
    const cfg = route.config
    if (cfg?.session) {
      route.preValidation = [requireWallet, ...asArray(route.preValidation)]
      route.preHandler = [sameWallet, ...asArray(route.preHandler)]
    }
    const declared = cfg?.rateLimit
    if (declared) {
      const { rule: ruleName, per } =
        typeof declared === 'string' ? { rule: declared, per: 'wallet' } : declared
      const rule = RATE_RULES[ruleName]
      const limit: preHandlerHookHandler & preValidationHookHandler = async function (req) {
        const who = per === 'ip' ? `ip:${req.ip}` : req.wallet || `ip:${req.ip}`
        const d = await limiter().consume(`${ruleName}:${who}`, rule)
        if (!d.allowed) {
          throw new HttpError(429, `Too many requests: try again in ${d.retryAfterS} seconds`, {
            retryAfter: d.retryAfterS,
          })
        }
      }
      if (cfg.session) route.preHandler = [...asArray(route.preHandler), limit]
      else route.preValidation = [limit, ...asArray(route.preValidation)]
    }
  })
}
