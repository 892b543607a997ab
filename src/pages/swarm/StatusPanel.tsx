import { useState } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'

import { ProgressBar } from '../../ui/ProgressBar'
import { usePolled } from './hooks'
import { OverlayPanel, Row } from './OverlayPanel'
import {
  TONE_HEX,
  computeLoadPercent,
  energyTone,
  latencyText,
  processingPowerText,
  systemHealthPercent,
} from './ratings'
import { useFeedConnection } from './FeedBadge'
import { dataSourceText, shownSwarm } from './statusWords'
import { swarmFigures } from './swarmReadings'
import { useSwarmStore } from '../../state/swarmStoreContext'
import { formatNumber } from '../../ui/format'

const List = styled.dl`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`
const Sub = styled.span`
  color: ${(p) => p.theme.color.muted};
  font-size: 10px;
  margin-left: 6px;
`
const BarRow = styled(Row)`
  align-items: center;
  padding-bottom: 6px;
  dd {
    flex: 1;
    max-width: 60%;
  }
`

/**
 * PRODUCT.md §2 system status panel: swarm-wide figures (collapsible; the page hides it on mobile).
 */
// eslint-disable-next-line max-lines-per-function -- 90 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function StatusPanel() {
  const store = useSwarmStore()
  const s = useSnapshot(store.swarm)
  const connection = useFeedConnection()
  const [collapsed, setCollapsed] = useState(false)
  const figures = usePolled(
    () => swarmFigures(store),
    1000,
    s.snapshots.activeSnapshotId ?? s.source,
  )
  const m = s.metrics
  const agents = figures.count
  const health = systemHealthPercent(agents, s.failingCount)
  const load = computeLoadPercent(m.processingPower)
  const source = dataSourceText(shownSwarm(s), connection)
  return (
    <OverlayPanel
      title="System Status"
      collapsed={collapsed}
      onToggle={() => setCollapsed((c) => !c)}
      testId="system-status"
    >
      <List>
        <Row>
          <dt>Network</dt>
          <dd style={{ color: s.isActive ? TONE_HEX.brightGreen : TONE_HEX.amber }}>
            {s.isActive ? 'ACTIVE' : 'STANDBY'}
          </dd>
        </Row>
        <Row>
          <dt>Data source</dt>
          <dd data-testid="data-source">{source}</dd>
        </Row>
        <Row>
          <dt>Agents</dt>
          <dd>
            {m.activeAgents} / {agents}
            <Sub>active</Sub>
          </dd>
        </Row>
        <Row>
          <dt>Failing</dt>
          <dd
            data-testid="failing-count"
            style={{ color: s.failingCount > 0 ? TONE_HEX.red : undefined }}
          >
            {s.failingCount}
          </dd>
        </Row>
        <Row>
          <dt>System health</dt>
          <dd>{health.toFixed(1)}%</dd>
        </Row>
        <Row>
          <dt>Efficiency</dt>
          <dd>{s.efficiency}%</dd>
        </Row>
        <Row>
          <dt>Avg energy</dt>
          <dd style={{ color: TONE_HEX[energyTone(figures.averageEnergy)] }}>
            {figures.averageEnergy.toFixed(1)}%
          </dd>
        </Row>
        <Row>
          <dt>Processing</dt>
          <dd>
            {formatNumber(m.processingPower)} TF/s
            <Sub>{processingPowerText(m.processingPower)}</Sub>
          </dd>
        </Row>
        <BarRow>
          <dt>Compute load</dt>
          <dd>
            <ProgressBar value={load} label="Compute load" height={4} />
          </dd>
        </BarRow>
        <Row>
          <dt>Latency</dt>
          <dd>
            {m.networkLatency.toFixed(0)}ms
            <Sub>{latencyText(m.networkLatency)}</Sub>
          </dd>
        </Row>
        <Row>
          <dt>Nodes</dt>
          <dd>{s.nodeCount}</dd>
        </Row>
        <Row>
          <dt>Tasks done</dt>
          <dd>{m.completedTasks}</dd>
        </Row>
      </List>
    </OverlayPanel>
  )
}
