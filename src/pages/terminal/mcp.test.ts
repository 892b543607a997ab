import { describe, expect, it } from 'vitest'
import { demoSignature, describeEvent } from './mcp'
import { sessionFixture } from './testEnv'

function setup(opts: Parameters<typeof sessionFixture>[0] = {}) {
  const { env, t, lines, typed } = sessionFixture(opts)
  const connect = (cmd = 'mcp connect') => {
    t.submit(cmd)
    const s = env.streams.at(-1)!
    s.open()
    return s
  }
  return { env, t, lines, typed, connect }
}

const SIG =
  '5'.repeat(10) + 'KtPn1nq9QqUo5jVxHLqmaDLNrB8DMXQn3xYQ2X6LhfpV9WTNqyW3Wq7TZUV4FQdDq6fQ8vpS'

describe('mcp connect (§7.5, §8)', () => {
  it('opens the default endpoint with the three named events and reports success', () => {
    const { t, env, lines, typed } = setup()
    t.submit('mcp connect')
    expect(env.streams[0]).toMatchObject({
      url: '/api/mcp/sse',
      events: ['blocks', 'slots', 'transactions'],
    })
    expect(lines().at(-1)).toBe('Connecting to MCP server at /api/mcp/sse...')
    expect(t.getState().mcp.status).toBe('connecting')
    env.streams[0]!.open()
    expect(typed('success')).toEqual(['Successfully connected to Solana MCP server!'])
    expect(t.getState().mcp).toMatchObject({ status: 'connected', endpoint: '/api/mcp/sse' })
  })

  it('uses a URL given by the user, case preserved', () => {
    const { t, env } = setup()
    t.submit('MCP CONNECT https://Example.org/SSE')
    expect(env.streams[0]!.url).toBe('https://Example.org/SSE')
  })

  it('reports a constructor failure as Failed to connect', () => {
    const { t, typed } = setup({ openThrows: "The URL 'http://[' is invalid." })
    t.submit('mcp connect http://[')
    expect(typed('error')).toEqual(["[MCP] Failed to connect: The URL 'http://[' is invalid."])
    expect(t.getState().mcp.status).toBe('disconnected')
  })

  it.each([
    [2 as const, false, '[MCP] SSE error: could not reach /api/mcp/sse', 'disconnected'],
    [2 as const, true, '[MCP] SSE error: connection closed by the server', 'disconnected'],
    [0 as const, true, '[MCP] SSE error: connection lost, reconnecting...', 'connecting'],
  ])('an error with readyState %i (opened before: %s) prints %j', (state, opened, text, status) => {
    const { t, env, typed } = setup()
    t.submit('mcp connect')
    const s = env.streams[0]!
    if (opened) s.open()
    s.fail(state)
    s.fail(state)
    expect(typed('error')).toEqual([text])
    expect(t.getState().mcp.status).toBe(status)
  })

  it('reconnects by itself after a transient error', () => {
    const { typed, connect, t } = setup()
    const s = connect()
    s.fail(0)
    s.open()
    expect(typed('success').at(-1)).toBe('[MCP] Connection restored.')
    expect(t.getState().mcp.status).toBe('connected')
  })

  it('refuses a second connect and disconnects cleanly', () => {
    const { t, env, connect, lines, typed } = setup()
    const s = connect()
    t.submit('mcp connect')
    expect(typed('error')).toEqual([
      "Already connected to /api/mcp/sse. Use 'mcp disconnect' first.",
    ])
    t.submit('mcp disconnect')
    expect(s.closed).toBe(true)
    expect(lines().at(-1)).toBe('Disconnected from MCP server /api/mcp/sse.')
    expect(t.getState().mcp.status).toBe('disconnected')
    expect(env.streams).toHaveLength(1)
  })
})

describe('mcp events and notifications', () => {
  it('keeps the last 10 notifications and parses the named events', () => {
    const { t, connect } = setup()
    const s = connect()
    s.emit('message', { type: 'connected', server: 'vPOS MCP', source: 'simulated' })
    for (let i = 1; i <= 12; i++) s.emit('slots', { slot: 100 + i })
    s.emit('blocks', { slot: 113, parent: 112 })
    s.emit('transactions', { signature: SIG })
    const n = t.getState().mcp.notifications
    expect(n).toHaveLength(10)
    expect(n.at(-2)).toMatchObject({ event: 'blocks', summary: 'block 113 (parent 112)' })
    expect(n.at(-1)).toMatchObject({
      event: 'transactions',
      summary: `transaction ${SIG.slice(0, 24)}...`,
    })
    expect(t.getState().mcp.lastSlot).toBe(113)
  })

  it('prints default messages, and named events only for subscribed types', () => {
    const { t, connect, lines } = setup()
    const s = connect()
    s.emit('message', { type: 'connected', server: 'vPOS MCP', source: 'simulated' })
    expect(lines().at(-1)).toBe('[MCP] connected: vPOS MCP (source: simulated)')
    s.emit('slots', { slot: 5 })
    expect(lines().at(-1)).toBe('[MCP] connected: vPOS MCP (source: simulated)')
    t.submit('mcp subscribe SLOTS')
    const sub = t.getState().mcp.subscriptions[0]!
    expect(sub.id).toMatch(/^sub-[0-9a-f]{6}$/)
    expect(lines().at(-1)).toBe(`[MCP] Subscribed to slots (id: ${sub.id}).`)
    s.emit('slots', { slot: 6 })
    expect(lines().at(-1)).toBe('[MCP] slots: slot 6')
    t.submit(`mcp unsubscribe ${sub.id}`)
    expect(lines().at(-1)).toBe(`[MCP] Unsubscribed from slots (id: ${sub.id}).`)
    s.emit('slots', { slot: 7 })
    expect(lines().at(-1)).toBe(`[MCP] Unsubscribed from slots (id: ${sub.id}).`)
  })

  it.each([
    ['message', '{not json', /^\[MCP\] Failed to parse message: .+/],
    ['blocks', '{"slot":"x"}', /^\[MCP\] Failed to parse message: unexpected blocks payload$/],
    ['transactions', '42', /^\[MCP\] Failed to parse message: unexpected transactions payload$/],
  ])('a bad %s payload %j is reported', (event, raw, text) => {
    const { connect, typed } = setup()
    connect().emit(event, raw)
    expect(typed('error')).toHaveLength(1)
    expect(typed('error')[0]).toMatch(text)
  })

  it('lists notifications, or says there are none', () => {
    const { t, connect, lines } = setup()
    t.submit('mcp notifications')
    expect(lines().at(-1)).toBe('No MCP notifications received yet.')
    const s = connect()
    s.emit('blocks', { slot: 9, parent: 8 })
    t.submit('mcp notifications')
    expect(lines().slice(-2)).toEqual([
      'Last 1 MCP notification(s):',
      '  [12:00:00] blocks: block 9 (parent 8)',
    ])
  })

  it('ignores events from a stream it has closed', () => {
    const { t, connect } = setup()
    const s = connect()
    t.submit('mcp disconnect')
    s.emit('slots', { slot: 1 })
    expect(t.getState().mcp.notifications).toEqual([])
  })
})

