import { useEffect, useRef, useState } from 'react'
import type { SessionResponse } from '../contracts/auth'
import { Button } from '../ui/Button'
import { useLoaded } from '../ui/useLoaded'

/**
 * The dialog (Radix Dialog, the code, the QR code, the countdown and the polling) loads when it is
 * first opened: every page that offers sign-in shows this button, few visitors open it, and the
 * dialog's code was 13 KB of brotli on those pages' first load (docs/ARCHITECTURE.md, "Views a
 * first screen does not draw"). The button says it is busy meanwhile.
 */
const loadDialog = () => import('./AnotherDevicePanel').then((m) => m.AnotherDeviceDialog)

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
  // loaded from the first open on, kept for the page's life
  const [asked, setAsked] = useState(false)
  const Dialog = useLoaded(loadDialog, asked)
  const waiting = asked && !Dialog
  return (
    <>
      <Button
        $variant="ghost"
        onClick={() => {
          setAsked(true)
          setOpen(true)
        }}
        disabled={disabled}
        aria-busy={waiting && open}
      >
        Sign in with another device
      </Button>
      {Dialog && <Dialog open={open} onOpenChange={setOpen} onSignedIn={signedIn} />}
    </>
  )
}
