import { describe, expect, it } from 'vitest'
import { FeedEngine, type SwarmSource } from '../../server/scale/feed-engine'
import { createSimSource } from '../../server/scale/sim-source'
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

  it('keeps its tick rate on a fixed grid when ticks run late (no setInterval drift)', async () => {
    const inner = createSimSource({ agents: 10, seed: 1 })
    let steps = 0
    const source: SwarmSource = {
      ...inner,
      agents: inner.agents,
      world: inner.world,
      step(dt) {
        steps++
        // Each tick costs 30 ms of a 50 ms period: re-arming after the work would give ~12/s.
        const until = performance.now() + 30
        while (performance.now() < until);
        return inner.step(dt)
      },
    }
    const engine = new FeedEngine(source, () => {}, { tickMs: 50, packed: () => false })
    engine.start()
    await new Promise((r) => setTimeout(r, 1000))
    engine.stop()
    expect(steps).toBeGreaterThanOrEqual(16)
    expect(steps).toBeLessThanOrEqual(21)
    expect(engine.running).toBe(false)
  })
})
