/** Byte-exact fingerprint of the agent buffers: determinism checks in Node and in the browser. */
import { NUMERIC_FIELDS } from './agents'
import type { AgentBuffers, LinkBuffers } from './types'

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

/** FNV-1a (32-bit) over the live link pairs; hex string. */
export function linkDigest(links: LinkBuffers): string {
  let h = 0x811c9dc5
  for (let k = 0; k < links.count; k++) {
    const a = links.a[k]!
    const b = links.b[k]!
    for (let s = 0; s < 32; s += 8) h = Math.imul(h ^ ((a >>> s) & 0xff), 0x01000193)
    for (let s = 0; s < 32; s += 8) h = Math.imul(h ^ ((b >>> s) & 0xff), 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, '0')
}

/** FNV-1a (32-bit) over a string's UTF-16 code units, as an unsigned integer: the app's one string hash. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193)
  return h >>> 0
}

/** FNV-1a (32-bit) over a string's UTF-16 code units; hex string. */
export function textDigest(text: string, seed = 0x811c9dc5): string {
  return fnv1a(text, seed).toString(16).padStart(8, '0')
}
