import { useCallback, useEffect, useRef, useState } from 'react'
import styled, { useTheme } from 'styled-components'
import { media } from '../../ui/theme'
import { createRng } from '../../sim/random'
import { currentSwarmParams } from '../../state/urlParams'
import { Button } from '../../ui/Button'
import { Card, CardGrid } from '../../ui/Card'
import { ErrorBoundary } from '../../ui/ErrorBoundary'
import { ErrorText, PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import { ProgressBar } from '../../ui/ProgressBar'
import {
  DATABASE_REFRESH_MS,
  createDatabaseState,
  diskTone,
  formatBytes,
  formatCount,
  refreshDatabaseState,
  type DatabaseState,
  type DbStatus,
} from './databaseData'
import { DatabasesTable, QueriesTable, ShardsTable, StatusBadge } from './DatabaseTables'
import { formatClock } from '../../ui/format'

/** Salt on `?seed=` so this screen's demo data is its own stream. */
const SEED_SALT = 0xdb

const STATUS_NOTE: Record<DbStatus, string> = {
  online: 'All storage nodes reachable',
  syncing: 'Replicas catching up',
  error: 'Cluster reports replication errors',
}

const Two = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 16px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`
const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  color: ${(p) => p.theme.color.muted};
  font-size: 11px;
`
const BigStatus = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 32px;
  & > span {
    font-size: 13px;
    padding: 3px 10px;
  }
`

/**
 * The demo cluster: created once from the page's seeded random source, refreshed every 15 s and on
 * the Refresh button. The random source is only consumed in events and timers, never in render.
 */
function useDatabaseModel() {
  const [init] = useState(() => {
    const rng = createRng(currentSwarmParams().seed + SEED_SALT)
    return { rng, state: createDatabaseState(rng, Date.now()) }
  })
  const [state, setState] = useState<DatabaseState>(init.state)
  const latest = useRef(init.state)
  const refresh = useCallback(() => {
    latest.current = refreshDatabaseState(latest.current, init.rng, Date.now())
    setState(latest.current)
  }, [init])
  useEffect(() => {
    const timer = setInterval(refresh, DATABASE_REFRESH_MS)
    return () => clearInterval(timer)
  }, [refresh])
  return { state, refresh }
}

function DatabaseContent({ state }: { state: DatabaseState }) {
  const theme = useTheme()
  const disk = state.diskUsage
  const diskColor = theme.color[diskTone(disk)]
  const totalSize = state.databases.reduce((s, d) => s + d.size, 0)
  const totalTables = state.databases.reduce((s, d) => s + d.tables, 0)
  const totalRecords = state.shards.reduce((s, d) => s + d.records, 0)
  const shardsOnline = state.shards.filter((s) => s.status === 'online').length
  return (
    <>
      <CardGrid $min={150}>
        <Card label="Cluster Status" foot={STATUS_NOTE[state.status]}>
          <BigStatus data-testid="db-status">
            <StatusBadge status={state.status} />
          </BigStatus>
        </Card>
        <Card
          label="Disk Usage"
          value={<span data-testid="db-disk">{disk.toFixed(1)}%</span>}
          tone={diskColor}
        >
          <ProgressBar value={disk} color={diskColor} label="Disk usage" />
        </Card>
        <Card
          label="Databases"
          value={state.databases.length}
          foot={`${formatBytes(totalSize)} · ${totalTables} tables`}
        />
        <Card
          label="Data Shards"
          value={state.shards.length}
          foot={`${shardsOnline} online · ${formatCount(totalRecords)} records`}
        />
      </CardGrid>
      <Panel title="Databases">
        <DatabasesTable rows={state.databases} now={state.refreshedAt} />
      </Panel>
      <Two>
        <Panel title="Data Shards">
          <ShardsTable rows={state.shards} />
        </Panel>
        <Panel title="Recent Queries">
          <QueriesTable rows={state.queries} />
        </Panel>
      </Two>
    </>
  )
}

/** Database: status cards, databases / shards / recent queries, refreshed every 15 s or on demand. */
export default function DatabasePage() {
  const { state, refresh } = useDatabaseModel()
  return (
    <PageLayout
      title="Database"
      subtitle="Distributed storage cluster"
      actions={
        <Actions>
          <span data-testid="db-refreshed">Last refresh {formatClock(state.refreshedAt)}</span>
          <Button onClick={refresh}>Refresh</Button>
        </Actions>
      }
    >
      <ErrorBoundary
        fallback={(e, retry) => (
          <Panel title="Database" role="alert">
            <ErrorText>Database view failed: {e.message}</ErrorText>
            <p>
              <Button onClick={retry}>Retry</Button>
            </p>
          </Panel>
        )}
      >
        <DatabaseContent state={state} />
      </ErrorBoundary>
    </PageLayout>
  )
}
