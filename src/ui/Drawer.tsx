/**
 * The side drawers' shared look (Radix Dialog parts): the dimming overlay and a right-hand panel
 * that slides in, at `$width` (a CSS length). Used by the chat room's menu and its pins; the
 * navigation drawer (left, its own layout) shares the overlay.
 */
import * as Dialog from '@radix-ui/react-dialog'
import styled, { keyframes } from 'styled-components'

export const DrawerOverlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.6);
  z-index: ${(p) => p.theme.layer.modal};
`

const slideInRight = keyframes`from { transform: translateX(100%) } to { transform: translateX(0) }`

export const RightDrawer = styled(Dialog.Content)<{ $width: string }>`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  width: ${(p) => p.$width};
  padding: 12px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  background: ${(p) => p.theme.color.panelSolid};
  border-left: 1px solid ${(p) => p.theme.color.borderStrong};
  z-index: ${(p) => p.theme.layer.modal + 1};
  animation: ${slideInRight} 0.2s ease-out;
  overflow-y: auto;
  &:focus {
    outline: none;
  }
`
