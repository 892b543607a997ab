/** A non-OK HTTP response; `message` is `status: body-or-statusText` (§8 default fetch). */
export class HttpError extends Error {
  readonly status: number
  readonly body: string
  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`)
    this.name = 'HttpError'
    this.status = status
    this.body = body
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
}

/** Throws an HttpError for a non-OK response; leaves the body unread otherwise. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const text = await res.text().catch(() => '')
  throw new HttpError(res.status, text, res.statusText)
}

/** A JSON request to our own API with cookies; resolves to the parsed body (undefined for 204). */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  await throwIfNotOk(res)
  if (res.status === 204) return undefined as T
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}
