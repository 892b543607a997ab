import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import {
  type DeletedSnapshot,
  deleteSnapshot,
  exportSnapshotsBlob,
  importSnapshotsJson,
  restoreSnapshot,
  takeSnapshot,
} from '../../state/swarmStore'
import { ScrollArea } from '../../ui/ScrollArea'
import { OverlayPanel, IconButton } from './OverlayPanel'
import { download, fileTimeStamp } from './download'
import { ReplayControls } from './ReplayControls'
import { SnapshotItem } from './SnapshotItem'
import { stackList } from '../../ui/stackList'
import { useSwarmStore } from '../../state/swarmStoreContext'

/** Larger import files are refused before reading them. */
const MAX_IMPORT_BYTES = 50 * 1024 * 1024

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin-bottom: 8px;
  button {
    font-size: 10px;
    letter-spacing: 0.08em;
  }
`
/** How long Del offers Undo. */
const UNDO_MS = 5_000

/*
 * Beside the canvas the list scrolls past ~3 items and says so ('more ▾'), as the side columns do.
 * In the phone and tablet dock the tab itself scrolls and says so: no second box inside it.
 */
const ListArea = styled(ScrollArea)`
  margin-top: 8px;
  max-height: 220px;
  [data-layout='phone'] &,
  [data-layout='tablet'] & {
    max-height: none;
  }
`
const List = styled.ol`
  ${stackList(6)}
`
const Undo = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 8px;
  font-size: 11px;
  color: ${(p) => p.theme.color.muted};
  overflow-wrap: anywhere;
`
const Note = styled.p<{ $error?: boolean }>`
  margin: 6px 0 0;
  font-size: 11px;
  color: ${(p) => (p.$error ? p.theme.color.red : p.theme.color.muted)};
  overflow-wrap: anywhere;
`

function exportName(now = new Date()): string {
  return `vpos-snapshots-${fileTimeStamp(now)}.json`
}

/**
 * Del deletes at once and offers Undo for UNDO_MS (a newer Del replaces the offer). Focus, which
 * the Del button took with it, goes to Undo; after Undo, to the restored item's Del; when the
 * offer runs out under it, to Take snapshot.
 */
function useUndoableDelete() {
  const store = useSwarmStore()
  const [deleted, setDeleted] = useState<DeletedSnapshot | null>(null)
  const [refocus, setRefocus] = useState<string | null>(null)
  const undoRef = useRef<HTMLButtonElement>(null)
  const takeRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLOListElement>(null)

  useEffect(() => {
    if (!deleted) return
    undoRef.current?.focus()
    const t = setTimeout(() => {
      if (document.activeElement === undoRef.current) takeRef.current?.focus()
      setDeleted(null)
    }, UNDO_MS)
    return () => clearTimeout(t)
  }, [deleted])

  useEffect(() => {
    if (refocus === null) return
    const item = listRef.current?.querySelector(`[data-snapshot-id="${CSS.escape(refocus)}"]`)
    item?.querySelector<HTMLButtonElement>('button[aria-label^="Delete "]')?.focus()
    setRefocus(null)
  }, [refocus])

  return {
    deleted,
    undoRef,
    takeRef,
    listRef,
    remove: (id: string) => {
      const s = deleteSnapshot(store, id)
      if (s) setDeleted(s)
    },
    undo: () => {
      if (!deleted) return
      restoreSnapshot(store, deleted)
      setDeleted(null)
      setRefocus(deleted.snapshot.id)
    },
  }
}

/**
 * Snapshot/replay controls (PRODUCT.md §3; ARCHITECTURE.md §7): take, list, rename/describe,
 * delete, replay, export/import.
 */
// eslint-disable-next-line max-lines-per-function -- 109 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function SnapshotPanel() {
  const store = useSwarmStore()
  const m = useSnapshot(store.swarm).snapshots
  const fileRef = useRef<HTMLInputElement>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [readError, setReadError] = useState<string | null>(null)
  const error = readError ?? m.importError

  const [exporting, setExporting] = useState(false)
  const deletion = useUndoableDelete()

  const onExport = async () => {
    setNotice(null)
    setReadError(null)
    setExporting(true)
    let file: Blob
    try {
      file = await exportSnapshotsBlob(store, (share) =>
        setNotice(`Exporting… ${Math.floor(share * 100)}%`),
      )
    } catch {
      // a big swarm's snapshots may not fit in this tab's memory as JSON
      setNotice(null)
      setReadError('Export failed: the snapshots are too large for this browser to export')
      return
    } finally {
      setExporting(false)
    }
    setNotice(null)
    download(file, exportName())
    if (file.size > MAX_IMPORT_BYTES) {
      const mb = Math.round(file.size / 1024 / 1024)
      setNotice(
        `Exported ${mb} MB: files over ${MAX_IMPORT_BYTES / 1024 / 1024} MB cannot be imported back`,
      )
    }
  }

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget
    const file = input.files?.[0]
    input.value = ''
    setNotice(null)
    setReadError(null)
    if (!file) return
    if (file.size > MAX_IMPORT_BYTES) {
      setReadError(`Invalid snapshot file: larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`)
      return
    }
    let text: string
    try {
      text = await file.text()
    } catch {
      setReadError('Invalid snapshot file: it could not be read')
      return
    }
    const result = await importSnapshotsJson(store, text)
    if (result.ok) setNotice(`Imported ${result.count} snapshot${result.count === 1 ? '' : 's'}`)
  }

  return (
    <OverlayPanel title="Snapshots" testId="snapshot-panel">
      <Tools>
        <IconButton ref={deletion.takeRef} onClick={() => takeSnapshot(store)}>
          Take snapshot
        </IconButton>
        <IconButton onClick={onExport} disabled={m.snapshots.length === 0 || exporting}>
          Export
        </IconButton>
        <IconButton onClick={() => fileRef.current?.click()}>Import</IconButton>
        <input
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          aria-label="Snapshot file to import"
          hidden
          onChange={onFile}
        />
      </Tools>
      {/* under the tools, where it shows however far the list is scrolled */}
      {deletion.deleted && (
        <Undo>
          <span role="status">Deleted {deletion.deleted.snapshot.name}</span>
          <IconButton ref={deletion.undoRef} onClick={deletion.undo}>
            Undo
          </IconButton>
        </Undo>
      )}
      {m.isReplaying && <ReplayControls />}
      {m.snapshots.length === 0 ? (
        <Note>No snapshots yet. Take one to capture the swarm.</Note>
      ) : (
        <ListArea>
          <List aria-label="Saved snapshots" ref={deletion.listRef}>
            {m.snapshots.map((s, i) => (
              <SnapshotItem
                key={s.id}
                snapshot={s as (typeof store.swarm.snapshots.snapshots)[number]}
                index={i}
                current={m.isReplaying && m.activeSnapshotId === s.id}
                onDelete={deletion.remove}
              />
            ))}
          </List>
        </ListArea>
      )}
      {error && (
        <Note role="alert" $error>
          {error}
        </Note>
      )}
      {notice && !error && <Note role="status">{notice}</Note>}
    </OverlayPanel>
  )
}
