import { useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { formatSnapshotTime, type Snapshot } from '../../sim'
import { describeSnapshot, renameSnapshot, scrubReplay } from '../../state/swarmStore'
import { IconButton } from './OverlayPanel'
import { useSwarmStore } from '../../state/swarmStoreContext'

const Item = styled.li`
  padding: 6px 8px;
  border: 1px solid rgba(255, 255, 255, 0.06);
  border-radius: ${(p) => p.theme.radius};
  display: flex;
  flex-direction: column;
  gap: 3px;
  &[aria-current='true'] {
    border-color: ${(p) => p.theme.color.accent};
    background: ${(p) => p.theme.color.accentSoft};
  }
`
const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 6px;
  strong {
    font-weight: 600;
    font-size: 12px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`
const Meta = styled.div`
  font-size: 10.5px;
  color: ${(p) => p.theme.color.muted};
  font-variant-numeric: tabular-nums;
`
const Desc = styled.div`
  font-size: 11px;
  color: ${(p) => p.theme.color.text};
  opacity: 0.8;
  overflow-wrap: anywhere;
`
const Actions = styled.div`
  display: flex;
  gap: 4px;
  flex-shrink: 0;
  button {
    font-size: 10px;
    height: 22px;
  }
`
const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 4px;
  input,
  textarea {
    width: 100%;
    padding: 4px 6px;
    background: rgba(0, 0, 0, 0.4);
    border: 1px solid ${(p) => p.theme.color.border};
    border-radius: ${(p) => p.theme.radius};
    font-size: 12px;
    resize: vertical;
  }
`

/** One snapshot: name, time, agents, failing; replay from it, rename/describe, delete. */
// eslint-disable-next-line max-lines-per-function -- 84 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function SnapshotItem({
  snapshot,
  index,
  current,
  onDelete,
}: {
  snapshot: Snapshot
  index: number
  current: boolean
  /** Del: the panel deletes it and offers Undo */
  onDelete: (id: string) => void
}) {
  const store = useSwarmStore()
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(snapshot.name)
  const [description, setDescription] = useState(snapshot.description)

  const startEdit = () => {
    setName(snapshot.name)
    setDescription(snapshot.description)
    setEditing(true)
  }
  const save = (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return
    renameSnapshot(store, snapshot.id, name)
    describeSnapshot(store, snapshot.id, description)
    setEditing(false)
  }

  return (
    <Item aria-label={snapshot.name} aria-current={current} data-snapshot-id={snapshot.id}>
      {editing ? (
        <Form onSubmit={save} aria-label={`Edit ${snapshot.name}`}>
          <input
            aria-label="Snapshot name"
            value={name}
            maxLength={60}
            required
            autoFocus
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <textarea
            aria-label="Snapshot description"
            value={description}
            maxLength={200}
            rows={2}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Actions>
            <IconButton type="submit" disabled={!name.trim()}>
              Save
            </IconButton>
            <IconButton onClick={() => setEditing(false)}>Cancel</IconButton>
          </Actions>
        </Form>
      ) : (
        <>
          <Top>
            <strong>{snapshot.name}</strong>
            <Actions>
              <IconButton
                aria-label={`Replay from ${snapshot.name}`}
                onClick={() => scrubReplay(store, index)}
              >
                ▶
              </IconButton>
              <IconButton aria-label={`Edit ${snapshot.name}`} onClick={startEdit}>
                Edit
              </IconButton>
              <IconButton
                aria-label={`Delete ${snapshot.name}`}
                onClick={() => onDelete(snapshot.id)}
              >
                Del
              </IconButton>
            </Actions>
          </Top>
          <Meta>
            {formatSnapshotTime(snapshot.timestamp)} · {snapshot.agents.count} agents ·{' '}
            {snapshot.failingAgents.length} failing
          </Meta>
          {snapshot.description && <Desc>{snapshot.description}</Desc>}
        </>
      )}
    </Item>
  )
}
