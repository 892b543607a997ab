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
