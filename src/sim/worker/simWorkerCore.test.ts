import { describe, expect, it } from 'vitest'
import { FAILURE_TICK_STEPS } from '../constants'
import { expectFailureTickEvents } from '../../testing/simSupport'
import type { FromWorker } from './protocol'
import { LINK_PERIOD_MS, STALE_FRAME_MS, SimWorkerCore, stagesFor } from './simWorkerCore'

type Frame = Extract<FromWorker, { t: 'frame' }>

/**
 * A core with a fake clock: `now()` advances by `perCall` ms on every read. `drawing`: the page's
 * scene draws the whole swarm (its first frame asked for no view set), so links are wanted.
 */
function core(count: number, perCall: number, drawing = true) {
  let t = 0
  const frames: Frame[] = []
  const c = new SimWorkerCore(
    (m) => {
      if (m.t === 'frame') {
        frames.push(m)
        // the page adopts every frame and hands it straight back
        c.handle({ t: 'release', frame: m.frame, links: m.links, adopted: true })
      }
    },
    { now: () => (t += perCall), wall: () => 1_000_000 + t },
  )
  c.handle({ t: 'init', seed: 2, count, epochMs: 0, shared: false, clock: true })
  c.handle({ t: 'run', running: true })
  if (drawing) c.handle({ t: 'view', rect: null })
  return { c, frames, advance: (ms: number) => (t += ms) }
}

