/**
 * The failing agents of a swarm as a dense list with back-pointers: membership, add and remove in
 * O(1), and a walk over the failing agents alone (the recovery tick visits them, not the swarm).
 */
export class FailingSet {
  /** the failing agents' indices: list[0..count) */
  readonly list: Int32Array
  /** pos[i]: agent i's slot in `list`, or −1 when it is not failing */
  readonly pos: Int32Array
  count = 0

  constructor(capacity: number) {
    this.list = new Int32Array(capacity)
    this.pos = new Int32Array(capacity).fill(-1)
  }

  has(i: number): boolean {
    return this.pos[i]! >= 0
  }

  /** Adds agent i (not failing yet). */
  add(i: number): void {
    this.pos[i] = this.count
    this.list[this.count++] = i
  }

  /** Removes agent i (failing): the last entry moves into its slot. */
  remove(i: number): void {
    const k = this.pos[i]!
    const last = this.list[--this.count]!
    this.list[k] = last
    this.pos[last] = k
    this.pos[i] = -1
  }

  clear(): void {
    this.pos.fill(-1)
    this.count = 0
  }
}
