import { useEffect, useState, type ReactNode } from 'react'
import styled, { useTheme } from 'styled-components'
import { subscribe, useSnapshot } from 'valtio'
import { media } from '../../ui/theme'
import { TYPE_COLORS } from '../../sim/agents'
import { createRng } from '../../sim/random'
import { AGENT_TYPE } from '../../sim/types'

import { currentSwarmParams } from '../../state/urlParams'
import { Button } from '../../ui/Button'
import { Card, CardGrid } from '../../ui/Card'
import { ErrorBoundary } from '../../ui/ErrorBoundary'
import { ErrorText, PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import {
  countAgentTypes,
  formatHM,
  performanceSeries,
  resourceSeries,
  tasksInSeries,
  trafficSeries,
  type PerformancePoint,
  type TypeCount,
} from './analyticsData'
import { CategoryBarChart, GroupedBarChart } from './charts/BarCharts'
import { LineChart } from './charts/LineChart'
import {
  formatLatency,
  formatPercent,
  formatPower,
  latencyClass,
  powerClass,
  systemHealthPercent,
} from './swarmSummary'
import { useSwarmStore } from '../../state/swarmStoreContext'
import type { SwarmStore } from '../../state/swarmStore'
import { formatNumber } from '../../ui/format'

/** Salt on `?seed=` so this screen's demo series are their own stream. */
const SEED_SALT = 0xa1
/** How often the agent type distribution is recounted from the swarm. */
const TYPE_COUNT_MS = 5000
const CHART_HEIGHT = 240

const Charts = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 16px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`

const hex = (n: number) => `#${n.toString(16).padStart(6, '0')}`
const typeColor = (t: TypeCount) =>
  hex(TYPE_COLORS[AGENT_TYPE[t.type]] ?? TYPE_COLORS[AGENT_TYPE.other]!)
const typeLabel = (t: TypeCount) => t.type.charAt(0).toUpperCase() + t.type.slice(1)

function readTypes(store: SwarmStore): TypeCount[] {
  return countAgentTypes(store.display.buffers.type, store.display.buffers.count)
}

function SummaryCards({ performance }: { performance: PerformancePoint[] }) {
  const store = useSwarmStore()
  const theme = useTheme()
  const snap = useSnapshot(store.swarm)
  const { totalAgents, processingPower, networkLatency, completedTasks } = snap.metrics
  const health = systemHealthPercent(totalAgents, snap.failingCount)
  const latency = latencyClass(networkLatency)
  const power = powerClass(processingPower)
  const healthColor =
    health >= 95 ? theme.color.green : health >= 80 ? theme.color.yellow : theme.color.red
  return (
    <CardGrid $min={160}>
      <Card
        label="System Health"
        value={<span data-testid="card-health">{formatPercent(health)}</span>}
        tone={healthColor}
        foot={`${totalAgents - Math.min(totalAgents, snap.failingCount)}/${totalAgents} agents operational`}
      />
      <Card
        label="Processing Power"
        value={<span data-testid="card-power">{formatPower(processingPower)}</span>}
        foot={<span data-testid="card-power-class">{power}</span>}
      />
      <Card
        label="Network Latency"
        value={<span data-testid="card-latency">{formatLatency(networkLatency)}</span>}
        tone={latency === 'Degraded' ? theme.color.red : undefined}
        foot={<span data-testid="card-latency-class">{latency}</span>}
      />
      <Card
        label="Tasks Completed"
        value={
          <span data-testid="card-tasks">
            {formatNumber(tasksInSeries(performance) + completedTasks)}
          </span>
        }
        foot={`last 24 h · ${completedTasks} this session`}
      />
    </CardGrid>
  )
}

function ChartBoundary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(e, retry) => (
        <Panel title={title} role="alert">
          <ErrorText>Chart failed to render: {e.message}</ErrorText>
          <p>
            <Button onClick={retry}>Retry</Button>
          </p>
        </Panel>
      )}
    >
      {children}
    </ErrorBoundary>
  )
}

