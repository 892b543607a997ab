import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { SessionResponse } from '../contracts/auth'
import { Button } from '../ui/Button'
import { Modal, ModalTitle } from '../ui/Modal'
import { LoadingText } from '../ui/Page'

/**
 * The waiting panel (its code, QR code, countdown and polling) loads when the dialog first opens:
 * every page that offers sign-in shows this button, few visitors open it (docs/ARCHITECTURE.md,
 * "First load").
 */
const WaitingPanel = lazy(() => import('./AnotherDevicePanel'))

/**
 * 'Sign in with another device': offered on every device, beside the wallet entry. `onSignedIn`
 * gets the session the server has just set for this browser.
 */
export function AnotherDeviceButton({
  onSignedIn,
  disabled,
}: {
  onSignedIn: (session: SessionResponse) => void
  disabled?: boolean
}) {
  const [open, setOpen] = useState(false)
  // The poll effect depends on this callback: keep one identity for the dialog's life.
  const latest = useRef(onSignedIn)
  useEffect(() => {
    latest.current = onSignedIn
  })
  const [signedIn] = useState(() => (s: SessionResponse) => {
    setOpen(false)
    latest.current(s)
  })
  return (
    <>
      <Button $variant="ghost" onClick={() => setOpen(true)} disabled={disabled}>
        Sign in with another device
      </Button>
      <Modal open={open} onOpenChange={setOpen} width={420} label="Sign in with another device">
        {open && (
          <Suspense
            fallback={
              <>
                <ModalTitle>Sign in with another device</ModalTitle>
                <LoadingText role="status">Making a sign-in code...</LoadingText>
              </>
            }
          >
            <WaitingPanel onSignedIn={signedIn} />
          </Suspense>
        )}
      </Modal>
    </>
  )
}
