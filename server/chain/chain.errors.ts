/** An upstream chain failure, already mapped to the HTTP status our API answers with. */
export class ChainError extends Error {
  readonly statusCode: 502 | 503
  constructor(statusCode: 502 | 503, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ChainError'
    this.statusCode = statusCode
  }
}
