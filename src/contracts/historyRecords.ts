/**
 * The record framing of a GET /api/history/frames body (history.ts documents the route). Kept apart
 * from the route's zod schemas: the page reads records from its first screen on, and zod is not
 * part of what a first load evaluates (docs/ARCHITECTURE.md, "First load").
 */

/** One record of a GET /api/history/frames body. */
export interface HistoryRecord {
  t: number
  frame: Uint8Array
}

/** Bytes before each record's frame: float64 t and uint32 byteLength. */
export const HISTORY_RECORD_HEADER_BYTES = 12

/** Splits a GET /api/history/frames body into its records; a truncated tail is dropped. */
export function readHistoryRecords(body: ArrayBuffer | Uint8Array): HistoryRecord[] {
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out: HistoryRecord[] = []
  let at = 0
  while (at + HISTORY_RECORD_HEADER_BYTES <= bytes.length) {
    const t = view.getFloat64(at, true)
    const len = view.getUint32(at + 8, true)
    const start = at + HISTORY_RECORD_HEADER_BYTES
    if (start + len > bytes.length) break
    out.push({ t, frame: bytes.subarray(start, start + len) })
    at = start + len
  }
  return out
}