describe('sim worker core: the link search between steps', () => {
  it.each([
    [146, 1],
    [12_500, 1],
    [30_000, 3],
    [100_000, 8],
    [1_000_000, 80],
  ])('%s agents: %s slices per search', (count, stages) => {
    expect(stagesFor(count)).toBe(stages)
  })

  it('with time to spare, a step is followed by the whole search', () => {
    const { c, frames, advance } = core(30_000, 0)
    frames.length = 0
    advance(17)
    c.pump()
    expect(frames.at(-1)!.links).not.toBeNull()
    expect(frames.at(-1)!.stepIndex).toBe(1)
  })

  it('over budget, one slice per step: the search completes after `stages` steps', () => {
    const { c, frames, advance } = core(30_000, 20)
    frames.length = 0
    const withLinks: number[] = []
    for (let k = 0; k < 9; k++) {
      advance(17)
      c.pump()
      if (frames.at(-1)!.links) withLinks.push(frames.at(-1)!.stepIndex)
    }
    // 3 slices per search, one per step; steps never wait for the search
    expect(frames.length).toBe(9)
    expect(withLinks.length).toBe(3)
    expect(withLinks[1]! - withLinks[0]!).toBe(withLinks[2]! - withLinks[1]!)
  })

  it('a new search starts at most every LINK_PERIOD_MS, however idle the worker is', () => {
    const { c, frames, advance } = core(30_000, 0)
    frames.length = 0
    const withLinks: number[] = []
    for (let k = 1; k <= 12; k++) {
      advance(17)
      c.pump()
      if (frames.at(-1)!.links) withLinks.push(k * 17)
    }
    // searches at 17 and 119 ms: a period of 102 ms (steps are 17 ms apart here)
    expect(withLinks).toEqual([17, 119])
    expect(LINK_PERIOD_MS).toBe(90)
  })

  it('frames follow the page: one in flight until the page adopts it, new links or it is stale', async () => {
    let t = 0
    const frames: Frame[] = []
    let shown: Frame | null = null
    // the page (simWorkerClient): a frame superseded before it was shown goes back at once; a
    // frame it shows goes back when it adopts the next, with `adopted`
    const c: SimWorkerCore = new SimWorkerCore(
      (m) => {
        if (m.t !== 'frame') return
        const before = frames.at(-1)
        frames.push(m)
        if (before && before !== shown) {
          queueMicrotask(() => c.handle({ t: 'release', frame: before.frame, links: before.links }))
        }
      },
      { now: () => t, wall: () => 1_000_000 + t },
    )
    const adopt = () => {
      const previous = shown
      shown = frames.at(-1)!
      c.handle({
        t: 'release',
        frame: previous?.frame ?? null,
        links: previous?.links ?? null,
        adopted: true,
      })
    }
    c.handle({ t: 'init', seed: 2, count: 500, epochMs: 0, shared: false, clock: true })
    c.handle({ t: 'run', running: true })
    c.handle({ t: 'view', rect: null })
    const first = frames.length
    for (let k = 0; k < 10; k++) {
      t += 17
      c.pump()
      await Promise.resolve()
    }
    // 10 steps while the page showed nothing new: only the frames that carry a finished link
    // search (one every LINK_PERIOD_MS: 17, 119 ms) and those that replace a waiting frame
    // STALE_FRAME_MS old (68, 170 ms) went out
    expect(c.sim!.stepIndex).toBe(10)
    const gated = frames.slice(first)
    expect(STALE_FRAME_MS).toBe(50)
    expect(gated.map((f) => f.stepIndex)).toEqual([1, 4, 7, 10])
    expect(gated.map((f) => f.links !== null)).toEqual([true, false, true, false])
    // the page adopts the newest; the next step goes out at once, then one frame per adoption
    adopt()
    const n = frames.length
    t += 14 // 184 ms: one step (the 3.3 ms carried over + 14)
    c.pump()
    expect(frames.length).toBe(n + 1)
    expect(frames.at(-1)!.stepIndex).toBe(11)
    t += 17 // 201 ms: one step, before the next search (≥ 209 ms); the waiting frame is 17 ms old
    c.pump()
    expect(frames.length).toBe(n + 1)
    adopt()
    expect(frames.length).toBe(n + 2)
    expect(frames.at(-1)!.stepIndex).toBe(12)
    expect(frames.at(-1)!.links).toBeNull()
  })

  it('no search runs before the scene asks for its view; the first one follows its ask', () => {
    const { c, frames, advance } = core(30_000, 0, false)
    frames.length = 0
    for (let k = 0; k < 12; k++) {
      advance(17)
      c.pump()
    }
    // the panels, the census and snapshots read no links: only empty ones went out, once
    expect(frames.filter((f) => f.links !== null).map((f) => f.linkCount)).toEqual([0])
    expect(c.sim!.links.count).toBe(0)
    // the scene's first frame (the whole swarm, no view set): its links go out at once, paused
    // or not, and the staged searches follow
    c.handle({ t: 'run', running: false })
    frames.length = 0
    c.handle({ t: 'view', rect: null })
    expect(frames.at(-1)!.linkCount).toBeGreaterThan(0)
    expect(frames.at(-1)!.linkCount).toBe(c.sim!.links.count)
    c.handle({ t: 'run', running: true })
    frames.length = 0
    for (let k = 0; k < 12; k++) {
      advance(17)
      c.pump()
    }
    expect(frames.filter((f) => f.links !== null && f.linkCount > 0).length).toBeGreaterThan(0)
  })

  it('paused: the clock skips, nothing is stepped or searched', () => {
    const { c, frames, advance } = core(500, 0)
    c.handle({ t: 'run', running: false })
    frames.length = 0
    advance(1000)
    c.pump()
    expect(frames).toHaveLength(0)
    expect(c.sim!.stepIndex).toBe(0)
  })
})

// Big swarms: seconds of CPU on a busy 2-core machine (the 5 s default timed out under load).
describe('sim worker core: events', { timeout: 30_000 }, () => {
  it('a failure tick of a big swarm posts its console lines and only the newest errors', () => {
    const states: Extract<FromWorker, { t: 'state' }>[] = []
    const c = new SimWorkerCore((m) => {
      if (m.t === 'state') states.push(m)
      if (m.t === 'frame') c.handle({ t: 'release', frame: m.frame, links: m.links })
    })
    c.handle({ t: 'init', seed: 2, count: 20_000, epochMs: 0, shared: false, clock: false })
    c.handle({ t: 'advance', steps: FAILURE_TICK_STEPS - 1, links: false })
    states.length = 0
    c.handle({ t: 'advance', steps: 1, links: false })
    // ~10 % of 20,000 agents failed in that step; the page keeps only the newest RECENT_ERRORS
    expect(c.sim!.failingCount).toBeGreaterThan(500)
    expectFailureTickEvents(states.flatMap((m) => m.events))
  })
})