/** Analytics: swarm summary cards and four demo charts (visx), responsive, with tooltips. */
// eslint-disable-next-line max-lines-per-function -- 131 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export default function AnalyticsPage() {
  const store = useSwarmStore()
  const theme = useTheme()
  const [series] = useState(() => {
    const rng = createRng(currentSwarmParams().seed + SEED_SALT)
    const now = Date.now()
    return {
      performance: performanceSeries(rng, now),
      resources: resourceSeries(rng, now),
      traffic: trafficSeries(rng, now),
    }
  })
  const [types, setTypes] = useState<TypeCount[]>(() => readTypes(store))
  useEffect(() => {
    const timer = setInterval(() => setTypes(readTypes(store)), TYPE_COUNT_MS)
    // The displayed swarm can arrive after this page (the sim worker's first frame): until it has
    // agents, read again on each of the store's panel syncs rather than waiting 5 s.
    const unsubscribe = subscribe(store.swarm, () =>
      setTypes((prev) => (prev.some((t) => t.count > 0) ? prev : readTypes(store))),
    )
    return () => {
      clearInterval(timer)
      unsubscribe()
    }
  }, [store])
  const totalTyped = types.reduce((s, t) => s + t.count, 0)
  const pct = (v: number) => `${v.toFixed(1)}%`

  return (
    <PageLayout title="Analytics" subtitle="Swarm performance metrics">
      <SummaryCards performance={series.performance} />
      <Charts>
        <ChartBoundary title="Performance (24h)">
          <Panel title="Performance (24h)">
            <LineChart
              data={series.performance}
              label="Performance over the last 24 hours, hourly"
              xLabel="Hour"
              yLabel="Percent"
              height={CHART_HEIGHT}
              formatValue={pct}
              formatTime={formatHM}
              series={[
                {
                  key: 'efficiency',
                  label: 'Efficiency',
                  color: theme.color.accent,
                  value: (d) => d.efficiency,
                  area: true,
                },
                { key: 'load', label: 'Load', color: theme.color.purple, value: (d) => d.load },
              ]}
            />
          </Panel>
        </ChartBoundary>
        <ChartBoundary title="Agent Type Distribution">
          <Panel title="Agent Type Distribution">
            <CategoryBarChart
              data={types}
              label="Agents per type"
              xLabel="Agent type"
              yLabel="Agents"
              height={CHART_HEIGHT}
              category={typeLabel}
              value={(t) => t.count}
              color={typeColor}
              rows={(t) => [
                {
                  label: 'Agents',
                  value: `${t.count} (${totalTyped > 0 ? ((t.count / totalTyped) * 100).toFixed(1) : '0.0'}%)`,
                  color: typeColor(t),
                },
              ]}
            />
          </Panel>
        </ChartBoundary>
        <ChartBoundary title="Resource Utilization">
          <Panel title="Resource Utilization">
            <LineChart
              data={series.resources}
              label="Resource utilization, last hour at 5 minute steps"
              xLabel="Time"
              yLabel="Utilization %"
              height={CHART_HEIGHT}
              formatValue={pct}
              formatTime={formatHM}
              series={[
                { key: 'cpu', label: 'CPU', color: theme.color.blue, value: (d) => d.cpu },
                {
                  key: 'memory',
                  label: 'Memory',
                  color: theme.color.green,
                  value: (d) => d.memory,
                },
                {
                  key: 'network',
                  label: 'Network',
                  color: theme.color.amber,
                  value: (d) => d.network,
                },
              ]}
            />
          </Panel>
        </ChartBoundary>
        <ChartBoundary title="Network Traffic">
          <Panel title="Network Traffic">
            <GroupedBarChart
              data={series.traffic}
              label="Network traffic, last 30 minutes at 2 minute steps"
              xLabel="Time"
              yLabel="MB/s"
              height={CHART_HEIGHT}
              formatValue={(v) => `${v.toFixed(1)} MB/s`}
              formatTime={formatHM}
              keys={[
                {
                  key: 'inbound',
                  label: 'Inbound',
                  color: theme.color.accent,
                  value: (d) => d.inbound,
                },
                {
                  key: 'outbound',
                  label: 'Outbound',
                  color: theme.color.purple,
                  value: (d) => d.outbound,
                },
              ]}
            />
          </Panel>
        </ChartBoundary>
      </Charts>
    </PageLayout>
  )
}
