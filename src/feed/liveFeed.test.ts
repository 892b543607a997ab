import { describe, expect, it } from 'vitest'
import { FLAG, type AgentBuffers } from '../sim/types'
import { wireToBuffers } from './wire'
import { FeedApplier, type LiveFeedTarget, feedModeFrom } from './liveFeed'
import type { WireAgent } from './protocol'
import { encodePackedPositions, decodeFrame } from './protocol'

function buffers(capacity: number): AgentBuffers {
  const f = () => new Float32Array(capacity)
  const u = () => new Uint8Array(capacity)
  return {
    count: 0,
    capacity,
    ids: [],
    x: f(),
    y: f(),
    size: f(),
    speedX: f(),
    speedY: f(),
    targetX: f(),
    targetY: f(),
    color: new Uint32Array(capacity),
    mode: u(),
    type: u(),
    status: u(),
    processingPower: f(),
    efficiency: f(),
    connections: u(),
    lastActiveTime: new Float64Array(capacity),
    energy: f(),
    pulseRate: f(),
    flags: u(),
  }
}

const agent = (id: string, x: number, y: number): WireAgent => ({
  id,
  x,
  y,
  size: 3,
  speedX: 0,
  speedY: 0,
  color: '#ff0000',
  target: { x: 0, y: 0 },
  mode: 'target',
  type: 'collector',
  status: 'processing',
  processingPower: 50,
  efficiency: 90,
  connections: 2,
  lastActiveTime: 5,
  energyLevel: 60,
  glow: true,
  pulseRate: 1,
})
const metrics = {
  totalAgents: 2,
  activeAgents: 2,
  processingPower: 1,
  averageEfficiency: 90,
  networkLatency: 5,
  completedTasks: 0,
}

function target() {
  const b = buffers(4)
  const log: string[] = []
  const t: LiveFeedTarget = {
    agents: () => b,
    applyState: (st) => {
      wireToBuffers(st.agents, new Set(st.failingAgents ?? []), b)
      log.push(`state:${st.agents.length}`)
    },
    touched: () => log.push('touched'),
    applyMetrics: (m) => log.push(`metrics:${m.totalAgents}`),
    applyTasks: (ts) => log.push(`tasks:${ts.length}`),
    applyMessage: (m) => log.push(`message:${m.text}`),
    applyError: (e) => log.push(`error:${e.errorCode}:${e.agentId}`),
    recovered: (id) => log.push(`recovered:${id}`),
    log: (type, text) => log.push(`${type}:${text}`),
    setActionText: (text) => log.push(`action:${text}`),
    setSource: (s) => log.push(`source:${s}`),
  }
  return { b, log, t }
}

describe('FeedApplier', () => {
  it('writes a type 0 state into the buffers, then interpolates type 1 positions', () => {
    const { b, log, t } = target()
    const ap = new FeedApplier(t)
    ap.apply(
      {
        type: 0,
        payload: {
          agents: [agent('aaaa1111', 0, 0), agent('bbbb2222', 10, 10)],
          metrics,
          failingAgents: ['bbbb2222'],
        },
      },
      0,
    )
    expect(b.count).toBe(2)
    expect(b.ids).toEqual(['aaaa1111', 'bbbb2222'])
    expect(b.color[0]).toBe(0xff0000)
    expect(b.mode[0]).toBe(2)
    expect(b.type[0]).toBe(2)
    expect(b.status[0]).toBe(2)
    expect(b.flags[1]).toBe(FLAG.glow | FLAG.failing)
    expect(log).toEqual(['state:2'])
    // Positions may arrive in any order; ids decide.
    ap.apply(
      {
        type: 1,
        payload: [
          { id: 'bbbb2222', x: 20, y: 30 },
          { id: 'aaaa1111', x: 4, y: 8 },
        ],
      },
      100,
    )
    ap.frame(150)
    expect([b.x[0], b.y[0], b.x[1], b.y[1]]).toEqual([2, 4, 15, 20])
    ap.frame(250)
    expect([b.x[0], b.y[0], b.x[1], b.y[1]]).toEqual([4, 8, 20, 30])
  })

  it('ignores positions before any state, and packed frames of the wrong length', () => {
    const { b, t } = target()
    const ap = new FeedApplier(t)
    ap.apply({ type: 1, payload: [{ id: 'x', x: 1, y: 1 }] }, 0)
    ap.frame(10)
    expect(b.count).toBe(0)
    ap.apply({ type: 0, payload: { agents: [agent('aaaa1111', 0, 0)], metrics } }, 0)
    const wrong = decodeFrame(encodePackedPositions([5, 6], [5, 6], 2))!
    ap.apply(wrong, 100)
    ap.frame(300)
    expect(b.x[0]).toBe(0)
    const right = decodeFrame(encodePackedPositions([5], [7], 1))!
    ap.apply(right, 100)
    ap.frame(300)
    expect([b.x[0], b.y[0]]).toEqual([5, 7])
  })

  it('hands error events on and maps a recovery line to the agent', () => {
    const { log, t } = target()
    const ap = new FeedApplier(t)
    ap.apply({ type: 0, payload: { agents: [agent('abcde123', 0, 0)], metrics } }, 0)
    ap.apply(
      {
        type: 5,
        payload: {
          id: 'e',
          errorCode: 'E-42',
          message: 'sync timeout',
          timestamp: '',
          agentId: 'abcde123',
        },
      },
      0,
    )
    ap.apply(
      {
        type: 2,
        payload: {
          id: 'm',
          type: 'system',
          text: '[RECOVERY:abcde] Agent restored to operational status',
          timestamp: '',
        },
      },
      0,
    )
    expect(log.slice(1)).toEqual([
      'error:E-42:abcde123',
      'message:[RECOVERY:abcde] Agent restored to operational status',
      'recovered:abcde123',
    ])
  })
})

describe('feedModeFrom', () => {
  it.each([
    ['', 'auto'],
    ['?feed=sim', 'sim'],
    ['?boot=0&feed=live', 'live'],
    ['?feed=bogus', 'auto'],
  ])('%s ⇒ %s', (search, mode) => expect(feedModeFrom(search)).toBe(mode))
})
