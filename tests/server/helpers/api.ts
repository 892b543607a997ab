import type { FastifyInstance } from 'fastify'

/** app.inject with a JSON body and an optional session cookie; returns status and parsed body. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  opts: {
    cookie?: string
    body?: unknown
    raw?: string
    headers?: Record<string, string>
    /** the client's address (per-IP rate limits); app.inject's default is 127.0.0.1 */
    remoteAddress?: string
  } = {},
) {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.cookie) headers.cookie = opts.cookie
  const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
  if (payload !== undefined) headers['content-type'] ??= 'application/json'
  const res = await app.inject({ method, url, headers, payload, remoteAddress: opts.remoteAddress })
  let json: unknown
  try {
    json = res.body ? JSON.parse(res.body) : undefined
  } catch {
    json = res.body
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: json as any, headers: res.headers }
}
