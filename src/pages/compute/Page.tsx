import { useCallback, useEffect, useRef, useState } from 'react'
import styled, { useTheme } from 'styled-components'
import { useSnapshot } from 'valtio'
import { media } from '../../ui/theme'
import { createRng } from '../../sim/random'

import { currentSwarmParams } from '../../state/urlParams'
import { Button } from '../../ui/Button'
import { Card, CardGrid } from '../../ui/Card'
import { ErrorBoundary } from '../../ui/ErrorBoundary'
import { ErrorText, PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import { ProgressBar } from '../../ui/ProgressBar'
import { formatPower, powerClass } from '../analytics/swarmSummary'
import { formatClock } from '../../ui/format'
import {
  COMPUTE_REFRESH_MS,
  createClusterState,
  initialWarnings,
  loadTone,
  tickCluster,
  tickWarnings,
  type ClusterState,
  type WarningsState,
} from './computeData'
import { ResourceAllocation, SystemWarnings } from './ComputePanels'
import { NodesTable, TasksTable } from './ComputeTables'
import { useSwarmStore } from '../../state/swarmStoreContext'
import { formatNumber } from '../../ui/format'

/** Salts on `?seed=`: the cluster and the warnings are separate random streams. */
const CLUSTER_SALT = 0xc0
const WARNINGS_SALT = 0xc1

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: 16px;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`
const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`
const Updated = styled.span`
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
`

interface ComputeModel {
  cluster: ClusterState
  warnings: WarningsState
  updatedAt: number
}

/** Cluster and warnings from seeded random sources, ticked every 10 s (never in render). */
function useComputeModel(): ComputeModel {
  const [init] = useState(() => {
    const seed = currentSwarmParams().seed
    const clusterRng = createRng(seed + CLUSTER_SALT)
    const warningsRng = createRng(seed + WARNINGS_SALT)
    const now = Date.now()
    const cluster = createClusterState(clusterRng)
    const model: ComputeModel = {
      cluster,
      warnings: initialWarnings(warningsRng, cluster.nodes, now),
      updatedAt: now,
    }
    return { clusterRng, warningsRng, model }
  })
  const [model, setModel] = useState(init.model)
  const latest = useRef(init.model)
  const tick = useCallback(() => {
    const now = Date.now()
    const cluster = tickCluster(latest.current.cluster, init.clusterRng)
    const warnings = tickWarnings(latest.current.warnings, init.warningsRng, cluster.nodes, now)
    latest.current = { cluster, warnings, updatedAt: now }
    setModel(latest.current)
  }, [init])
  useEffect(() => {
    const timer = setInterval(tick, COMPUTE_REFRESH_MS)
    return () => clearInterval(timer)
  }, [tick])
  return model
}

function SummaryCards({ cluster }: { cluster: ClusterState }) {
  const store = useSwarmStore()
  const theme = useTheme()
  const { processingPower } = useSnapshot(store.swarm).metrics
  const online = cluster.nodes.filter((n) => n.status === 'online')
  const cores = online.reduce((s, n) => s + n.cores, 0)
  const memory = online.reduce((s, n) => s + n.memoryGb, 0)
  const avgLoad = online.length > 0 ? online.reduce((s, n) => s + n.load, 0) / online.length : 0
  const high = cluster.tasks.filter((t) => t.priority === 'high').length
  const loadColor = theme.color[loadTone(avgLoad)]
  return (
    <CardGrid $min={150}>
      <Card
        label="Compute Nodes"
        value={<span data-testid="nodes-online">{`${online.length}/${cluster.nodes.length}`}</span>}
        foot={`online · ${cluster.nodes.length - online.length} in maintenance`}
      />
      <Card
        label="Total Cores"
        value={formatNumber(cores)}
        foot={`${formatNumber(memory)} GB memory online`}
      />
      <Card
        label="Average Load"
        value={<span data-testid="avg-load">{avgLoad.toFixed(1)}%</span>}
        tone={loadColor}
      >
        <ProgressBar value={avgLoad} color={loadColor} label="Average load" />
      </Card>
      <Card label="Active Tasks" value={cluster.tasks.length} foot={`${high} high priority`} />
      <Card
        label="Processing Power"
        value={<span data-testid="compute-power">{formatPower(processingPower)}</span>}
        foot={`${powerClass(processingPower)} capacity`}
      />
    </CardGrid>
  )
}

function ComputeContent({ model }: { model: ComputeModel }) {
  const store = useSwarmStore()
  const { processingPower } = useSnapshot(store.swarm).metrics
  return (
    <>
      <SummaryCards cluster={model.cluster} />
      <Grid>
        <Stack>
          <Panel title="Compute Nodes">
            <NodesTable rows={model.cluster.nodes} />
          </Panel>
          <Panel title="Active Tasks">
            <TasksTable rows={model.cluster.tasks} />
          </Panel>
        </Stack>
        <Stack>
          <SystemWarnings warnings={model.warnings.warnings} />
          <ResourceAllocation nodes={model.cluster.nodes} processingPower={processingPower} />
        </Stack>
      </Grid>
    </>
  )
}

/** Compute: summary cards, nodes and tasks, allocation bars and warnings, refreshed every 10 s. */
export default function ComputePage() {
  const model = useComputeModel()
  return (
    <PageLayout
      title="Compute"
      subtitle="Compute cluster and workloads"
      actions={
        <Updated data-testid="compute-updated">Updated {formatClock(model.updatedAt)}</Updated>
      }
    >
      <ErrorBoundary
        fallback={(e, retry) => (
          <Panel title="Compute" role="alert">
            <ErrorText>Compute view failed: {e.message}</ErrorText>
            <p>
              <Button onClick={retry}>Retry</Button>
            </p>
          </Panel>
        )}
      >
        <ComputeContent model={model} />
      </ErrorBoundary>
    </PageLayout>
  )
}
