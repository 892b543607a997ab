/**
 * The terminal's MCP client (PRODUCT.md §7.5, §8): `mcp connect [url]` opens an SSE stream (default
 * messages as JSON, named events blocks/slots/transactions), keeps the last 10 notifications and
 * prints the events of subscribed types. Subscribe, request and tx are simulated, as
 * PRODUCT.md §7.5 says.
 */
import { pseudoBase58 } from '../../contracts/address'
import { fnv1a } from '../../sim/digest'
import {
  DEFAULT_MCP_ENDPOINT,
  MCP_EVENT_TYPES,
  MCP_HELP_LINES,
  MCP_METHODS,
  MCP_NOTIFICATION_LIMIT,
  REAL_SIGNATURE_MIN_LENGTH,
  TEXT,
  type McpEventType,
} from './texts'
import type { LineType, McpNotification, McpState, McpStream, TerminalEnv } from './types'

export interface McpHost {
  env: TerminalEnv
  print(text: string, type?: LineType): void
  mcp(): McpState
  setMcp(patch: Partial<McpState>): void
}

export const initialMcpState = (): McpState => ({
  endpoint: null,
  status: 'disconnected',
  notifications: [],
  subscriptions: [],
  lastSlot: null,
})

/**
 * PRODUCT.md §5: a short id becomes a demo id: 'demo' + the input, padded to 88 base58 chars from
 * its hash.
 */
export function demoSignature(input: string): string {
  const out = `demo${input.replace(/[^1-9A-HJ-NP-Za-km-z]/g, '')}`
  return (out + pseudoBase58(fnv1a(input), Math.max(0, 88 - out.length))).slice(0, 88)
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)
const short = (s: string, n = 24) => (s.length > n ? `${s.slice(0, n)}...` : s)

/** One line describing an event payload; throws when the payload does not have its shape. */
export function describeEvent(event: string, data: unknown): { summary: string; slot?: number } {
  if (event === 'message') {
    if (!isRecord(data)) return { summary: `message: ${JSON.stringify(data)}` }
    const type = typeof data.type === 'string' ? data.type : 'message'
    if (type === 'connected')
      return {
        summary: `connected: ${String(data.server ?? 'MCP server')} (source: ${String(data.source ?? 'unknown')})`,
      }
    if (type === 'status' && isInt(data.slot))
      return {
        summary: `status: slot ${data.slot} (source: ${String(data.source ?? 'unknown')})`,
        slot: data.slot,
      }
    return { summary: short(`${type}: ${JSON.stringify(data)}`, 200) }
  }
  if (!isRecord(data)) throw new Error(`unexpected ${event} payload`)
  if (event === 'blocks' && isInt(data.slot) && isInt(data.parent))
    return { summary: `block ${data.slot} (parent ${data.parent})`, slot: data.slot }
  if (event === 'slots' && isInt(data.slot))
    return { summary: `slot ${data.slot}`, slot: data.slot }
  if (event === 'transactions' && typeof data.signature === 'string')
    return { summary: `transaction ${short(data.signature)}` }
  throw new Error(`unexpected ${event} payload`)
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))

export class McpClient {
  private stream: McpStream | null = null
  private everOpened = false
  private reportedOutage = false
  private notificationId = 0
  private requestId = 0

  constructor(private readonly host: McpHost) {}

  private get state() {
    return this.host.mcp()
  }

  /** Runs `mcp <args>`; args[0] is the subcommand as typed. */
  run(args: string[]): void {
    const [rawSub, ...rest] = args
    const sub = (rawSub ?? 'help').toLowerCase()
    const { print } = this.host
    switch (sub) {
      case 'help':
        for (const l of MCP_HELP_LINES) print(l)
        return
      case 'connect':
        return this.connect(rest[0])
      case 'disconnect':
        return this.disconnect()
      case 'status':
        return this.status()
      case 'notifications':
        return this.notifications()
      case 'subscribe':
        return this.subscribe(rest[0])
      case 'unsubscribe':
        return this.unsubscribe(rest[0])
      case 'request':
        return this.request(rest[0])
      case 'tx':
        return this.tx(rest[0])
      default:
        print(TEXT.unknownMcp(rawSub ?? ''), 'error')
    }
  }

