import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { withQueries } from '../../api/withQueries'
import { media } from '../../ui/theme'

import { Button } from '../../ui/Button'
import { CopyButton } from '../../ui/CopyButton'
import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import { createBrowserEnv } from './browserEnv'
import { NotificationsPanel } from './NotificationsPanel'
import { TerminalSession } from './session'
import { StatusCards } from './StatusCards'
import { TerminalConsole } from './TerminalConsole'
import { useSwarmStore } from '../../state/swarmStoreContext'

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 320px;
  gap: 16px;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`
const Actions = styled.div`
  display: flex;
  gap: 6px;
  flex-wrap: wrap;
`

/**
 * Terminal (PRODUCT.md §2): command line, status cards, MCP feed connect/disconnect, Clear
 * Terminal.
 */
function TerminalPage() {
  const store = useSwarmStore()
  const queryClient = useQueryClient()
  const [session] = useState(() => new TerminalSession(createBrowserEnv(store, queryClient)))
  const state = useSyncExternalStore(session.subscribe, session.getState)
  const { metrics } = useSnapshot(store.swarm)
  useEffect(() => () => session.dispose(), [session])

  const mcpOpen = state.mcp.status !== 'disconnected'
  const transcript = state.lines.map((l) => l.text).join('\n')

  return (
    <PageLayout
      title="Terminal"
      subtitle="vPOS secure command interface"
      actions={
        <Actions>
          <Button
            $variant={mcpOpen ? 'danger' : undefined}
            onClick={() => session.submit(mcpOpen ? 'mcp disconnect' : 'mcp connect')}
          >
            {mcpOpen ? 'Disconnect MCP' : 'Connect MCP'}
          </Button>
          <Button $variant="ghost" onClick={() => session.clear()}>
            Clear Terminal
          </Button>
        </Actions>
      }
    >
      <StatusCards state={state} agentsActive={metrics.activeAgents} />
      <Grid>
        <Panel
          title="Command Line"
          actions={
            <CopyButton text={transcript} label="Copy terminal output">
              Copy Output
            </CopyButton>
          }
        >
          <TerminalConsole session={session} lines={state.lines} history={state.history} />
        </Panel>
        <NotificationsPanel notifications={state.mcp.notifications} />
      </Grid>
    </PageLayout>
  )
}

export default withQueries(TerminalPage)
