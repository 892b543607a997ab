import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ChainError } from '../chain/chain.errors'
import { isDatabaseUnavailable } from '../lib/db-errors'

/** A 4xx the route means to send; the body is always `{ error, field?, retryAfter? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { field?: string; retryAfter?: number } = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/**
 * Parses a body with a shared contract schema; a 400 names the first offending field. Strict
 * schemas reject unknown fields, reported as that field.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = 'body',
): z.infer<S> {
  const parsed = schema.safeParse(value ?? {})
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  if (!issue) throw new HttpError(400, `Invalid ${what}`)
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? ''
    throw new HttpError(400, `Unknown field: ${key}`, { field: key })
  }
  const field = issue.path.map(String).join('.')
  if (!field) throw new HttpError(400, `Invalid ${what}: ${issue.message}`)
  throw new HttpError(400, `Invalid ${field}: ${issue.message}`, { field })
}

/** JSON errors for our API: intended 4xx as sent, upstream chain errors as 502/503, no 5xx for bad input. */
export function apiErrorHandler(
  err: FastifyError | Error,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  if (err instanceof HttpError) {
    if (err.extra.retryAfter !== undefined)
      reply.header('Retry-After', String(err.extra.retryAfter))
    return reply.code(err.statusCode).send({ error: err.message, ...err.extra })
  }
  if (err instanceof ChainError) {
    req.log.warn({ err: err.cause ?? err }, err.message)
    return reply.code(err.statusCode).send({ error: err.message })
  }
  // A database outage is "try again shortly", not a server bug (issue 8: 503, recovery without restart).
  if (isDatabaseUnavailable(err)) {
    req.log.warn({ err }, 'database unavailable')
    return reply.code(503).header('Retry-After', '5').send({ error: 'Database unavailable' })
  }
  const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500
  if (status >= 400 && status < 500) return reply.code(status).send({ error: err.message })
  req.log.error(err)
  return reply.code(500).send({ error: 'Internal server error' })
}
