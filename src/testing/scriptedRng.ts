import { Rng } from '../sim/random'

/** Tests: a random source that returns the given values in order (fails loudly when exhausted). */
export class Scripted extends Rng {
  constructor(private readonly values: number[]) {
    super(0)
  }
  override next(): number {
    const v = this.values.shift()
    if (v === undefined) throw new Error('scripted random source exhausted')
    return v
  }
}
