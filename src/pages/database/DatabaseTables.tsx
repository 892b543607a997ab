import { Badge, type Tone } from '../../ui/Badge'
import { Table, type Column } from '../../ui/Table'
import {
  formatAge,
  formatBytes,
  formatCount,
  type DbStatus,
  type DemoDatabase,
  type Query,
  type QueryStatus,
  type Shard,
} from './databaseData'
import { formatClock } from '../../ui/format'

const STATUS_TONE: Record<DbStatus | QueryStatus, Tone> = {
  online: 'green',
  syncing: 'yellow',
  error: 'red',
  completed: 'green',
}

export function StatusBadge({ status }: { status: DbStatus | QueryStatus }) {
  return <Badge $tone={STATUS_TONE[status]}>{status}</Badge>
}

export function DatabasesTable({ rows, now }: { rows: DemoDatabase[]; now: number }) {
  const columns: Column<DemoDatabase>[] = [
    { key: 'id', header: 'ID', cell: (r) => r.id },
    { key: 'name', header: 'Name', cell: (r) => r.name },
    { key: 'type', header: 'Type', cell: (r) => r.type },
    { key: 'size', header: 'Size', cell: (r) => formatBytes(r.size) },
    { key: 'tables', header: 'Tables', cell: (r) => r.tables },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    { key: 'backup', header: 'Last Backup', cell: (r) => formatAge(r.lastBackup, now) },
  ]
  return <Table caption="Databases" columns={columns} rows={rows} rowKey={(r) => r.id} />
}

export function ShardsTable({ rows }: { rows: Shard[] }) {
  const columns: Column<Shard>[] = [
    { key: 'id', header: 'Shard', cell: (r) => r.id },
    { key: 'db', header: 'Database', cell: (r) => r.database },
    { key: 'node', header: 'Node', cell: (r) => r.node },
    { key: 'replicas', header: 'Replicas', cell: (r) => r.replicas },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    { key: 'records', header: 'Records', cell: (r) => formatCount(r.records) },
  ]
  return <Table caption="Data shards" columns={columns} rows={rows} rowKey={(r) => r.id} />
}

export function QueriesTable({ rows }: { rows: Query[] }) {
  const columns: Column<Query>[] = [
    { key: 'id', header: 'Query', cell: (r) => r.id },
    { key: 'time', header: 'Time', cell: (r) => formatClock(r.timestamp) },
    { key: 'db', header: 'Database', cell: (r) => r.database },
    { key: 'duration', header: 'Duration', cell: (r) => `${r.duration} ms` },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
  ]
  return <Table caption="Recent queries" columns={columns} rows={rows} rowKey={(r) => r.id} />
}
