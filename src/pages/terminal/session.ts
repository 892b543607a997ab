/**
 * The terminal's command interpreter (PRODUCT.md §2, §5, §9; ARCHITECTURE.md §7). Plain TypeScript:
 * time, chance, the MCP stream, agents and token data come from an injected TerminalEnv, so the
 * whole command set is unit-tested with a fake scheduler. React subscribes to it with
 * useSyncExternalStore.
 */
import {
  formatChange,
  formatMillions,
  formatPair,
  formatPrice,
  formatThousands,
} from '../token/format'
import { McpClient, initialMcpState } from './mcp'
import {
  BLOCKCHAIN_OPS,
  HELP_LINES,
  HISTORY_LIMIT,
  LOGIN_DELAY_MS,
  MAX_LINES,
  PING_COUNT,
  PING_INTERVAL_MS,
  PROMPT,
  SUBSYSTEMS,
  SYNC_STEP_MS,
  SYNC_STEP_PERCENT,
  TEXT,
} from './texts'
import type { LineType, McpState, TerminalEnv, TerminalState } from './types'

const PING_HOST = 'core.vpos.network'

/** Appends `entry` to the history, keeping the newest `limit` entries. */
export function pushHistory(
  history: readonly string[],
  entry: string,
  limit = HISTORY_LIMIT,
): string[] {
  return [...history, entry].slice(-limit)
}

/** Splits a command line on whitespace. */
export function tokenize(input: string): string[] {
  return input.trim().split(/\s+/).filter(Boolean)
}

