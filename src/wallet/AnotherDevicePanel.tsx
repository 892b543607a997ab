import { useEffect, useState } from 'react'
import styled from 'styled-components'
import type { SessionResponse } from '../contracts/auth'
import {
  DEVICE_POLL_MS,
  DEVICE_SIGN_IN_TTL_MS,
  formatDeviceCode,
  type DeviceRequestResponse,
} from '../contracts/deviceSignIn'
import { Button } from '../ui/Button'
import { Modal, ModalClose, ModalDescription, ModalTitle } from '../ui/Modal'
import { ErrorText, LoadingText } from '../ui/Page'
import { useNow } from '../ui/useNow'
import { createDeviceRequest, pollDeviceRequest, refusalText, signInPagePath } from './deviceSignIn'
import { QrCode } from './QrCode'

const Body = styled.div`
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 12px;
`
const Center = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
`
const Code = styled.output`
  font-size: 24px;
  letter-spacing: 0.18em;
  color: ${(p) => p.theme.color.accent};
`
const Small = styled.p`
  margin: 0;
  font-size: 12px;
  color: ${(p) => p.theme.color.muted};
  overflow-wrap: anywhere;
`
const Foot = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 10px;
`

interface Waiting extends DeviceRequestResponse {
  /** client time the code stops working (from our clock: the server's may differ) */
  deadline: number
}

/**
 * The waiting browser's side: a request shown as a QR code and a short code, polled every second
 * until a phone signs it; a countdown, and 'New code' when it ran out or was refused.
 */
function WaitingPanel({ onSignedIn }: { onSignedIn: (s: SessionResponse) => void }) {
  const [req, setReq] = useState<Waiting | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [round, setRound] = useState(0)

  useEffect(() => {
    let live = true
    setReq(null)
    setError(null)
    createDeviceRequest().then(
      (r) => live && setReq({ ...r, deadline: Date.now() + DEVICE_SIGN_IN_TTL_MS }),
      (e: unknown) => live && setError(refusalText(e)),
    )
    return () => void (live = false)
  }, [round])

  useEffect(() => {
    if (!req) return
    let timer: ReturnType<typeof setTimeout>
    let live = true
    // A chain of timeouts, not an interval: a slow answer never overlaps the next ask.
    const ask = async () => {
      try {
        const r = await pollDeviceRequest(req.requestId)
        if (!live) return
        if (r.status === 'signed-in') return onSignedIn(r.session)
        timer = setTimeout(() => void ask(), DEVICE_POLL_MS)
      } catch (e) {
        if (live) setError(refusalText(e))
      }
    }
    timer = setTimeout(() => void ask(), DEVICE_POLL_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [req, onSignedIn])

  const now = useNow(1000, req !== null && error === null)
  const left = req ? Math.max(0, req.deadline - now) : 0
  const expired = req !== null && left === 0
  const url = req ? `${window.location.origin}${signInPagePath(req.code)}` : ''
  return (
    <Body>
      <ModalTitle>Sign in with another device</ModalTitle>
      <ModalDescription>
        Scan this with a phone that has a Solana wallet, or open the address and type the code. Sign
        there, and this browser is signed in.
      </ModalDescription>
      {!req && !error && <LoadingText role="status">Making a sign-in code...</LoadingText>}
      {req && !expired && !error && (
        <Center>
          <QrCode text={url} label={`QR code for ${url}`} />
          <Code aria-label="Sign-in code">{formatDeviceCode(req.code)}</Code>
          <Small>{url}</Small>
          <Small role="timer" aria-live="off">
            Expires in {Math.floor(left / 60_000)}:
            {String(Math.floor(left / 1000) % 60).padStart(2, '0')}
          </Small>
          <LoadingText role="status">Waiting for the signature...</LoadingText>
        </Center>
      )}
      {expired && !error && (
        <ErrorText role="alert">This code has expired: get a new one.</ErrorText>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Foot>
        <Button $variant="ghost" $size="sm" onClick={() => setRound((n) => n + 1)}>
          New code
        </Button>
        <ModalClose asChild>
          <Button $variant="ghost" $size="sm">
            Cancel
          </Button>
        </ModalClose>
      </Foot>
    </Body>
  )
}

/**
 * The dialog of 'Sign in with another device' with its waiting panel: one chunk, loaded when the
 * dialog is first opened (`AnotherDevice.tsx`). The panel makes a new request each time the
 * dialog opens.
 */
export function AnotherDeviceDialog({
  open,
  onOpenChange,
  onSignedIn,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSignedIn: (s: SessionResponse) => void
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} width={420} label="Sign in with another device">
      {open && <WaitingPanel onSignedIn={onSignedIn} />}
    </Modal>
  )
}
