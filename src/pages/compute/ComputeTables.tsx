import styled, { useTheme } from 'styled-components'
import { Badge, type Tone } from '../../ui/Badge'
import { ProgressBar } from '../../ui/ProgressBar'
import { Table, type Column } from '../../ui/Table'
import {
  formatEta,
  loadTone,
  type ComputeNode,
  type ComputeTask,
  type NodeStatus,
  type Priority,
} from './computeData'

const PRIORITY_TONE: Record<Priority, Tone> = { high: 'red', medium: 'yellow', low: 'green' }
const NODE_TONE: Record<NodeStatus, Tone> = { online: 'green', maintenance: 'amber' }

const MeterBox = styled.div`
  display: grid;
  grid-template-columns: 64px 48px;
  align-items: center;
  gap: 8px;
  font-variant-numeric: tabular-nums;
`

/** A short bar with its percentage; `colored` applies the PRODUCT.md §9 load colours. */
function Meter({
  value,
  label,
  colored = true,
}: {
  value: number
  label: string
  colored?: boolean
}) {
  const theme = useTheme()
  return (
    <MeterBox>
      <ProgressBar
        value={value}
        label={label}
        color={colored ? theme.color[loadTone(value)] : theme.color.accent}
      />
      <span>{value.toFixed(1)}%</span>
    </MeterBox>
  )
}

export function NodesTable({ rows }: { rows: ComputeNode[] }) {
  const columns: Column<ComputeNode>[] = [
    { key: 'id', header: 'Node', cell: (r) => r.id },
    { key: 'type', header: 'Type', cell: (r) => r.type },
    { key: 'load', header: 'Load', cell: (r) => <Meter value={r.load} label={`${r.id} load`} /> },
    { key: 'cores', header: 'Cores', cell: (r) => r.cores },
    { key: 'memory', header: 'Memory', cell: (r) => `${r.memory.toFixed(1)}% of ${r.memoryGb} GB` },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => <Badge $tone={NODE_TONE[r.status]}>{r.status}</Badge>,
    },
    { key: 'location', header: 'Location', cell: (r) => r.location },
    { key: 'jobs', header: 'Jobs', cell: (r) => r.jobs },
  ]
  return <Table caption="Compute nodes" columns={columns} rows={rows} rowKey={(r) => r.id} />
}

export function TasksTable({ rows }: { rows: ComputeTask[] }) {
  const columns: Column<ComputeTask>[] = [
    { key: 'id', header: 'ID', cell: (r) => r.id },
    { key: 'name', header: 'Task', cell: (r) => r.name },
    { key: 'node', header: 'Node', cell: (r) => r.node },
    {
      key: 'progress',
      header: 'Progress',
      cell: (r) => <Meter value={r.progress} label={`${r.id} progress`} colored={false} />,
    },
    { key: 'eta', header: 'ETA', cell: (r) => formatEta(r.eta) },
    {
      key: 'priority',
      header: 'Priority',
      cell: (r) => <Badge $tone={PRIORITY_TONE[r.priority]}>{r.priority}</Badge>,
    },
  ]
  return <Table caption="Active tasks" columns={columns} rows={rows} rowKey={(r) => r.id} />
}
