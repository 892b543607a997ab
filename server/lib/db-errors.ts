/**
 * Is this error the database being unreachable or overloaded (answer 503, retry later) rather than a
 * bug (500)? Covers the pg driver (socket errors, pool connect timeout, server shutdown and
 * connection-class SQLSTATEs) and better-sqlite3 (busy, locked, I/O, cannot open, disk full).
 */
const NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
])
// SQLSTATE class 08 (connection exception), 53 (insufficient resources), 57P0x (shutdown/restart),
// 57014 (statement cancelled: statement_timeout, a database too slow to answer in time).
const PG_STATE = /^(08...|53...|57P0[1-4]|57014)$/
const SQLITE_CODE = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|READONLY|PROTOCOL)/
// 'Query read timeout': pg's query_timeout, i.e. a database that accepts but stalls.
const PG_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection ended unexpectedly|Client was closed|Cannot use a pool after calling end|Query read timeout/i

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown }
  if (typeof e.code === 'string') {
    if (NET_CODES.has(e.code) || PG_STATE.test(e.code) || SQLITE_CODE.test(e.code)) return true
  }
  if (typeof e.message === 'string' && PG_MESSAGE.test(e.message)) return true
  // pg reports a refused dual-stack connect as an AggregateError of the per-address errors.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1)))
    return true
  return isDatabaseUnavailable(e.cause, depth + 1)
}
