import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
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
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Overlay />
        <Content $width={width} $compact={compact} aria-label={label} aria-describedby={undefined}>
          {children}
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
