import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import {
  MSG,
  PACKED_HEADER_BYTES,
  decodeFrame,
  encodeFrame,
  encodeJsonFrame,
  encodePackedPositions,
  type FeedMessage,
} from './protocol'

const agent = {
  id: 'a1b2c3d4',
  x: 10.5,
  y: 20,
  size: 3,
  speedX: 0.5,
  speedY: -0.25,
  color: '#2dd4bf',
  target: { x: 1, y: 2 },
  mode: 'explore',
  type: 'analyzer',
  status: 'active',
  processingPower: 42,
  efficiency: 91.5,
  connections: 3,
  lastActiveTime: 1_700_000_000_000,
  energyLevel: 77,
  glow: true,
  pulseRate: 1.8,
}
const metrics = {
  totalAgents: 146,
  activeAgents: 140,
  processingPower: 7000,
  averageEfficiency: 92.1,
  networkLatency: 12,
  completedTasks: 3,
}

const silent = () => ({ warn: vi.fn(), error: vi.fn() })

const messages: [string, FeedMessage][] = [
  [
    '0 swarm state',
    { type: 0, payload: { agents: [agent], metrics, failingAgents: ['a1b2c3d4'] } },
  ],
  [
    '1 positions',
    {
      type: 1,
      payload: [
        { id: 'a1b2c3d4', x: 1.5, y: -2 },
        { id: 'zzzzzzzz', x: 0, y: 0 },
      ],
    },
  ],
  [
    '2 system message',
    {
      type: 2,
      payload: {
        id: 'm1',
        type: 'alert',
        text: '[ERROR:a1b2c] boom',
        timestamp: '2026-01-01T00:00:00.000Z',
      },
    },
  ],
  [
    '3 task updates',
    { type: 3, payload: [{ name: 'Data Analysis', progress: 89, status: 'active' }] },
  ],
  ['4 metrics', { type: 4, payload: metrics }],
  [
    '5 error event',
    {
      type: 5,
      payload: {
        id: 'e1',
        errorCode: 'E-204',
        message: 'sync timeout',
        timestamp: '2026-01-01T00:00:00.000Z',
        agentId: 'a1b2c3d4',
      },
    },
  ],
  ['6 ping', { type: 6 }],
  ['7 pong', { type: 7 }],
]

describe('feed protocol', () => {
  it.each(messages)('round-trips type %s', (_name, msg) => {
    const log = silent()
    const bytes = encodeFrame(msg)
    expect(bytes[0]).toBe(msg.type)
    expect(decodeFrame(bytes, log)).toEqual(msg)
    // The same bytes arrive as an ArrayBuffer in browsers and as a Buffer in Node.
    expect(decodeFrame(bytes.slice().buffer, log)).toEqual(msg)
    expect(decodeFrame(Buffer.from(bytes), log)).toEqual(msg)
    expect(log.warn).not.toHaveBeenCalled()
    expect(log.error).not.toHaveBeenCalled()
  })

  it.each([
    ['ping', { type: 6 } as const, [6]],
    ['pong', { type: 7 } as const, [7]],
  ])('encodes %s as the single byte', (_n, msg, bytes) => {
    expect(Array.from(encodeFrame(msg))).toEqual(bytes)
  })

  it('frames JSON as the type byte followed by UTF-8 text', () => {
    const bytes = encodeJsonFrame(2, { text: 'é' })
    expect(bytes[0]).toBe(2)
    expect(new TextDecoder().decode(bytes.subarray(1))).toBe('{"text":"é"}')
  })

  it('round-trips packed type 8 positions at float32 precision', () => {
    const x = Float32Array.from([1.5, -2.25, 1000.125])
    const y = Float32Array.from([0, 3.5, -7])
    const bytes = encodePackedPositions(x, y, 3)
    expect(bytes.length).toBe(PACKED_HEADER_BYTES + 24)
    const msg = decodeFrame(bytes, silent())
    expect(msg?.type).toBe(8)
    if (msg?.type !== 8) return
    expect(msg.payload.count).toBe(3)
    expect(Array.from(msg.payload.x)).toEqual(Array.from(x))
    expect(Array.from(msg.payload.y)).toEqual(Array.from(y))
  })

  it('decodes type 8 from an unaligned view', () => {
    const packed = encodePackedPositions([1, 2], [3, 4], 2)
    const shifted = new Uint8Array(packed.length + 1)
    shifted.set(packed, 1)
    const msg = decodeFrame(shifted.subarray(1), silent())
    expect(msg?.type === 8 && Array.from(msg.payload.y)).toEqual([3, 4])
  })

  it.each([
    ['a string', 'hello'],
    ['a number', 42],
    ['null', null],
    ['an object', { type: 1 }],
    ['an empty buffer', new Uint8Array(0)],
  ])('ignores %s without logging', (_n, data) => {
    const log = silent()
    expect(decodeFrame(data, log)).toBeNull()
    expect(log.warn).not.toHaveBeenCalled()
    expect(log.error).not.toHaveBeenCalled()
  })

  it.each([9, 42, 255])('warns about unknown type %i', (type) => {
    const log = silent()
    expect(decodeFrame(Uint8Array.of(type, 123, 125), log)).toBeNull()
    expect(log.warn).toHaveBeenCalledWith(`[feed] unknown message type ${type}`)
  })

  it.each([
    ['bad JSON', Uint8Array.of(MSG.positions, 0x7b)],
    ['invalid UTF-8', Uint8Array.of(MSG.systemMessage, 0xff, 0xfe)],
    ['wrong shape', encodeJsonFrame(1, { not: 'an array' })],
    ['positions without numbers', encodeJsonFrame(1, [{ id: 'a', x: 'left', y: 0 }])],
    ['state without metrics', encodeJsonFrame(0, { agents: [] })],
    ['short packed frame', Uint8Array.of(MSG.packedPositions, 1, 0)],
    ['packed count mismatch', Uint8Array.of(MSG.packedPositions, 1, 0, 0, 5, 0, 0, 0)],
  ])('logs and drops %s', (_n, bytes) => {
    const log = silent()
    expect(decodeFrame(bytes, log)).toBeNull()
    expect(log.error).toHaveBeenCalledTimes(1)
  })

  it('never throws on 10,000 random frames', () => {
    const log = silent()
    const jsonish = fc.jsonValue().map((v) => encodeJsonFrame(1, v).subarray(1))
    const frame = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc
        .tuple(fc.integer({ min: 0, max: 9 }), fc.oneof(jsonish, fc.uint8Array({ maxLength: 32 })))
        .map(([t, body]) => Uint8Array.of(t, ...body)),
      fc.anything(),
    )
    fc.assert(
      fc.property(frame, (data) => {
        const out = decodeFrame(data, log)
        expect(out === null || typeof out.type === 'number').toBe(true)
      }),
      { numRuns: 10_000, seed: 20260522 },
    )
  })

  it('accepts every well-formed position array it encodes (fuzz)', () => {
    const pos = fc.record({
      id: fc.string({ minLength: 1, maxLength: 8 }),
      x: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
      y: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
    })
    fc.assert(
      fc.property(fc.array(pos, { maxLength: 20 }), (list) => {
        const msg = decodeFrame(encodeJsonFrame(1, list), silent())
        expect(msg).toEqual({ type: 1, payload: JSON.parse(JSON.stringify(list)) })
      }),
      { numRuns: 500, seed: 7 },
    )
  })
})
