import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import styled from 'styled-components'
import { Button } from '../../ui/Button'
import { DrawerOverlay, RightDrawer } from '../../ui/Drawer'
import { closeOnEscape } from '../../ui/Modal'
import { NameTag } from './bits'
import { pinsQuery } from './moderation'

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  h3 {
    margin: 0;
    font-size: 12px;
    letter-spacing: 0.12em;
    text-transform: uppercase;
    color: ${(p) => p.theme.color.accent};
  }
`
const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`
const Pin = styled.button`
  width: 100%;
  text-align: left;
  padding: 8px 10px;
  background: rgba(0, 240, 200, 0.04);
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  color: ${(p) => p.theme.color.text};
  font: inherit;
  cursor: pointer;
  p {
    margin: 4px 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  &:hover,
  &:focus-visible {
    border-color: ${(p) => p.theme.color.accent};
  }
`
const Empty = styled.p`
  color: ${(p) => p.theme.color.muted};
`

/** Scrolls the message list to a message (when it is loaded) and flashes it. */
function jumpTo(messageId: number) {
  const el = document.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`)
  if (!el) return
  el.scrollIntoView({ block: 'center' })
  el.animate?.([{ background: 'rgba(0, 240, 200, 0.25)' }, { background: 'transparent' }], 1200)
}

/** The room's pinned messages, one tap away: a Pins button and a drawer listing them. */
export function PinsButton({ roomId }: { roomId: string }) {
  const [open, setOpen] = useState(false)
  const pins = useQuery(pinsQuery(roomId)).data ?? []
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button $size="sm" $variant="ghost">
          Pins{pins.length > 0 ? ` (${pins.length})` : ''}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <DrawerOverlay />
        <RightDrawer
          $width="min(360px, 92vw)"
          aria-describedby={undefined}
          onKeyDown={closeOnEscape(setOpen)}
        >
          <Head>
            <Dialog.Title asChild>
              <h3>Pinned messages</h3>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button $size="sm" $variant="ghost" aria-label="Close pins">
                ✕
              </Button>
            </Dialog.Close>
          </Head>
          {pins.length === 0 ? (
            <Empty>No pinned messages in this room.</Empty>
          ) : (
            <List>
              {pins.map((m) => (
                <li key={m.id}>
                  <Pin
                    type="button"
                    onClick={() => {
                      setOpen(false)
                      // After the drawer closed and gave the list its focus back.
                      setTimeout(() => jumpTo(m.id), 50)
                    }}
                  >
                    <NameTag
                      name={m.displayName}
                      isStaff={m.isStaff}
                      badge={m.badge}
                      title={m.title}
                      me={false}
                    />
                    <p>{m.content}</p>
                  </Pin>
                </li>
              ))}
            </List>
          )}
        </RightDrawer>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
