import { Badge } from '../../ui/Badge'
import { Card, CardGrid } from '../../ui/Card'
import { ProgressBar } from '../../ui/ProgressBar'
import type { TerminalState } from './types'
import { useTheme } from 'styled-components'

/** The terminal's status cards: system, session, blockchain sync and the MCP feed. */
// eslint-disable-next-line max-lines-per-function -- 95 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function StatusCards({
  state,
  agentsActive,
}: {
  state: TerminalState
  agentsActive: number
}) {
  const { color } = useTheme()
  const { sync, mcp } = state
  const mcpText =
    mcp.status === 'connected'
      ? 'CONNECTED'
      : mcp.status === 'connecting'
        ? 'CONNECTING'
        : 'OFFLINE'
  return (
    <CardGrid $min={170} role="group" aria-label="Terminal status">
      <Card
        label="System"
        value="ONLINE"
        tone={color.green}
        foot={`${agentsActive} agents active`}
      />
      <Card
        label="Session"
        value={state.subsystem ? state.subsystem.toUpperCase() : 'GUEST'}
        tone={state.subsystem ? color.accent : color.muted}
        foot={
          state.loginPending
            ? `Authenticating: ${state.loginPending}...`
            : state.subsystem
              ? 'Authenticated'
              : "Use 'login <subsystem>'"
        }
      />
      <Card
        label="Blockchain"
        value={
          sync.status === 'synced'
            ? 'SYNCED'
            : sync.status === 'syncing'
              ? `${sync.progress}%`
              : 'NOT SYNCED'
        }
        tone={
          sync.status === 'synced'
            ? color.green
            : sync.status === 'syncing'
              ? color.yellow
              : color.amber
        }
        foot={sync.status === 'syncing' ? 'Synchronizing...' : 'Solana mainnet-beta'}
      >
        {sync.status === 'syncing' && (
          <ProgressBar
            value={sync.progress}
            label="Blockchain sync progress"
            color={color.yellow}
          />
        )}
      </Card>
      <Card
        label="MCP Feed"
        value={mcpText}
        tone={
          mcp.status === 'connected'
            ? color.green
            : mcp.status === 'connecting'
              ? color.yellow
              : color.muted
        }
        foot={
          mcp.endpoint ? (
            <>
              {mcp.endpoint}
              {mcp.lastSlot !== null && <> · slot {mcp.lastSlot}</>}
            </>
          ) : (
            'Not connected'
          )
        }
      >
        {mcp.subscriptions.length > 0 && (
          <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            {mcp.subscriptions.map((s) => (
              <Badge key={s.id} $tone="blue">
                {s.type}
              </Badge>
            ))}
          </div>
        )}
      </Card>
    </CardGrid>
  )
}
