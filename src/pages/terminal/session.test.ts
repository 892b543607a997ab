import { describe, expect, it } from 'vitest'
import { pushHistory, tokenize } from './session'
import { sessionFixture } from './testEnv'
import { HELP_LINES, TEXT } from './texts'

const setup = sessionFixture

describe('terminal interpreter: validation texts (§5)', () => {
  it.each([
    ['foo', "Command not found: foo. Type 'help' for available commands."],
    ['FooBar baz', "Command not found: FooBar. Type 'help' for available commands."],
    ['login', TEXT.invalidSubsystem],
    [
      'login mainframe',
      'Error: Invalid subsystem. Available options: core, compute, database, analytics',
    ],
    [
      'blockchain mine',
      "Error: Unknown blockchain operation 'mine'. Available: status, sync, token",
    ],
    ['blockchain', "Error: Unknown blockchain operation ''. Available: status, sync, token"],
    ['mcp tx', 'Error: Please provide a transaction signature/hash.'],
    ['mcp fly', "Unknown MCP command: fly. Type 'mcp help' for available commands."],
    ['mcp subscribe blocks', "[MCP] Not connected. Please connect first using 'mcp connect'."],
    ['mcp request getSlot', "[MCP] Not connected. Please connect first using 'mcp connect'."],
    ['mcp tx 5xYz', "[MCP] Not connected. Please connect first using 'mcp connect'."],
    ['mcp unsubscribe sub-1', "[MCP] Not connected. Please connect first using 'mcp connect'."],
    ['mcp status', 'Not connected to any MCP server.'],
    ['mcp disconnect', 'Not connected to any MCP server.'],
  ])('%j -> error %j', (input, error) => {
    const { t, typed } = setup()
    t.submit(input)
    expect(typed('error')).toEqual([error])
  })

  it.each(['help', 'HELP', 'Help', '  hElP  '])('commands are case-insensitive: %j', (input) => {
    const { t, typed } = setup()
    t.submit(input)
    expect(typed('output')).toEqual(HELP_LINES)
    expect(typed('error')).toEqual([])
  })

  it.each(['', '   ', '\t'])('empty input %j is ignored: no line, no history', (input) => {
    const { t } = setup()
    t.submit(input)
    expect(t.getState().lines).toEqual([])
    expect(t.getState().history).toEqual([])
  })

  it('echoes the input as an input line and keeps it in the history', () => {
    const { t } = setup()
    t.submit('  status ')
    expect(t.getState().lines[0]).toMatchObject({ text: 'vpos:~$ status', type: 'input' })
    expect(t.getState().history).toEqual(['status'])
  })
})

describe('history (§9: 50 entries)', () => {
  it.each([
    [[], 'a', ['a']],
    [['a', 'b'], 'c', ['a', 'b', 'c']],
    [
      Array.from({ length: 50 }, (_, i) => `c${i}`),
      'new',
      [...Array.from({ length: 49 }, (_, i) => `c${i + 1}`), 'new'],
    ],
  ])('push onto %j', (history, entry, expected) => {
    expect(pushHistory(history, entry)).toEqual(expected)
  })

  it('keeps the 50 newest commands and lists them numbered', () => {
    const { t, lines } = setup()
    for (let i = 1; i <= 55; i++) t.submit(`cmd${i}`)
    expect(t.getState().history).toHaveLength(50)
    expect(t.getState().history[0]).toBe('cmd6')
    t.clear()
    t.submit('history')
    expect(lines()[1]).toBe('   1  cmd7')
    expect(lines().at(-1)).toBe('  50  history')
  })

  it.each([
    ['a  b   c', ['a', 'b', 'c']],
    ['  mcp connect http://x/y ', ['mcp', 'connect', 'http://x/y']],
  ])('tokenize %j', (input, words) => expect(tokenize(input)).toEqual(words))
})

