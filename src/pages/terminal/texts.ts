/**
 * Terminal constants (PRODUCT.md §9) and every user-visible text of the command line
 * (PRODUCT.md §5, §8).
 */
import { apiPaths } from '../../contracts/apiPaths'

export const HISTORY_LIMIT = 50
export const MCP_NOTIFICATION_LIMIT = 10
/** Oldest lines are dropped past this, so a busy subscription cannot grow the page without bound. */
export const MAX_LINES = 500
export const PING_COUNT = 4
export const PING_INTERVAL_MS = 500
export const LOGIN_DELAY_MS = 1500
export const SYNC_STEP_MS = 800
export const SYNC_STEP_PERCENT = 10
/** ARCHITECTURE.md §7 "Terminal commands": the server's own SSE stream. */
export const DEFAULT_MCP_ENDPOINT = apiPaths.mcp.sse.url()
/**
 * A Solana signature is 87–88 base58 characters; PRODUCT.md §5 treats anything longer than this as
 * real.
 */
export const REAL_SIGNATURE_MIN_LENGTH = 21

export const PROMPT = 'vpos:~$'

export const COMMANDS = [
  'help',
  'clear',
  'status',
  'login',
  'logout',
  'blockchain',
  'ping',
  'agents',
  'history',
  'mcp',
] as const
export const SUBSYSTEMS = ['core', 'compute', 'database', 'analytics'] as const
export const BLOCKCHAIN_OPS = ['status', 'sync', 'token'] as const
export const MCP_SUBCOMMANDS = [
  'connect',
  'disconnect',
  'status',
  'subscribe',
  'unsubscribe',
  'request',
  'tx',
  'notifications',
  'help',
] as const
export const MCP_EVENT_TYPES = ['blocks', 'slots', 'transactions'] as const
export type McpEventType = (typeof MCP_EVENT_TYPES)[number]
/** Simulated `mcp request` methods (matched case-insensitively). */
export const MCP_METHODS = [
  'getSlot',
  'getBlockHeight',
  'getEpochInfo',
  'getHealth',
  'getVersion',
] as const

export const TEXT = {
  welcome: 'vPOS Terminal v1.0.0 - secure command interface',
  welcomeHint: "Type 'help' for available commands.",
  commandNotFound: (cmd: string) =>
    `Command not found: ${cmd}. Type 'help' for available commands.`,
  invalidSubsystem:
    'Error: Invalid subsystem. Available options: core, compute, database, analytics',
  unknownBlockchainOp: (op: string) =>
    `Error: Unknown blockchain operation '${op}'. Available: status, sync, token`,
  txNeedsSignature: 'Error: Please provide a transaction signature/hash.',
  unknownMcp: (x: string) => `Unknown MCP command: ${x}. Type 'mcp help' for available commands.`,
  mcpNotConnected: "[MCP] Not connected. Please connect first using 'mcp connect'.",
  mcpConnected: 'Successfully connected to Solana MCP server!',
  mcpSseError: (detail: string) => `[MCP] SSE error: ${detail}`,
  mcpParseError: (detail: string) => `[MCP] Failed to parse message: ${detail}`,
  mcpConnectFailed: (detail: string) => `[MCP] Failed to connect: ${detail}`,
  mcpNoServer: 'Not connected to any MCP server.',
} as const

export const HELP_LINES = [
  'Available commands:',
  '  help                     Show this help',
  '  clear                    Clear the terminal',
  '  status                   Show system status',
  '  login <subsystem>        Log in: core, compute, database, analytics',
  '  logout                   Log out of the current subsystem',
  '  blockchain <operation>   Blockchain: status, sync, token',
  '  ping                     Ping the vPOS core node',
  '  agents                   Show swarm agent statistics',
  '  history                  Show command history',
  "  mcp <command>            Solana MCP client (type 'mcp help')",
  'Keys: Up/Down recall history, Tab completes.',
]

export const MCP_HELP_LINES = [
  'MCP commands:',
  `  mcp connect [url]           Connect to the MCP event stream (default ${DEFAULT_MCP_ENDPOINT})`,
  '  mcp disconnect              Close the MCP connection',
  '  mcp status                  Show the connection status',
  '  mcp subscribe <type>        Subscribe to blocks, slots or transactions',
  '  mcp unsubscribe <id>        Cancel a subscription',
  `  mcp request <method>        Send a request (${MCP_METHODS.join(', ')})`,
  '  mcp tx <signature>          Look up a transaction',
  '  mcp notifications           Show the last 10 notifications',
  '  mcp help                    Show this help',
]
