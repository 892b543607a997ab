import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import { media } from '../../ui/theme'
import { Badge, type Tone } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Table, type Column } from '../../ui/Table'
import { formatClock } from '../../ui/format'
import { canRepair, type ComponentHealth, type ComponentStatus } from './diagnosticsData'
import type { DiagnosticsModel, LogEntry, LogTone } from './useDiagnostics'

const STATUS_TONE: Record<ComponentStatus, Tone> = {
  operational: 'green',
  degraded: 'yellow',
  failed: 'red',
}

const Name = styled.div`
  display: flex;
  flex-direction: column;
  small {
    color: ${(p) => p.theme.color.muted};
    font-size: 11px;
  }
`
const Actions = styled.div`
  display: flex;
  gap: 6px;
  ${media.mobile} {
    flex-direction: column;
    align-items: stretch;
  }
`
const Muted = styled.span`
  color: ${(p) => p.theme.color.muted};
`

/**
 * PRODUCT.md §2 component status table; Diagnose on every row, Repair only on degraded/failed rows.
 */
export function ComponentTable({
  rows,
  busy,
  run,
}: {
  rows: ComponentHealth[]
  busy: DiagnosticsModel['busy']
  run: DiagnosticsModel['run']
}) {
  const label = (r: ComponentHealth, op: 'diagnose' | 'repair') => {
    if (busy?.id === r.id && busy.op === op)
      return op === 'diagnose' ? 'Diagnosing...' : 'Repairing...'
    return op === 'diagnose' ? 'Diagnose' : 'Repair'
  }
  const columns: Column<ComponentHealth>[] = [
    {
      key: 'component',
      header: 'Component',
      cell: (r) => (
        <Name>
          <span>{r.component}</span>
          <small>{r.id}</small>
        </Name>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => <Badge $tone={STATUS_TONE[r.status]}>{r.status}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Actions>
          <Button
            $size="sm"
            disabled={busy !== null}
            aria-label={`Diagnose ${r.id}`}
            onClick={() => run(r.id, 'diagnose')}
          >
            {label(r, 'diagnose')}
          </Button>
          {canRepair(r.status) && (
            <Button
              $size="sm"
              $variant="danger"
              disabled={busy !== null}
              aria-label={`Repair ${r.id}`}
              onClick={() => run(r.id, 'repair')}
            >
              {label(r, 'repair')}
            </Button>
          )}
        </Actions>
      ),
    },
    { key: 'message', header: 'Message', cell: (r) => r.message },
    { key: 'updated', header: 'Last Updated', cell: (r) => formatClock(r.lastUpdated) },
    { key: 'details', header: 'Details', cell: (r) => <Muted>{r.details}</Muted> },
  ]
  return <Table caption="Component status" columns={columns} rows={rows} rowKey={(r) => r.id} />
}

const LOG_COLOR: Record<LogTone, 'text' | 'green' | 'red'> = {
  info: 'text',
  success: 'green',
  alert: 'red',
}

const LogBox = styled.div`
  padding: 8px 10px;
  max-height: 220px;
  overflow-y: auto;
  background: rgba(0, 0, 0, 0.35);
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  font-size: 12px;
  line-height: 1.6;
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`
const Line = styled.li<{ $tone: LogTone }>`
  color: ${(p) => p.theme.color[LOG_COLOR[p.$tone]]};
  overflow-wrap: anywhere;
  time {
    color: ${(p) => p.theme.color.muted};
  }
`

/** The diagnostics log: newest last, scrolled to the bottom as lines arrive. */
export function DiagnosticsLog({ entries }: { entries: LogEntry[] }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (el) el.scrollTop = el.scrollHeight
  }, [entries])
  return (
    <LogBox ref={box} role="log" aria-label="Diagnostics log" tabIndex={0}>
      {entries.length === 0 ? (
        <Muted>No entries yet.</Muted>
      ) : (
        <ol>
          {entries.map((e) => (
            <Line key={e.id} $tone={e.tone}>
              <time dateTime={new Date(e.time).toISOString()}>[{formatClock(e.time)}]</time>{' '}
              {e.text}
            </Line>
          ))}
        </ol>
      )}
    </LogBox>
  )
}
