import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { ANNOUNCEMENT_MAX_CHARS, type Room } from '../../contracts/chat'
import { walletState } from '../../state/walletStore'
import { Button } from '../../ui/Button'
import { Modal, ModalClose, ModalDescription, ModalTitle } from '../../ui/Modal'
import { toast } from '../../ui/toastStore'
import { replaceRoom } from './chatCache'
import { changeAnnouncement } from './queries'

/** Calls 13/14 for the open room; the rooms cache and the open room take the answer. */
function useAnnouncementChange(room: Room) {
  const queryClient = useQueryClient()
  return async (content?: string): Promise<boolean> => {
    const wallet = walletState.walletAddress
    if (!wallet) return false
    try {
      const updated = await changeAnnouncement(room.id, wallet, content)
      replaceRoom(queryClient, updated)
      toast({
        title: content === undefined ? 'Announcement Removed' : 'Announcement Created',
        description: updated.name,
      })
      return true
    } catch {
      toast(
        content === undefined
          ? { title: 'Failed to remove announcement', variant: 'destructive' }
          : {
              title: 'Error',
              description: 'Failed to create announcement',
              variant: 'destructive',
            },
      )
      return false
    }
  }
}

const Banner = styled.section`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 8px 12px;
  margin-bottom: 8px;
  border: 1px solid rgba(176, 124, 255, 0.55);
  border-radius: ${(p) => p.theme.radius};
  background: linear-gradient(90deg, rgba(0, 240, 200, 0.08), rgba(176, 124, 255, 0.12));
`
const BannerBody = styled.div`
  flex: 1;
  min-width: 0;
  p {
    margin: 2px 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`
const BannerLabel = styled.div`
  font-size: 10px;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: ${(p) => p.theme.color.purple};
`

/** The room's announcement; staff get its remove button. */
export function AnnouncementBanner({ room }: { room: Room }) {
  const { isStaff } = useSnapshot(walletState)
  const change = useAnnouncementChange(room)
  const a = room.announcement
  if (!a) return null
  return (
    <Banner aria-label="Announcement">
      <span aria-hidden>📢</span>
      <BannerBody>
        <BannerLabel>
          Announcement ·{' '}
          <time dateTime={a.timestamp}>{new Date(a.timestamp).toLocaleString()}</time>
        </BannerLabel>
        <p>{a.content}</p>
      </BannerBody>
      {isStaff && (
        <Button
          $variant="danger"
          $size="sm"
          aria-label="Remove announcement"
          onClick={() => void change()}
        >
          ✕
        </Button>
      )}
    </Banner>
  )
}

const DialogBody = styled.form`
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 10px;
`
const Area = styled.textarea`
  min-height: 96px;
  resize: vertical;
  padding: 8px 10px;
  background: rgba(0, 0, 0, 0.35);
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
`
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`

/**
 * Staff 'Announce' button and its prompt (text must be non-empty after trimming, PRODUCT.md §5).
 */
export function AnnounceButton({ room }: { room: Room }) {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const change = useAnnouncementChange(room)
  const ok = text.trim().length > 0 && !busy

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!ok) return
    setBusy(true)
    const done = await change(text.trim())
    setBusy(false)
    if (done) {
      setText('')
      setOpen(false)
    }
  }

  return (
    <>
      <Button $size="sm" onClick={() => setOpen(true)}>
        Announce
      </Button>
      <Modal open={open} onOpenChange={setOpen} width={460}>
        <DialogBody onSubmit={(e) => void submit(e)}>
          <ModalTitle>New Announcement</ModalTitle>
          <ModalDescription id="announce-hint">
            Shown at the top of the room for everyone until removed.
          </ModalDescription>
          <Area
            aria-label="Announcement text"
            aria-describedby="announce-hint"
            value={text}
            maxLength={ANNOUNCEMENT_MAX_CHARS}
            onChange={(e) => setText(e.target.value)}
            autoFocus
          />
          <Actions>
            <ModalClose asChild>
              <Button $variant="ghost">Cancel</Button>
            </ModalClose>
            <Button type="submit" disabled={!ok}>
              Post Announcement
            </Button>
          </Actions>
        </DialogBody>
      </Modal>
    </>
  )
}