const clock = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000))
  const p = (x: number) => String(x).padStart(2, '0')
  return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`
}

export class TerminalSession {
  private state: TerminalState
  private readonly listeners = new Set<() => void>()
  private readonly timers = new Set<() => void>()
  private lineId = 0
  readonly mcp: McpClient

  constructor(private readonly env: TerminalEnv) {
    this.state = {
      lines: [],
      history: [],
      subsystem: null,
      loginPending: null,
      sync: { status: 'idle', progress: 0, lastSyncAt: null },
      mcp: initialMcpState(),
      startedAt: env.now(),
    }
    this.mcp = new McpClient({
      env,
      print: (t, type) => this.print(t, type),
      mcp: () => this.state.mcp,
      setMcp: (patch) => this.setMcp(patch),
    })
    this.print(TEXT.welcome, 'success')
    this.print(TEXT.welcomeHint)
  }

  // --- store -------------------------------------------------------------------------------------
  getState = (): TerminalState => this.state
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  private set(patch: Partial<TerminalState>) {
    this.state = { ...this.state, ...patch }
    for (const l of this.listeners) l()
  }
  private setMcp(patch: Partial<McpState>) {
    this.set({ mcp: { ...this.state.mcp, ...patch } })
  }

  /** Adds one output line (multi-line text is kept as one line; the view preserves breaks). */
  print(text: string, type: LineType = 'output'): void {
    const lines = [...this.state.lines, { id: ++this.lineId, text, type }]
    this.set({ lines: lines.length > MAX_LINES ? lines.slice(-MAX_LINES) : lines })
  }

  clear(): void {
    this.set({ lines: [] })
  }

  private after(ms: number, fn: () => void) {
    const cancel = this.env.schedule(() => {
      this.timers.delete(cancel)
      fn()
    }, ms)
    this.timers.add(cancel)
  }

  /** Stops every pending simulation and closes the MCP stream (page unmount). */
  dispose(): void {
    for (const cancel of this.timers) cancel()
    this.timers.clear()
    this.mcp.close()
  }

  // --- input -------------------------------------------------------------------------------------
  /** Runs one command line. Empty input is ignored (no echo, no history). */
  submit(input: string): void {
    const trimmed = input.trim()
    if (!trimmed) return
    this.print(`${PROMPT} ${trimmed}`, 'input')
    this.set({ history: pushHistory(this.state.history, trimmed) })
    const [name = '', ...args] = tokenize(trimmed)
    this.execute(name, args)
  }

  private execute(rawName: string, args: string[]) {
    switch (rawName.toLowerCase()) {
      case 'help':
        for (const l of HELP_LINES) this.print(l)
        return
      case 'clear':
        return this.clear()
      case 'status':
        return this.status()
      case 'login':
        return this.login(args[0])
      case 'logout':
        return this.logout()
      case 'blockchain':
        return this.blockchain(args[0])
      case 'ping':
        return this.ping()
      case 'agents':
        return this.agents()
      case 'history':
        return this.history()
      case 'mcp':
        return this.mcp.run(args)
      default:
        this.print(TEXT.commandNotFound(rawName), 'error')
    }
  }

  // --- commands ----------------------------------------------------------------------------------
  private status() {
    const s = this.state
    const a = this.env.agents()
    const sync =
      s.sync.status === 'syncing'
        ? `SYNCING ${s.sync.progress}%`
        : s.sync.status === 'synced'
          ? 'SYNCED'
          : 'NOT SYNCED'
    const mcp =
      s.mcp.status === 'connected'
        ? `CONNECTED (${s.mcp.endpoint})`
        : s.mcp.status === 'connecting'
          ? `CONNECTING (${s.mcp.endpoint})`
          : 'DISCONNECTED'
    this.print('SYSTEM STATUS')
    this.print('  Core: ONLINE')
    this.print(`  Session: ${s.subsystem ?? 'guest (not logged in)'}`)
    this.print(`  Agents: ${a.total} total, ${a.active} active, ${a.failing} failing`)
    this.print(`  Efficiency: ${a.efficiency}%`)
    this.print(`  Blockchain: ${sync}`)
    this.print(`  MCP: ${mcp}`)
    this.print(`  Terminal uptime: ${clock(this.env.now() - s.startedAt)}`)
  }

  private login(rawSub?: string) {
    const sub = rawSub?.toLowerCase()
    if (!sub || !(SUBSYSTEMS as readonly string[]).includes(sub)) {
      this.print(TEXT.invalidSubsystem, 'error')
      return
    }
    if (this.state.loginPending) {
      this.print(
        `Error: Authentication to ${this.state.loginPending} already in progress.`,
        'error',
      )
      return
    }
    if (this.state.subsystem === sub) {
      this.print(`Already logged in to ${sub} subsystem.`)
      return
    }
    this.set({ loginPending: sub })
    this.print(`Authenticating with ${sub} subsystem...`)
    this.after(LOGIN_DELAY_MS, () => {
      this.set({ subsystem: sub, loginPending: null })
      this.print(`Access granted. Logged in to ${sub} subsystem.`, 'success')
    })
  }

  private logout() {
    const sub = this.state.subsystem
    if (!sub) {
      this.print('Not logged in to any subsystem.', 'error')
      return
    }
    this.set({ subsystem: null })
    this.print(`Logged out of ${sub} subsystem.`, 'success')
  }

  private blockchain(rawOp?: string) {
    const op = rawOp?.toLowerCase() ?? ''
    if (!(BLOCKCHAIN_OPS as readonly string[]).includes(op)) {
      this.print(TEXT.unknownBlockchainOp(rawOp ?? ''), 'error')
      return
    }
    if (op === 'status') return this.blockchainStatus()
    if (op === 'sync') return this.sync()
    return this.token()
  }

  private blockchainStatus() {
    const { sync, mcp } = this.state
    this.print('BLOCKCHAIN STATUS')
    this.print('  Network: Solana mainnet-beta')
    this.print('  Connection: ACTIVE')
    this.print(
      `  Sync: ${sync.status === 'syncing' ? `SYNCING ${sync.progress}%` : sync.status === 'synced' ? 'SYNCED (100%)' : "NOT SYNCED (run 'blockchain sync')"}`,
    )
    this.print(
      `  Last sync: ${sync.lastSyncAt ? new Date(sync.lastSyncAt).toISOString() : 'never'}`,
    )
    this.print(`  Latest slot: ${mcp.lastSlot ?? "unknown (connect with 'mcp connect')"}`)
  }

  private sync() {
    if (this.state.sync.status === 'syncing') {
      this.print('Error: Blockchain sync already in progress.', 'error')
      return
    }
    this.set({ sync: { ...this.state.sync, status: 'syncing', progress: 0 } })
    this.print('Starting blockchain synchronization...')
    const step = () => {
      const progress = Math.min(100, this.state.sync.progress + SYNC_STEP_PERCENT)
      if (progress < 100) {
        this.set({ sync: { ...this.state.sync, progress } })
        this.print(`Sync progress: ${progress}%`)
        this.after(SYNC_STEP_MS, step)
        return
      }
      this.set({ sync: { status: 'synced', progress: 100, lastSyncAt: this.env.now() } })
      this.print('Sync progress: 100%')
      this.print('Blockchain synchronized successfully.', 'success')
    }
    this.after(SYNC_STEP_MS, step)
  }

  private token() {
    this.print('Fetching vPOS token data...')
    this.env.tokenInfo().then(
      (t) => {
        if (!t.pair) {
          this.print(`Token ${t.tokenAddress}: no market pair listed yet.`)
          return
        }
        const p = t.pair
        const change = formatChange(p.priceChange.h24)
        this.print(
          `TOKEN ${formatPair(p.baseToken.symbol, p.quoteToken.symbol)}${t.stale ? ' (stale data)' : ''}`,
        )
        this.print(`  Contract: ${t.tokenAddress}`)
        this.print(`  Price: ${formatPrice(p.priceUsd)}  24h: ${change.arrow} ${change.text}`)
        this.print(`  Market cap: ${formatMillions(p.marketCap)}  FDV: ${formatMillions(p.fdv)}`)
        this.print(
          `  Volume 24h: ${formatThousands(p.volume.h24)}  Liquidity: ${formatThousands(p.liquidity.usd)}`,
        )
      },
      (err: unknown) => {
        this.print(
          `Error: Failed to fetch token data (${err instanceof Error ? err.message : String(err)})`,
          'error',
        )
      },
    )
  }

  private ping() {
    this.print(`PING ${PING_HOST}: 56 data bytes`)
    const times: number[] = []
    for (let i = 1; i <= PING_COUNT; i++) {
      this.after(i * PING_INTERVAL_MS, () => {
        const t = Math.round((8 + this.env.random() * 40) * 10) / 10
        times.push(t)
        this.print(`64 bytes from ${PING_HOST}: icmp_seq=${i} ttl=64 time=${t.toFixed(1)} ms`)
        if (i === PING_COUNT) {
          const avg = times.reduce((a, b) => a + b, 0) / times.length
          this.print(`--- ${PING_HOST} ping statistics ---`)
          this.print(
            `${PING_COUNT} packets transmitted, ${PING_COUNT} received, 0% packet loss, avg ${avg.toFixed(1)} ms`,
            'success',
          )
        }
      })
    }
  }

  private agents() {
    const a = this.env.agents()
    this.print(`SWARM AGENTS (${a.source === 'live' ? 'live feed' : 'simulation'})`)
    this.print(`  Total: ${a.total}`)
    this.print(`  Active: ${a.active}`)
    this.print(`  Failing: ${a.failing}`)
    this.print(`  Processing power: ${Math.round(a.processingPower)} TF/s`)
    this.print(`  Average efficiency: ${a.efficiency}%`)
  }

  private history() {
    const h = this.state.history
    h.forEach((entry, i) => this.print(`${String(i + 1).padStart(4)}  ${entry}`))
  }
}
