/**
 * The one HTTP client of the app: JSON to and from our own API with cookies, a typed error for a
 * non-OK answer, and the 401 policy in one place — a 401 ends the local wallet session (through the
 * handler the wallet store installs) unless the call asks for `null` instead (the session probe).
 */

/**
 * A non-OK HTTP response; `message` is `status: body-or-statusText` (PRODUCT.md §8 default fetch).
 */
export class HttpError extends Error {
  readonly status: number
  readonly body: string
  /** the response's Retry-After header (429/503), if any */
  readonly retryAfter: string | null
  constructor(status: number, body: string, statusText: string, retryAfter: string | null = null) {
    super(`${status}: ${body || statusText}`)
    this.name = 'HttpError'
    this.status = status
    this.body = body
    this.retryAfter = retryAfter
  }
  /** The server's `{ error }` text when the body is JSON with one, else the raw body. */
  get serverError(): string {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown }
      if (typeof parsed.error === 'string') return parsed.error
    } catch {
      // not JSON
    }
    return this.body || this.message
  }
  /** The server's `{ field }`: which field of the request it refused (a 400 or 403), if any. */
  get serverField(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { field?: unknown }
      if (typeof parsed.field === 'string') return parsed.field
    } catch {
      // not JSON
    }
    return null
  }
}

/** What validates an answer: a zod schema fits (kept structural so this module needs no zod). */
export interface Parser<T> {
  parse(value: unknown): T
}

let unauthorized: () => void = () => {}

/** The 401 policy's effect (the wallet store ends its session); one handler for the whole app. */
export function onUnauthorized(handler: () => void) {
  unauthorized = handler
}

export interface RequestOptions<T> {
  body?: unknown
  parse?: Parser<T>
  signal?: AbortSignal
  /** 'returnNull': a 401 answers null and leaves the session alone (probing whether one exists) */
  on401?: 'throw' | 'returnNull'
  /** the request outlives the page (a last mark-read as the tab is hidden or closed) */
  keepalive?: boolean
}

/** One request to our API; resolves to the parsed body (undefined for 204). */
export async function request<T = unknown>(
  method: string,
  url: string,
  opts: RequestOptions<T> & { on401: 'returnNull' },
): Promise<T | null>
export async function request<T = unknown>(
  method: string,
  url: string,
  opts?: RequestOptions<T>,
): Promise<T>
export async function request<T>(
  method: string,
  url: string,
  { body, parse, signal, on401 = 'throw', keepalive }: RequestOptions<T> = {},
): Promise<T | null> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    keepalive,
  })
  if (res.status === 401) {
    if (on401 === 'returnNull') return null
    unauthorized()
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '')
    throw new HttpError(res.status, text, res.statusText, res.headers.get('Retry-After'))
  }
  const text = res.status === 204 ? '' : await res.text()
  const value: unknown = text ? JSON.parse(text) : undefined
  return parse ? parse.parse(value) : (value as T)
}
