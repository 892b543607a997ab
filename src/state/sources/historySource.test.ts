import { describe, expect, it, vi } from 'vitest'
import { buffersToWire } from '../../feed/wire'
import {
  encodeHistoryRecords,
  parseHistoryRecords,
  toHistoryWindow,
  type HistoryWindow,
} from '../../feed/history'
import { MSG, encodeJsonFrame, encodePackedPositions } from '../../feed/protocol'
import { createSwarmSim } from '../../sim/engine'
import { FLAG, type SimEvent } from '../../sim'
import { HistorySource, type HistoryEvent } from './historySource'

const T0 = 1_800_000_000_000
const METRICS = {
  totalAgents: 3,
  activeAgents: 3,
  processingPower: 1,
  averageEfficiency: 90,
  networkLatency: 5,
  completedTasks: 0,
  efficiency: 88.5,
}

/** A recorded minute as the server sends it: keyframes each second, positions each 100 ms. */
function recording(seconds: number) {
  const sim = createSwarmSim({ seed: 7, count: 3, epochMs: T0 })
  const { agents, failingAgents } = buffersToWire(sim.buffers)
  const records: { t: number; frame: Uint8Array }[] = []
  const xAt = (t: number) => (t - T0) / 10 // agent 0 moves 10 units a second
  for (let k = 0; k < seconds; k++) {
    const kt = T0 + k * 1000
    records.push({
      t: kt,
      frame: encodeJsonFrame(MSG.swarmState, {
        agents: agents.map((a, i) => (i === 0 ? { ...a, x: xAt(kt), y: 5 } : a)),
        metrics: { ...METRICS, completedTasks: k },
        failingAgents,
        world: { width: 1600, height: 1000 },
      }),
    })
    for (let j = 1; j < 10; j++) {
      const t = kt + j * 100
      const x = agents.map((a, i) => (i === 0 ? xAt(t) : a.x))
      const y = agents.map((a, i) => (i === 0 ? 5 : a.y))
      records.push({ t, frame: encodePackedPositions(x, y, agents.length) })
    }
  }
  return { records, agents, xAt }
}

/** A loader over a recording: the keyframe at or before `at`, then the frames up to at + after. */
function loaderOf(rec: ReturnType<typeof recording>) {
  return vi.fn(async (at: number, after: number): Promise<HistoryWindow> => {
    const keyT = T0 + Math.floor((at - T0) / 1000) * 1000
    const start = rec.records.findIndex((r) => r.t === keyT)
    const picked = rec.records.slice(start).filter((r) => r.t <= at + after)
    const bytes = encodeHistoryRecords(picked)
    return toHistoryWindow(parseHistoryRecords(bytes), at + after)!
  })
}

async function settled() {
  await new Promise((r) => setTimeout(r, 0))
}

function source(rec = recording(30), newest = T0 + 29_900) {
  const load = loaderOf(rec)
  const src = new HistorySource({
    seed: 1,
    world: { width: 1600, height: 1000 },
    load,
    newest: () => newest,
  })
  const events: HistoryEvent[] = []
  src.events((e) => events.push(e))
  return { src, load, events, rec }
}

describe('history records', () => {
  it('round-trips records and splits the keyframe from the frames after it', () => {
    const msg = encodeJsonFrame(MSG.systemMessage, {
      id: 'm1',
      type: 'system',
      text: 'old line',
      timestamp: new Date(T0 - 5000).toISOString(),
    })
    const state = encodeJsonFrame(MSG.swarmState, { agents: [], metrics: METRICS })
    const bytes = encodeHistoryRecords([
      { t: T0, frame: state },
      { t: T0 - 5000, frame: msg },
      { t: T0 + 100, frame: encodePackedPositions([], [], 0) },
    ])
    const win = toHistoryWindow(parseHistoryRecords(bytes), T0 + 1000)!
    expect(win.keyT).toBe(T0)
    expect(win.key.map((r) => r.msg.type)).toEqual([0, 2])
    expect(win.frames.map((r) => [r.t, r.msg.type])).toEqual([[T0 + 100, 8]])
  })

  it('drops a truncated record and needs a state first', () => {
    const bytes = encodeHistoryRecords([{ t: T0, frame: encodePackedPositions([1], [2], 1) }])
    expect(parseHistoryRecords(bytes.subarray(0, bytes.length - 1))).toEqual([])
    expect(toHistoryWindow(parseHistoryRecords(bytes), T0)).toBeNull()
  })
})

