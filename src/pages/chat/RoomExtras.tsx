import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import styled from 'styled-components'
import { HttpError } from '../../api/http'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { countLabel } from './chatLogic'
import { VisuallyHidden } from './bits'
import { previewQuery, useRoomUnread } from './unread'
import { stackList } from '../../ui/stackList'

const Counts = styled.span`
  display: inline-flex;
  gap: 4px;
`

/** A room's unread and mention counts for this wallet (nothing when there are none). */
export function UnreadBadges({ roomId }: { roomId: string }) {
  const counts = useRoomUnread(roomId)
  if (!counts || (counts.unread === 0 && counts.mentions === 0)) return null
  return (
    <Counts data-testid={`unread-${roomId}`}>
      {counts.unread > 0 && (
        <Badge
          $tone="accent"
          aria-label={`${counts.unread} unread message${counts.unread === 1 ? '' : 's'}`}
        >
          {countLabel(counts.unread)} new
        </Badge>
      )}
      {counts.mentions > 0 && (
        <Badge
          $tone="amber"
          aria-label={`${counts.mentions} mention${counts.mentions === 1 ? '' : 's'} of you`}
        >
          @{countLabel(counts.mentions)}
        </Badge>
      )}
    </Counts>
  )
}

const List = styled.ol`
  ${stackList(4)}
  font-size: 12px;
  li {
    color: ${(p) => p.theme.color.text};
    overflow-wrap: anywhere;
  }
  span {
    color: ${(p) => p.theme.color.muted};
    margin-right: 6px;
  }
`
const Note = styled.p`
  margin: 0;
  font-size: 11px;
  color: ${(p) => p.theme.color.muted};
`

function PreviewList({ roomId }: { roomId: string }) {
  const preview = useQuery(previewQuery(roomId))
  if (preview.isPending) return <Note role="status">Loading preview...</Note>
  if (preview.isError)
    return (
      <Note role="alert">
        {preview.error instanceof HttpError ? preview.error.serverError : 'Preview unavailable'}
      </Note>
    )
  if (preview.data.length === 0) return <Note>No messages yet.</Note>
  return (
    <List aria-label="Preview messages">
      {preview.data.map((m) => (
        <li key={m.id}>
          <span>{m.author}</span>
          {m.content}
        </li>
      ))}
    </List>
  )
}

/** A closed room's preview (when the room allows it): its last messages, names hidden. */
export function RoomPreview({ roomId, name }: { roomId: string; name: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button $size="sm" $variant="ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide preview' : 'Preview'}
        <VisuallyHidden> of {name}</VisuallyHidden>
      </Button>
      {open && <PreviewList roomId={roomId} />}
    </>
  )
}
