import styled from 'styled-components'
import { Badge, type Tone } from '../../ui/Badge'
import { Panel } from '../../ui/Panel'
import { MCP_NOTIFICATION_LIMIT } from './texts'
import type { McpNotification } from './types'
import { stackList } from '../../ui/stackList'

const List = styled.ol`
  ${stackList(6)}
`
const Item = styled.li`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px 8px;
  align-items: baseline;
  font-size: 11.5px;
  padding-bottom: 6px;
  border-bottom: 1px solid rgba(255, 255, 255, 0.04);
`
const Time = styled.time`
  color: ${(p) => p.theme.color.muted};
`
const Summary = styled.span`
  grid-column: 1 / -1;
  overflow-wrap: anywhere;
`
const Empty = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
  font-size: 12px;
`
const TONE: Record<McpNotification['event'], Tone> = {
  message: 'accent',
  blocks: 'purple',
  slots: 'blue',
  transactions: 'amber',
}

/** The last 10 MCP notifications, newest first. */
export function NotificationsPanel({ notifications }: { notifications: McpNotification[] }) {
  return (
    <Panel title={`MCP Notifications (last ${MCP_NOTIFICATION_LIMIT})`}>
      {notifications.length === 0 ? (
        <Empty>
          No notifications yet. Connect the MCP feed to receive blocks, slots and transactions.
        </Empty>
      ) : (
        <List aria-label="MCP notifications">
          {[...notifications].reverse().map((n) => {
            const iso = new Date(n.receivedAt).toISOString()
            return (
              <Item key={n.id}>
                <Badge $tone={TONE[n.event]}>{n.event}</Badge>
                <Time dateTime={iso}>{iso.slice(11, 19)} UTC</Time>
                <Summary>{n.summary}</Summary>
              </Item>
            )
          })}
        </List>
      )}
    </Panel>
  )
}