describe('HistorySource', () => {
  it.each([
    [T0 + 3_000, 300],
    [T0 + 12_500, 1_240],
    [T0 + 12_550, 1_245],
  ])('a seek to %d shows the agent where a viewer saw it (x %d)', async (at, x) => {
    const { src, events } = source()
    src.seek(at)
    expect(src.ready).toBe(false)
    await settled()
    expect(src.ready).toBe(true)
    expect(events.map((e) => e.kind)).toEqual(['loading', 'reset', 'loading'])
    // frames arrive at their publish time and are eased over one 100 ms interval, as live
    expect(src.buffers.x[0]).toBeCloseTo(x, 0)
    expect(src.clockMs()).toBe(at)
    expect(src.readings().metrics.completedTasks).toBe(Math.floor((at - T0) / 1000))
    expect(src.readings().efficiency).toBe(88.5)
  })

  it('seeks back and on inside the window without fetching again', async () => {
    const { src, load } = source()
    src.seek(T0 + 5_000)
    await settled()
    src.seek(T0 + 9_150) // the 9.1 s frame arrived 50 ms ago: half way from 900 to 910
    expect(src.buffers.x[0]).toBeCloseTo(905, 0)
    src.seek(T0 + 5_500)
    expect(src.buffers.x[0]).toBeCloseTo(540, 0)
    expect(load).toHaveBeenCalledTimes(1)
    src.seek(T0 + 2_000)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('plays at its speed, prefetches ahead and stops at the newest moment', async () => {
    const { src, load, events } = source(recording(30), T0 + 22_000)
    src.seek(T0 + 5_000)
    await settled()
    src.playing = true
    src.speed = 4
    for (let i = 0; i < 18; i++) src.sample(100) // 7.2 s of history
    expect(src.moment()).toBe(T0 + 12_200)
    expect(load).toHaveBeenCalledTimes(2) // the window ran low: the next one was asked for
    await settled()
    for (let i = 0; i < 40; i++) src.sample(100)
    expect(src.moment()).toBe(T0 + 22_000)
    expect(src.playing).toBe(false)
    expect(events.at(-1)).toEqual({ kind: 'end' })
  })

  it('replays the console: the keyframe lines, then new lines and errors as they came', async () => {
    const rec = recording(5)
    const line = (id: string, t: number) => ({
      t,
      frame: encodeJsonFrame(MSG.systemMessage, {
        id,
        type: 'system',
        text: id,
        timestamp: new Date(t).toISOString(),
      }),
    })
    // the console as it stood at the 4 s keyframe: a line of 2 s earlier
    const key4 = rec.records.findIndex((r) => r.t === T0 + 4_000)
    rec.records.splice(key4 + 1, 0, line('before', T0 + 2_000))
    rec.records.push(line('after', T0 + 4_950))
    rec.records.push({
      t: T0 + 4_960,
      frame: encodeJsonFrame(MSG.errorEvent, {
        id: 'e1',
        errorCode: 'AGT-1',
        message: 'down',
        timestamp: new Date(T0 + 4_960).toISOString(),
        agentId: rec.agents[1]!.id,
      }),
    })
    const { src } = source(rec)
    const seen: SimEvent[] = []
    src.on((e) => seen.push(e))
    src.seek(T0 + 4_990)
    await settled()
    const texts = seen.map((e) => (e.kind === 'message' ? e.message.text : e.kind))
    expect(texts).toEqual(['before', 'after', '[ERROR AGT-1] down', 'error'])
    expect(src.buffers.flags[1]! & FLAG.failing).toBe(FLAG.failing)
  })

  it('says why a window could not be fetched', async () => {
    const src = new HistorySource({
      seed: 1,
      world: { width: 1600, height: 1000 },
      load: () => Promise.reject(new Error('No history at that moment')),
      newest: () => T0,
    })
    const events: HistoryEvent[] = []
    src.events((e) => events.push(e))
    src.seek(T0)
    await settled()
    expect(events.at(-1)).toEqual({ kind: 'error', text: 'No history at that moment' })
    expect(src.ready).toBe(false)
  })
})
