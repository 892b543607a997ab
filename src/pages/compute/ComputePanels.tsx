import styled, { useTheme } from 'styled-components'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Panel } from '../../ui/Panel'
import { ProgressBar } from '../../ui/ProgressBar'
import { computeLoadPercent, formatPower, powerClass } from '../analytics/swarmSummary'
import { formatClock } from '../../ui/format'
import { loadTone, type ComputeNode, type Warning } from './computeData'
import { stackList } from '../../ui/stackList'

const List = styled.ul`
  ${stackList(12)}
`
const Row = styled.li`
  display: flex;
  flex-direction: column;
  gap: 5px;
`
const RowHead = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  font-size: 12px;
  span:last-child {
    color: ${(p) => p.theme.color.muted};
    font-size: 11px;
  }
`
const BarLine = styled.div`
  display: grid;
  grid-template-columns: 54px 1fr 48px;
  align-items: center;
  gap: 8px;
  font-size: 11px;
  color: ${(p) => p.theme.color.muted};
  font-variant-numeric: tabular-nums;
  span:last-child {
    text-align: right;
    color: ${(p) => p.theme.color.text};
  }
`

function Bar({ name, value, label }: { name: string; value: number; label: string }) {
  const theme = useTheme()
  return (
    <BarLine>
      <span>{name}</span>
      <ProgressBar value={value} label={label} color={theme.color[loadTone(value)]} />
      <span>{value.toFixed(1)}%</span>
    </BarLine>
  )
}

/** Swarm compute load (processingPower / 10000) and every node's load and memory bars. */
export function ResourceAllocation({
  nodes,
  processingPower,
}: {
  nodes: ComputeNode[]
  processingPower: number
}) {
  return (
    <Panel title="Resource Allocation">
      <List>
        <Row>
          <RowHead>
            <span>Swarm compute</span>
            <span>
              {formatPower(processingPower)} · {powerClass(processingPower)}
            </span>
          </RowHead>
          <Bar name="Load" value={computeLoadPercent(processingPower)} label="Swarm compute load" />
        </Row>
        {nodes.map((n) => (
          <Row key={n.id}>
            <RowHead>
              <span>
                {n.id} · {n.type}
              </span>
              <span>{n.status === 'online' ? `${n.jobs} jobs` : 'maintenance'}</span>
            </RowHead>
            <Bar name="Load" value={n.load} label={`${n.id} load allocation`} />
            <Bar name="Memory" value={n.memory} label={`${n.id} memory allocation`} />
          </Row>
        ))}
      </List>
    </Panel>
  )
}

const WarningItem = styled.li<{ $critical: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: start;
  gap: 4px 10px;
  padding: 8px 10px;
  border-left: 2px solid ${(p) => (p.$critical ? p.theme.color.red : p.theme.color.yellow)};
  background: rgba(255, 255, 255, 0.02);
  time {
    grid-column: 2;
    color: ${(p) => p.theme.color.muted};
    font-size: 11px;
  }
`
const Empty = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
`
const Footer = styled.div`
  margin-top: 12px;
  display: flex;
  justify-content: flex-end;
`

/**
 * PRODUCT.md §2: the five latest warnings and a 'View All Alerts' button that does nothing (yet).
 */
export function SystemWarnings({ warnings }: { warnings: Warning[] }) {
  return (
    <Panel title="System Warnings">
      {warnings.length === 0 ? (
        <Empty>No active warnings</Empty>
      ) : (
        <List aria-label="System warnings" style={{ gap: 8 }}>
          {warnings.map((w) => (
            <WarningItem key={w.id} $critical={w.level === 'critical'} data-testid="warning">
              <Badge $tone={w.level === 'critical' ? 'red' : 'yellow'}>{w.level}</Badge>
              <span>{w.message}</span>
              <time dateTime={new Date(w.timestamp).toISOString()}>{formatClock(w.timestamp)}</time>
            </WarningItem>
          ))}
        </List>
      )}
      <Footer>
        <Button $variant="ghost" $size="sm">
          View All Alerts
        </Button>
      </Footer>
    </Panel>
  )
}
