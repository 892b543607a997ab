import { afterEach, describe, expect, it, vi } from 'vitest'
import { encodeHistoryRecords, fetchHistoryWindow } from '../../feed/history'
import { MSG, encodeJsonFrame, encodePackedPositions } from '../../feed/protocol'
import { buffersToWire } from '../../feed/wire'
import { testStore } from '../../testing/storeSupport'
import { attachHistorySource, openMoment } from '../historyStore'
import { HistorySource } from '../sources/historySource'
import { historyClipSource } from './historyClipSource'

const T0 = Date.now() - 60_000
const METRICS = {
  totalAgents: 4,
  activeAgents: 4,
  processingPower: 1,
  averageEfficiency: 90,
  networkLatency: 5,
  completedTasks: 0,
}
/** agent 0 moves 10 units a second along x */
const xAt = (t: number) => 100 + (t - T0) / 100

/**
 * A store whose history source fetches GET /api/history/frames for real, from a fake server: the
 * keyframe at the whole second at or before `at` (a full state), then positions every 100 ms up to
 * at + after, encoded with the feed's own encoders.
 */
function setUp() {
  const store = testStore({ seed: 2, count: 4 })
  const { agents, failingAgents } = buffersToWire(store.runtime.sim.buffers)
  const urls: string[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://x')
    urls.push(url.pathname + url.search)
    const at = Number(url.searchParams.get('at'))
    const after = Number(url.searchParams.get('after'))
    const keyT = T0 + Math.floor((at - T0) / 1000) * 1000
    const records = [
      {
        t: keyT,
        frame: encodeJsonFrame(MSG.swarmState, {
          agents: agents.map((a, i) => (i === 0 ? { ...a, x: xAt(keyT), y: 5 } : a)),
          metrics: METRICS,
          failingAgents,
          world: { width: 1600, height: 1000 },
        }),
      },
    ]
    for (let t = keyT + 100; t <= at + after; t += 100) {
      const x = agents.map((a, i) => (i === 0 ? xAt(t) : a.x))
      const y = agents.map((a, i) => (i === 0 ? 5 : a.y))
      records.push({ t, frame: encodePackedPositions(x, y, agents.length) })
    }
    return new Response(encodeHistoryRecords(records))
  })
  vi.stubGlobal('fetch', fetch)
  const src = attachHistorySource(
    store,
    new HistorySource({
      seed: 1,
      world: { width: 1600, height: 1000 },
      load: fetchHistoryWindow,
      newest: () => T0 + 20_000,
    }),
  )
  store.swarm.history.range = {
    oldest: T0,
    newest: T0 + 20_000,
    frameExactSince: T0,
    tickMs: 100,
    keyframeMs: 1000,
    skewMs: 0,
  }
  return { store, src, fetch, urls }
}

/**
 * What a live viewer saw at `t` after the keyframe at 5 s: its state until the next frame, then
 * each 100 ms frame eased in over the next 100 ms.
 */
const seenAt = (t: number) => xAt(Math.max(T0 + 5_000, t - 100))

afterEach(() => vi.unstubAllGlobals())

describe('history clip source', () => {
  it('spans the recorded range and offers the 10 s before the moment on screen', () => {
    const { store } = setUp()
    const live = historyClipSource(store)!
    expect(live).toMatchObject({ label: 'Live history', durationMs: 20_000, initialMs: 20_000 })
    expect(live.defaultRange).toEqual({ startMs: 10_000, endMs: 20_000 })
    store.swarm.history.active = true
    store.swarm.history.at = T0 + 3_000
    expect(historyClipSource(store)!.defaultRange).toEqual({ startMs: 0, endMs: 3_000 })
    store.swarm.history.range = { ...store.swarm.history.range!, oldest: null, newest: null }
    expect(historyClipSource(store)).toBeNull()
  })

  it('fetches the clip once and seeks to exact moments, back and on, then goes live again', async () => {
    const { store, src, fetch, urls } = setUp()
    const before = store.runtime.source
    const clip = historyClipSource(store)!
    const restore = clip.hold()
    await clip.prepare!({ startMs: 5_050, endMs: 7_050 })
    expect(urls).toEqual([`/api/history/frames?at=${T0 + 5_050}&after=2000`])
    expect(store.runtime.source).toBe(src)
    const x = () => store.display.buffers.x[0]!
    expect(x()).toBeCloseTo(seenAt(T0 + 5_050), 3)
    // frame i of a 30 fps clip, forward, then back, then on again: the same moment, the same x
    const times = [0, 1, 2, 29, 59].map((i) => 5_050 + (i * 1000) / 30)
    const forward: number[] = []
    for (const t of times) {
      await clip.seek(t)
      expect(store.swarm.history.at).toBe(T0 + t)
      forward.push(x())
      expect(x()).toBeCloseTo(seenAt(T0 + t), 3)
    }
    for (const [i, t] of [...times.entries()].reverse()) {
      await clip.seek(t)
      expect(x()).toBeCloseTo(forward[i]!, 5)
    }
    // the wall clock moving on changes nothing while held
    src.sample(16)
    expect(src.sample(500)).toBe(false)
    expect(x()).toBeCloseTo(forward[0]!, 5)
    expect(fetch).toHaveBeenCalledTimes(1)
    restore()
    expect(store.swarm.history.active).toBe(false)
    expect(store.runtime.source).toBe(before)
  })

  it('gives back the moment that was on screen, playing if it was', async () => {
    const { store, src } = setUp()
    openMoment(store, T0 + 12_000)
    await new Promise((r) => setTimeout(r, 0))
    store.swarm.history.playing = true
    src.playing = true
    const clip = historyClipSource(store)!
    const restore = clip.hold()
    expect(src.playing).toBe(false)
    await clip.prepare!({ startMs: 2_000, endMs: 4_000 })
    await clip.seek(3_000)
    restore()
    expect(store.swarm.history).toMatchObject({ active: true, at: T0 + 12_000, playing: true })
    expect(src.moment()).toBe(T0 + 12_000)
  })
})
