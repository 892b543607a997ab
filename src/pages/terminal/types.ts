import type { MarketTokenResponse } from '../../contracts/market'
import type { McpEventType } from './texts'

/** PRODUCT.md §3 Terminal line. */
export type LineType = 'input' | 'output' | 'error' | 'success'
export interface TerminalLine {
  id: number
  text: string
  type: LineType
}

/** One event received from the MCP stream (default message or a named event). */
export interface McpNotification {
  id: number
  event: 'message' | McpEventType
  summary: string
  /** ms timestamp from the session clock */
  receivedAt: number
}
interface McpSubscription {
  id: string
  type: McpEventType
}
/**
 * PRODUCT.md §3 MCP state: endpoint, isConnected (status 'connected'), notifications (last 10),
 * subscriptions.
 */
export interface McpState {
  endpoint: string | null
  status: 'disconnected' | 'connecting' | 'connected'
  notifications: McpNotification[]
  subscriptions: McpSubscription[]
  /** newest slot seen on the stream, for the simulated requests */
  lastSlot: number | null
}

interface SyncState {
  status: 'idle' | 'syncing' | 'synced'
  /** 0..100 in steps of 10 */
  progress: number
  lastSyncAt: number | null
}

export interface TerminalState {
  lines: TerminalLine[]
  /** oldest first, at most HISTORY_LIMIT */
  history: string[]
  /** logged-in subsystem, null for guest */
  subsystem: string | null
  /** subsystem whose login simulation is running */
  loginPending: string | null
  sync: SyncState
  mcp: McpState
  startedAt: number
}

export interface AgentSummary {
  total: number
  active: number
  failing: number
  processingPower: number
  /** one decimal, e.g. '97.3' */
  efficiency: string
  source: 'sim' | 'live'
}

/** The live stream behind `mcp connect` (an EventSource in the browser, a fake in tests). */
export interface McpStream {
  /** 0 connecting, 1 open, 2 closed (EventSource readyState) */
  readonly readyState: number
  close(): void
}
export interface McpStreamHandlers {
  open(): void
  error(): void
  /** `event` is 'message' for default messages, else the named event */
  message(event: string, data: string): void
}

/** Everything the interpreter needs from the outside world; tests inject fakes. */
export interface TerminalEnv {
  /** runs fn after ms on the page clock; returns a cancel function */
  schedule(fn: () => void, ms: number): () => void
  now(): number
  random(): number
  /** may throw (bad URL): reported as '[MCP] Failed to connect: ...' */
  openMcpStream(url: string, handlers: McpStreamHandlers, events: readonly string[]): McpStream
  agents(): AgentSummary
  tokenInfo(): Promise<MarketTokenResponse>
}