// Big swarms: seconds of CPU on a busy 2-core machine (the 5 s default timed out under load).
describe('sim worker core: view sets', { timeout: 30_000 }, () => {
  it('frames carry the view set of the asked rectangle, its links searched afresh from the frame', async () => {
    const { createFreshLinkScratch, createViewSet, createViewSlots, fillViewSetFresh } =
      await import('../viewSet')
    const { fieldViews, frameLayout, viewSetViews } = await import('./frameLayout')
    const { c, frames, advance } = core(20_000, 0)
    const rect = { minX: 500, minY: 400, maxX: 1500, maxY: 1000 }
    c.handle({ t: 'view', rect })
    const f = frames.at(-1)!
    expect(f.view).not.toBeNull()
    expect(f.view!.rect).toEqual(rect)
    expect(f.view!.count).toBeGreaterThan(0)
    advance(17)
    c.pump()
    const g = frames.at(-1)!
    expect(g.view!.rect).toEqual(rect)
    // the same set, built from the frame's own agents and the sim's links
    const layout = frameLayout(c.sim!.buffers.capacity)
    const views = fieldViews(layout, g.frame)
    const buf = { ...c.sim!.buffers, ...views, count: g.count }
    const expected = createViewSet(buf.capacity)
    const slots = createViewSlots(buf.capacity)
    const scratch = createFreshLinkScratch(buf.capacity)
    const r = fillViewSetFresh(buf, c.sim!.world, c.sim!.links, rect, slots, scratch, expected)
    expect(r.fresh).toBe(true)
    expect(g.view!.linksAt).toBeGreaterThan(0)
    const v = viewSetViews(layout, g.frame)
    expect(g.view!.count).toBe(expected.count)
    expect(g.view!.drawn).toBe(expected.drawn)
    expect(g.view!.linkCount).toBe(expected.linkCount)
    expect([...v.index.subarray(0, g.view!.count)]).toEqual([
      ...expected.index.subarray(0, expected.count),
    ])
    expect([...v.links.subarray(0, 2 * g.view!.linkCount)]).toEqual([
      ...expected.links.subarray(0, 2 * expected.linkCount),
    ])
    // the listed agents' drawn fields, gathered into the frame (the page copies nothing)
    const { VIEW_FIELDS } = await import('../viewFields')
    for (const field of VIEW_FIELDS) {
      const got = v.gathered.fields[field]
      for (let k = 0; k < g.view!.count; k++) {
        expect(got[k], `${field}[${k}]`).toBe(views[field][v.index[k]!])
      }
    }
    expect([...v.gathered.ids.subarray(0, g.view!.count)]).toEqual([
      ...v.index.subarray(0, g.view!.count),
    ])
    c.handle({ t: 'view', rect: null })
    expect(frames.at(-1)!.view).toBeNull()
  })

  it('full searches stop while a fresh view set is all the page draws, and resume without one', () => {
    const { c, frames, advance } = core(30_000, 0)
    const linkFrames = () => frames.filter((f) => f.links !== null)
    c.handle({ t: 'view', rect: { minX: 500, minY: 400, maxX: 1500, maxY: 1000 } })
    expect(frames.at(-1)!.view!.count).toBeGreaterThan(0)
    frames.length = 0
    for (let k = 0; k < 30; k++) {
      advance(17)
      c.pump()
    }
    // one frame of empty links (the page's own sets draw none rather than stale ones), then none
    expect(linkFrames().map((f) => f.linkCount)).toEqual([0])
    // every frame's set still carries links searched afresh from its positions
    expect(frames.at(-1)!.view!.linkCount).toBeGreaterThan(0)
    expect(frames.at(-1)!.view!.linksAt).toBe(1_000_000 + 30 * 17) // this frame's wall clock
    // no view asked: the whole swarm is drawn from the full search, which starts again
    c.handle({ t: 'view', rect: null })
    frames.length = 0
    advance(17)
    c.pump()
    expect(linkFrames().length).toBe(1)
    expect(linkFrames()[0]!.linkCount).toBeGreaterThan(0)
  })
})
