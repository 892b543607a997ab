/**
 * Seeded PRNG for the simulation (mulberry32): tiny state (one uint32), fast, and identical in
 * Node and every browser because it only uses 32-bit integer ops. Never use Math.random in src/sim.
 */
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

export class Rng {
  /**
   * The state lives in a one-element typed array, not in a number field. GOTCHA (speed): under
   * pointer compression (every Chromium, not Node) a small integer is 31 bits, so about half the
   * states a 32-bit generator stores in a field are boxed as a new HeapNumber: at 100,000 agents
   * the sim worker allocated 35 MB a second in moveAgents alone and ran a minor GC 45 times a
   * second (docs/ARCHITECTURE.md, "The sim worker's allocations"). Node has no pointer
   * compression, so its benches never saw it.
   */
  private readonly s = new Uint32Array(1)

  constructor(seed: number) {
    this.s[0] = hashSeed(seed)
  }

  /** The whole generator state (a uint32); save/restore it to replay a sequence exactly. */
  get state(): number {
    return this.s[0]!
  }

  set state(value: number) {
    this.s[0] = value
  }

  /** Uniform float in [0, 1). */
  next(): number {
    const s = this.s
    // (the stored uint32 and the int32 of the same bits give the same sum modulo 2^32)
    let a = (s[0] = (s[0]! + 0x6d2b79f5) | 0)
    a = Math.imul(a ^ (a >>> 15), a | 1)
    a ^= a + Math.imul(a ^ (a >>> 7), a | 61)
    return ((a ^ (a >>> 14)) >>> 0) / 4294967296
  }

  /**
   * True with probability p: exactly `next() < p`. Hot loops use this rather than comparing
   * next() themselves: a boolean result is never boxed, while a double returned by a call V8 does
   * not inline is (a heap allocation per call).
   */
  chance(p: number): boolean {
    return this.next() < p
  }

  /** arr[i] = next() × scale (same draw as next(); no boxed double crosses a call). */
  scaleInto(arr: Float32Array, i: number, scale: number): void {
    arr[i] = this.next() * scale
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** Float in [min, max). */
  range(min: number, max: number): number {
    return min + this.next() * (max - min)
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)] as T
  }

  /** Random lowercase alphanumeric string (agent ids: 8 chars; snapshot ids: 6). */
  id(length: number): string {
    let s = ''
    for (let i = 0; i < length; i++) s += ID_ALPHABET[this.int(ID_ALPHABET.length)]
    return s
  }
}

/** Spread any number (including 0, negatives, floats) into a well-mixed uint32 start state. */
export function hashSeed(seed: number): number {
  let h = Math.floor(seed) ^ 0x9e3779b9
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

export function createRng(seed: number): Rng {
  return new Rng(seed)
}
