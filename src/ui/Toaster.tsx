import * as RadixToast from '@radix-ui/react-toast'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { media } from './theme'
import { TOAST_DURATION_MS, dismissToast, toastState } from './toastStore'

const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 16px;
  width: min(380px, 100vw);
  margin: 0;
  list-style: none;
  z-index: ${(p) => p.theme.layer.toast};
  outline: none;
  /* Phones: at the top, under the header, so a toast never covers the chat composer or a dock. */
  ${media.mobile} {
    top: 44px;
    bottom: auto;
    padding: 8px;
    /* A dialog open (the chat's Menu drawer, the shop): at the bottom instead, where they cover
       no tabs or title (issue 30: 'Connected' hid the drawer's Rooms and Participants tabs). */
    body:has([role='dialog'][data-state='open']) & {
      top: auto;
      bottom: 0;
    }
  }
`
const Root = styled(RadixToast.Root)<{ $bad: boolean }>`
  position: relative;
  padding: 12px 34px 12px 14px;
  background: ${(p) => (p.$bad ? 'rgba(60, 8, 16, 0.95)' : p.theme.color.panelSolid)};
  border: 1px solid ${(p) => (p.$bad ? p.theme.color.red : p.theme.color.borderStrong)};
  border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 0 18px rgba(0, 0, 0, 0.6);
  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }
  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform 0.2s ease-out;
  }
  &[data-swipe='end'] {
    transform: translateX(var(--radix-toast-swipe-end-x));
    transition: transform 0.15s ease-out;
  }
`
const Title = styled(RadixToast.Title)`
  font-weight: 600;
  font-size: 13px;
`
const Description = styled(RadixToast.Description)`
  margin-top: 2px;
  font-size: 12px;
  color: ${(p) => p.theme.color.muted};
`
const Close = styled(RadixToast.Close)`
  position: absolute;
  top: 8px;
  right: 8px;
  background: none;
  border: none;
  color: ${(p) => p.theme.color.muted};
  cursor: pointer;
`

/**
 * Renders the toast store (Radix Toast): swipe right past 50 px dismisses; F8 focuses the region
 * labelled 'Notification'.
 */
export function Toaster() {
  const { toasts } = useSnapshot(toastState)
  return (
    <RadixToast.Provider
      swipeDirection="right"
      swipeThreshold={50}
      duration={TOAST_DURATION_MS}
      label="Notification"
    >
      {toasts.map((t) => (
        <Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          $bad={t.variant === 'destructive'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id)
          }}
        >
          <Title>{t.title}</Title>
          {t.description && <Description>{t.description}</Description>}
          <Close aria-label="Close">×</Close>
        </Root>
      ))}
      <Viewport label="Notification" hotkey={['F8']} />
    </RadixToast.Provider>
  )
}