  connect(url?: string): void {
    const { print } = this.host
    const s = this.state
    if (s.status === 'connected') {
      print(`Already connected to ${s.endpoint}. Use 'mcp disconnect' first.`, 'error')
      return
    }
    if (s.status === 'connecting') {
      print(`Connection to ${s.endpoint} in progress. Use 'mcp disconnect' to cancel.`, 'error')
      return
    }
    const endpoint = url ?? DEFAULT_MCP_ENDPOINT
    print(`Connecting to MCP server at ${endpoint}...`)
    this.everOpened = false
    this.reportedOutage = false
    try {
      this.host.setMcp({ status: 'connecting', endpoint })
      const stream = this.host.env.openMcpStream(
        endpoint,
        {
          open: () => this.onOpen(stream),
          error: () => this.onError(stream),
          message: (event, data) => this.onMessage(stream, event, data),
        },
        MCP_EVENT_TYPES,
      )
      this.stream = stream
    } catch (err) {
      this.stream = null
      this.host.setMcp({ status: 'disconnected', endpoint: null })
      print(TEXT.mcpConnectFailed(errorText(err)), 'error')
    }
  }

  disconnect(): void {
    if (!this.stream) {
      this.host.print(TEXT.mcpNoServer, 'error')
      return
    }
    const endpoint = this.state.endpoint
    this.close()
    this.host.print(`Disconnected from MCP server ${endpoint}.`, 'success')
  }

  /** Closes the stream without printing (page unmount). */
  close(): void {
    this.stream?.close()
    this.stream = null
    this.host.setMcp({ status: 'disconnected', endpoint: null, subscriptions: [] })
  }

  private current(stream: McpStream) {
    return this.stream === stream
  }

  private onOpen(stream: McpStream) {
    if (!this.current(stream)) return
    const reconnect = this.everOpened
    this.everOpened = true
    this.reportedOutage = false
    this.host.setMcp({ status: 'connected' })
    if (reconnect) this.host.print('[MCP] Connection restored.', 'success')
    else this.host.print(TEXT.mcpConnected, 'success')
  }

  private onError(stream: McpStream) {
    if (!this.current(stream)) return
    const endpoint = this.state.endpoint ?? ''
    if (stream.readyState === 2) {
      // Closed for good (refused, not an event stream, blocked): the browser will not retry.
      const detail = this.everOpened
        ? 'connection closed by the server'
        : `could not reach ${endpoint}`
      this.close()
      this.host.print(TEXT.mcpSseError(detail), 'error')
      return
    }
    // readyState 0: the browser reconnects by itself; report the outage once.
    this.host.setMcp({ status: 'connecting' })
    if (!this.reportedOutage) {
      this.reportedOutage = true
      this.host.print(TEXT.mcpSseError('connection lost, reconnecting...'), 'error')
    }
  }

  private onMessage(stream: McpStream, event: string, raw: string) {
    if (!this.current(stream)) return
    let described: { summary: string; slot?: number }
    try {
      described = describeEvent(event, JSON.parse(raw) as unknown)
    } catch (err) {
      this.host.print(TEXT.mcpParseError(errorText(err)), 'error')
      return
    }
    const n: McpNotification = {
      id: ++this.notificationId,
      event: event as McpNotification['event'],
      summary: described.summary,
      receivedAt: this.host.env.now(),
    }
    const s = this.state
    this.host.setMcp({
      notifications: [...s.notifications, n].slice(-MCP_NOTIFICATION_LIMIT),
      ...(described.slot !== undefined && { lastSlot: Math.max(described.slot, s.lastSlot ?? 0) }),
    })
    if (event === 'message') this.host.print(`[MCP] ${described.summary}`)
    else if (s.subscriptions.some((x) => x.type === event))
      this.host.print(`[MCP] ${event}: ${described.summary}`)
  }

  private requireConnection(): boolean {
    if (this.state.status === 'connected') return true
    this.host.print(TEXT.mcpNotConnected, 'error')
    return false
  }

  private status() {
    const s = this.state
    const { print } = this.host
    if (s.status === 'disconnected') {
      print(TEXT.mcpNoServer, 'error')
      return
    }
    print(`MCP status: ${s.status === 'connected' ? 'CONNECTED' : 'RECONNECTING'}`)
    print(`  Endpoint: ${s.endpoint}`)
    print(`  Latest slot: ${s.lastSlot ?? 'none yet'}`)
    print(
      `  Subscriptions: ${s.subscriptions.length ? s.subscriptions.map((x) => `${x.type} (${x.id})`).join(', ') : 'none'}`,
    )
    print(`  Notifications: ${s.notifications.length} (last ${MCP_NOTIFICATION_LIMIT} kept)`)
  }