describe('timed simulations (§9)', () => {
  it('ping: 4 replies 500 ms apart, then statistics', () => {
    const { t, env, lines } = setup()
    t.submit('ping')
    expect(lines().slice(1)).toEqual(['PING core.vpos.network: 56 data bytes'])
    for (let i = 1; i <= 4; i++) {
      env.advance(499)
      expect(lines().filter((l) => l.startsWith('64 bytes'))).toHaveLength(i - 1)
      env.advance(1)
      expect(lines().filter((l) => l.startsWith('64 bytes'))).toHaveLength(i)
      expect(lines().at(-1 - (i === 4 ? 2 : 0))).toMatch(
        new RegExp(
          `^64 bytes from core\\.vpos\\.network: icmp_seq=${i} ttl=64 time=\\d+\\.\\d ms$`,
        ),
      )
    }
    expect(lines().at(-1)).toMatch(
      /^4 packets transmitted, 4 received, 0% packet loss, avg \d+\.\d ms$/,
    )
    expect(env.pending()).toBe(0)
  })

  it('login: authenticates for 1.5 s, then grants access; logout ends the session', () => {
    const { t, env, lines } = setup()
    t.submit('login CORE')
    expect(lines().at(-1)).toBe('Authenticating with core subsystem...')
    expect(t.getState().loginPending).toBe('core')
    env.advance(1499)
    expect(t.getState().subsystem).toBeNull()
    env.advance(1)
    expect(lines().at(-1)).toBe('Access granted. Logged in to core subsystem.')
    expect(t.getState()).toMatchObject({ subsystem: 'core', loginPending: null })
    t.submit('logout')
    expect(lines().at(-1)).toBe('Logged out of core subsystem.')
    expect(t.getState().subsystem).toBeNull()
    t.submit('logout')
    expect(lines().at(-1)).toBe('Not logged in to any subsystem.')
  })

  it('blockchain sync: 10% every 800 ms up to 100%', () => {
    const { t, env, lines } = setup()
    t.submit('blockchain sync')
    expect(lines().at(-1)).toBe('Starting blockchain synchronization...')
    for (let p = 10; p <= 100; p += 10) {
      env.advance(799)
      expect(t.getState().sync.progress).toBe(p - 10)
      env.advance(1)
      expect(lines()).toContain(`Sync progress: ${p}%`)
    }
    expect(lines().at(-1)).toBe('Blockchain synchronized successfully.')
    expect(t.getState().sync).toMatchObject({ status: 'synced', progress: 100 })
    t.submit('blockchain status')
    expect(lines()).toContain('  Sync: SYNCED (100%)')
  })

  it('a second sync while one runs is refused', () => {
    const { t, env, typed } = setup()
    t.submit('blockchain sync')
    env.advance(1600)
    t.submit('BLOCKCHAIN SYNC')
    expect(typed('error')).toEqual(['Error: Blockchain sync already in progress.'])
  })

  it('dispose cancels pending timers', () => {
    const { t, env } = setup()
    t.submit('ping')
    t.submit('login database')
    t.submit('blockchain sync')
    expect(env.pending()).toBeGreaterThan(0)
    t.dispose()
    expect(env.pending()).toBe(0)
  })
})

describe('informational commands', () => {
  it('status reports session, agents, blockchain and MCP', () => {
    const { t, lines } = setup()
    t.submit('status')
    expect(lines()).toEqual([
      'vpos:~$ status',
      'SYSTEM STATUS',
      '  Core: ONLINE',
      '  Session: guest (not logged in)',
      '  Agents: 146 total, 120 active, 3 failing',
      '  Efficiency: 97.3%',
      '  Blockchain: NOT SYNCED',
      '  MCP: DISCONNECTED',
      '  Terminal uptime: 00:00:00',
    ])
  })

  it('agents reports the swarm figures', () => {
    const { t, lines } = setup({ agents: { source: 'live' } })
    t.submit('agents')
    expect(lines().slice(1)).toEqual([
      'SWARM AGENTS (live feed)',
      '  Total: 146',
      '  Active: 120',
      '  Failing: 3',
      '  Processing power: 6543 TF/s',
      '  Average efficiency: 97.3%',
    ])
  })

  it('blockchain token prints the market pair with the token formats', async () => {
    const { t, lines } = setup()
    t.submit('blockchain token')
    await Promise.resolve()
    expect(lines().slice(1)).toEqual([
      'Fetching vPOS token data...',
      'TOKEN vPOS/SOL',
      '  Contract: vPoS7kGq3nZt1xWJd8Yh2bRcLmA5uEfTs9NwKpQ4HzV',
      '  Price: $0.004215  24h: ▼ 3.10%',
      '  Market cap: $3.46M  FDV: $4.22M',
      '  Volume 24h: $184.00K  Liquidity: $252.00K',
    ])
  })

  it('blockchain token reports a failed fetch', async () => {
    const { t, env, typed } = setup()
    env.token.value = new Error('503: Network response was not ok')
    t.submit('blockchain token')
    await new Promise((r) => setTimeout(r, 0))
    expect(typed('error')).toEqual([
      'Error: Failed to fetch token data (503: Network response was not ok)',
    ])
  })

  it('clear empties the output', () => {
    const { t } = setup()
    t.submit('help')
    t.submit('clear')
    expect(t.getState().lines).toEqual([])
  })
})
