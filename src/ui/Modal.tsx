import * as Dialog from '@radix-ui/react-dialog'
import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import styled, { keyframes } from 'styled-components'

const fadeIn = keyframes`from { opacity: 0 } to { opacity: 1 }`
const rise = keyframes`from { opacity: 0; transform: translate(-50%, -48%) } to { opacity: 1; transform: translate(-50%, -50%) }`

const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.6);
  z-index: ${(p) => p.theme.layer.modal};
  animation: ${fadeIn} 0.15s ease-out;
`
const Content = styled(Dialog.Content)<{ $width: number; $compact: boolean }>`
  position: fixed;
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  width: ${(p) => (p.$compact ? 'calc(100vw - 8px)' : `min(${p.$width}px, calc(100vw - 16px))`)};
  max-height: ${(p) => (p.$compact ? 'calc(100dvh - 8px)' : 'calc(100dvh - 16px)')};
  overflow: auto;
  background: ${(p) => p.theme.color.panelSolid};
  border: 1px solid ${(p) => p.theme.color.borderStrong};
  border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 0 32px rgba(0, 240, 200, 0.15);
  z-index: ${(p) => p.theme.layer.modal + 1};
  animation: ${rise} 0.18s ease-out;
  &:focus {
    outline: none;
  }
`
export const ModalTitle = styled(Dialog.Title)`
  margin: 0;
  font-size: 14px;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: ${(p) => p.theme.color.accent};
`
export const ModalDescription = styled(Dialog.Description)`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
  font-size: 12px;
`
export const ModalClose = Dialog.Close

/**
 * onKeyDown for a dialog's content: Escape that no layer handled closes it. GOTCHA: a toast is a
 * Radix dismissable layer too, and one that opened after the dialog (Purchase Successful in the
 * shop) is the top layer: Escape closed only the toast and never reached the dialog. A layer that
 * handles Escape (the dialog itself when it is on top, a popover inside it) prevents its default.
 */
export function closeOnEscape(onOpenChange: (open: boolean) => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) onOpenChange(false)
  }
}

/**
 * A dialog (Radix): focus trapped, closes on Escape and on a click outside. The caller renders the
 * title (ModalTitle) and any close button (ModalClose) inside. `compact` (phones): nearly the whole
 * viewport wide instead of `width`.
 */
export function Modal({
  open,
  onOpenChange,
  width = 640,
  children,
  label,
  compact = false,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  width?: number
  children: ReactNode
  label?: string
  compact?: boolean
}) {
  // GOTCHA: these dialogs open from state, not a Dialog.Trigger, and on close Radix focuses only
  // its trigger: focus fell to <body>. It goes back to what had it when the dialog opened.
  const opener = useRef<HTMLElement | null>(null)
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Overlay />
        <Content
          $width={width}
          $compact={compact}
          aria-label={label}
          aria-describedby={undefined}
          onKeyDown={closeOnEscape(onOpenChange)}
          onOpenAutoFocus={() => {
            const el = document.activeElement
            opener.current = el instanceof HTMLElement && el !== document.body ? el : null
          }}
          onCloseAutoFocus={(e) => {
            const el = opener.current
            opener.current = null
            if (!el?.isConnected) return
            e.preventDefault()
            el.focus()
          }}
        >
          {children}
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
