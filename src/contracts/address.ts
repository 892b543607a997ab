/** Base58's alphabet (Bitcoin's, as Solana uses). */
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const ALPHABET = BASE58_ALPHABET
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]))

/** Base58 (Bitcoin alphabet, as Solana uses) of a byte string; leading zero bytes become '1's. */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  const digits: number[] = []
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] ?? 0
    for (let j = 0; j < digits.length; j++) {
      carry += (digits[j] ?? 0) << 8
      digits[j] = carry % 58
      carry = (carry / 58) | 0
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = (carry / 58) | 0
    }
  }
  let out = '1'.repeat(zeros)
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i] ?? 0]
  return out
}

/** Decodes base58; returns null for any character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    const value = INDEX.get(text[i] ?? '')
    if (value === undefined) return null
    let carry = value
    for (let j = 0; j < bytes.length; j++) {
      carry += (bytes[j] ?? 0) * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  const out = new Uint8Array(zeros + bytes.length)
  for (let i = 0; i < bytes.length; i++) out[zeros + i] = bytes[bytes.length - 1 - i] ?? 0
  return out
}

/** A Solana address: base58 text of exactly 32 bytes (an ed25519 public key or a PDA). */
export function isSolanaAddress(text: string): boolean {
  if (text.length < 32 || text.length > 44) return false
  return base58Decode(text)?.length === 32
}

/** 'AbCd...WxYz': first 4 and last 4 characters (whitelist page, PRODUCT.md §2). */
export function truncateAddress(address: string, head = 4, tail = 4): string {
  if (address.length <= head + tail) return address
  return `${address.slice(0, head)}...${address.slice(-tail)}`
}

/** 'AbCdEf...WxYz': the default display name in the chat (first 6, '...', last 4). */
export function defaultDisplayName(walletAddress: string): string {
  return `${walletAddress.slice(0, 6)}...${walletAddress.slice(-4)}`
}

/**
 * `len` base58 characters drawn from `seed` by a xorshift32 generator: look-alike signatures and
 * ids for the demo chain and the terminal (never keys, never anything a user must trust).
 */
export function pseudoBase58(seed: number, len: number): string {
  let x = seed >>> 0 || 1
  let out = ''
  for (let i = 0; i < len; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    out += BASE58_ALPHABET[(x >>> 0) % 58]
  }
  return out
}
