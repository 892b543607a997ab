/** Byte-exact fingerprint of the agent buffers: determinism checks in Node and in the browser. */
import { NUMERIC_FIELDS } from './agents'
import type { AgentBuffers } from './types'

/** FNV-1a (32-bit) over every live byte of every buffer field plus the ids; hex string. */
export function bufferDigest(buf: AgentBuffers): string {
  let h = 0x811c9dc5
  for (const f of NUMERIC_FIELDS) {
    const arr = buf[f]
    const bytes = new Uint8Array(arr.buffer, arr.byteOffset, buf.count * arr.BYTES_PER_ELEMENT)
    for (let k = 0; k < bytes.length; k++) h = Math.imul(h ^ bytes[k]!, 0x01000193)
  }
  for (let i = 0; i < buf.count; i++) {
    const id = buf.ids[i] ?? ''
    for (let k = 0; k < id.length; k++) h = Math.imul(h ^ id.charCodeAt(k), 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, '0')
}
