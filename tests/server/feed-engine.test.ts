import { describe, expect, it } from 'vitest'
import { FeedEngine, nextTickAt } from '../../server/feed/feed-engine'
import { createSimSource } from '../../server/feed/sim-source'
import { decodeFrame } from '../../src/feed/protocol'

const types = (frames: Uint8Array[]) => frames.map((f) => f[0])

describe('FeedEngine', () => {
  it('state on start; per tick events then positions; metrics+tasks each second; a state resync', () => {
    const frames: Uint8Array[] = []
    const engine = new FeedEngine(createSimSource({ agents: 20, seed: 5 }), (f) => frames.push(f), {
      packed: () => false,
      stateEveryMs: 500,
    })
    frames.push(engine.stateFrame())
    for (let i = 0; i < 10; i++) engine.tick()
    const t = types(frames).filter((x) => x !== 2 && x !== 5)
    expect(t[0]).toBe(0)
    expect(t.filter((x) => x === 1)).toHaveLength(10)
    expect(t.filter((x) => x === 4)).toHaveLength(1)
    expect(t.filter((x) => x === 3)).toHaveLength(1)
    expect(t.filter((x) => x === 0)).toHaveLength(3) // start + resyncs at 500 and 1000 ms
    expect(t.includes(8)).toBe(false)
    const state = decodeFrame(frames[0])
    expect(state?.type === 0 && state.payload.agents).toHaveLength(20)
  })

  it.each([
    // due, now (when the tick finished), period ⇒ next deadline
    [1000, 1030, 100, 1100], // on time: one period after the due time, not after the work
    [1000, 1090, 100, 1100], // late work still keeps the grid
    [1000, 1250, 100, 1100], // a bit behind: catches up (the next timer fires at once)
    [1000, 1600, 100, 1100], // 5 periods behind the next deadline: still catches up
    [1000, 1601, 100, 1701], // more than 5 behind (a stalled process): skips ahead, no burst
  ])('nextTickAt(%i, %i, %i) = %i (fixed grid, no setInterval drift)', (due, now, tick, next) => {
    expect(nextTickAt(due, now, tick)).toBe(next)
  })

  it('over 20 ticks of 30 ms work in a 50 ms period, the grid keeps 20 ticks per second', () => {
    // setInterval re-arms after the callback: 50 + 30 ms per tick, 12.5 per second.
    let now = 0
    let due = 50
    let ticks = 0
    while (due <= 1000) {
      now = Math.max(now, due) + 30 // the timer fires at `due`, the tick takes 30 ms
      ticks++
      due = nextTickAt(due, now, 50)
    }
    expect(ticks).toBe(20)
  })
})