  private notifications() {
    const list = this.state.notifications
    if (!list.length) {
      this.host.print('No MCP notifications received yet.')
      return
    }
    this.host.print(`Last ${list.length} MCP notification(s):`)
    for (const n of list) {
      this.host.print(
        `  [${new Date(n.receivedAt).toISOString().slice(11, 19)}] ${n.event}: ${n.summary}`,
      )
    }
  }

  private subscribe(rawType?: string) {
    if (!this.requireConnection()) return
    const type = rawType?.toLowerCase()
    if (!type || !(MCP_EVENT_TYPES as readonly string[]).includes(type)) {
      this.host.print(
        `Error: Invalid subscription type '${rawType ?? ''}'. Available: ${MCP_EVENT_TYPES.join(', ')}`,
        'error',
      )
      return
    }
    const s = this.state
    const existing = s.subscriptions.find((x) => x.type === type)
    if (existing) {
      this.host.print(`Already subscribed to ${type} (id: ${existing.id}).`)
      return
    }
    const id = `sub-${Math.floor(this.host.env.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`
    this.host.setMcp({ subscriptions: [...s.subscriptions, { id, type: type as McpEventType }] })
    this.host.print(`[MCP] Subscribed to ${type} (id: ${id}).`, 'success')
  }

  private unsubscribe(id?: string) {
    if (!this.requireConnection()) return
    if (!id) {
      this.host.print('Error: Please provide a subscription id.', 'error')
      return
    }
    const s = this.state
    const found = s.subscriptions.find((x) => x.id.toLowerCase() === id.toLowerCase())
    if (!found) {
      this.host.print(`Error: No subscription with id '${id}'.`, 'error')
      return
    }
    this.host.setMcp({ subscriptions: s.subscriptions.filter((x) => x !== found) })
    this.host.print(`[MCP] Unsubscribed from ${found.type} (id: ${found.id}).`, 'success')
  }

  private request(rawMethod?: string) {
    if (!this.requireConnection()) return
    if (!rawMethod) {
      this.host.print('Error: Please provide a method name, e.g. mcp request getSlot', 'error')
      return
    }
    const method = MCP_METHODS.find((m) => m.toLowerCase() === rawMethod.toLowerCase())
    const id = ++this.requestId
    this.host.print(
      `[MCP] -> ${JSON.stringify({ jsonrpc: '2.0', id, method: method ?? rawMethod })}`,
    )
    if (!method) {
      this.host.print(`[MCP] <- error -32601: Method not found: ${rawMethod}`, 'error')
      return
    }
    const slot = this.state.lastSlot ?? 0
    const results: Record<(typeof MCP_METHODS)[number], unknown> = {
      getSlot: slot,
      getBlockHeight: Math.max(0, slot - 18_240_000),
      getEpochInfo: {
        epoch: Math.floor(slot / 432_000),
        slotIndex: slot % 432_000,
        slotsInEpoch: 432_000,
        absoluteSlot: slot,
      },
      getHealth: 'ok',
      getVersion: { 'solana-core': '2.1.21', 'feature-set': 1416569292 },
    }
    this.host.print(
      `[MCP] <- ${JSON.stringify({ jsonrpc: '2.0', id, result: results[method] })}`,
      'success',
    )
  }

  private tx(signature?: string) {
    const { print } = this.host
    if (!signature) {
      print(TEXT.txNeedsSignature, 'error')
      return
    }
    if (!this.requireConnection()) return
    const real = signature.length >= REAL_SIGNATURE_MIN_LENGTH
    const id = real ? signature : demoSignature(signature)
    if (!real) print(`'${signature}' is not a full signature; using demo transaction id ${id}`)
    const slot = this.state.lastSlot ?? 0
    print(`[MCP] Transaction ${id}`)
    print(`  Status: ${real ? 'Finalized' : 'Finalized (demo)'}`)
    print(`  Slot: ${slot || 'unknown'}`)
    print('  Fee: 0.000005 SOL')
    print(`  Block time: ${new Date(this.host.env.now()).toISOString()}`)
  }
}
