import type { ReactNode } from 'react'
import styled from 'styled-components'
import { ScrollArea } from './ScrollArea'
const T = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 12px;
  th {
    text-align: left;
    font-weight: 500;
    color: ${(p) => p.theme.color.muted};
    font-size: 10px;
    letter-spacing: 0.1em;
    text-transform: uppercase;
    padding: 6px 8px;
    border-bottom: 1px solid ${(p) => p.theme.color.border};
    white-space: nowrap;
  }
  td {
    padding: 7px 8px;
    border-bottom: 1px solid rgba(255, 255, 255, 0.04);
    white-space: nowrap;
  }
  tbody tr:hover {
    background: rgba(0, 240, 200, 0.05);
  }
`

export interface Column<Row> {
  key: string
  header: ReactNode
  cell: (row: Row) => ReactNode
}

/**
 * A data table that scrolls sideways on narrow screens instead of squashing columns; a fade and
 * "scroll →" at the right edge say that it continues, and the region takes keyboard focus.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
}: {
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string
  caption?: string
}) {
  return (
    <ScrollArea axis="x" focusable label={caption ? `${caption} table` : 'Table'}>
      <T aria-label={caption}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.key}>{c.cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </T>
    </ScrollArea>
  )
}