describe('mcp simulated commands', () => {
  it.each([
    ['subscribe', "Error: Invalid subscription type ''. Available: blocks, slots, transactions"],
    [
      'subscribe votes',
      "Error: Invalid subscription type 'votes'. Available: blocks, slots, transactions",
    ],
    ['unsubscribe', 'Error: Please provide a subscription id.'],
    ['unsubscribe sub-nope', "Error: No subscription with id 'sub-nope'."],
    ['request', 'Error: Please provide a method name, e.g. mcp request getSlot'],
    ['request sendMoney', '[MCP] <- error -32601: Method not found: sendMoney'],
  ])('mcp %s -> %j', (args, error) => {
    const { t, connect, typed } = setup()
    connect()
    t.submit(`mcp ${args}`)
    expect(typed('error')).toEqual([error])
  })

  it.each([
    ['getslot', 'getSlot', '312000010'],
    ['getHealth', 'getHealth', '"ok"'],
    [
      'GETEPOCHINFO',
      'getEpochInfo',
      '{"epoch":722,"slotIndex":96010,"slotsInEpoch":432000,"absoluteSlot":312000010}',
    ],
  ])('request %s answers like %s', (typed, method, result) => {
    const { t, connect, lines } = setup()
    connect().emit('slots', { slot: 312000010 })
    t.submit(`mcp request ${typed}`)
    expect(lines().slice(-2)).toEqual([
      `[MCP] -> {"jsonrpc":"2.0","id":1,"method":"${method}"}`,
      `[MCP] <- {"jsonrpc":"2.0","id":1,"result":${result}}`,
    ])
  })

  it('tx: a signature over 20 characters is used as given', () => {
    const { t, connect, lines } = setup()
    connect()
    t.submit(`mcp tx ${SIG}`)
    expect(lines()).toContain(`[MCP] Transaction ${SIG}`)
    expect(lines()).toContain('  Status: Finalized')
  })

  it.each(['abc', 'x'.repeat(20)])('tx: %j (20 chars or fewer) becomes a demo id', (short) => {
    const { t, connect, lines } = setup()
    connect()
    t.submit(`mcp tx ${short}`)
    const id = demoSignature(short)
    expect(lines()).toContain(`'${short}' is not a full signature; using demo transaction id ${id}`)
    expect(lines()).toContain(`[MCP] Transaction ${id}`)
    expect(lines()).toContain('  Status: Finalized (demo)')
  })

  it.each(['abc', 'zz', '0OIl', ''])('demoSignature(%j) is 88 base58 characters, stable', (s) => {
    const id = demoSignature(s)
    expect(id).toMatch(/^demo[1-9A-HJ-NP-Za-km-z]{84}$/)
    expect(demoSignature(s)).toBe(id)
  })

  it('status lists endpoint, slot, subscriptions and notifications', () => {
    const { t, connect, lines } = setup()
    connect().emit('slots', { slot: 77 })
    t.submit('mcp subscribe blocks')
    const id = t.getState().mcp.subscriptions[0]!.id
    t.submit('mcp status')
    expect(lines().slice(-5)).toEqual([
      'MCP status: CONNECTED',
      '  Endpoint: /api/mcp/sse',
      '  Latest slot: 77',
      `  Subscriptions: blocks (${id})`,
      '  Notifications: 1 (last 10 kept)',
    ])
  })
})

describe('describeEvent', () => {
  it.each([
    ['message', { type: 'status', slot: 5, source: 'solana' }, 'status: slot 5 (source: solana)'],
    ['message', { type: 'hello' }, 'hello: {"type":"hello"}'],
    ['message', [1, 2], 'message: [1,2]'],
    ['slots', { slot: 3 }, 'slot 3'],
  ])('%s %j -> %j', (event, data, summary) => {
    expect(describeEvent(event, data).summary).toBe(summary)
  })
})
