import styled from 'styled-components'
import { Button } from '../ui/Button'
import { Modal, ModalClose, ModalDescription, ModalTitle } from '../ui/Modal'
import type { WalletAdapter } from './types'

const Choices = styled.ul`
  list-style: none;
  margin: 14px 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`
const Choice = styled(Button)`
  width: 100%;
  justify-content: flex-start;
  text-transform: none;
  letter-spacing: 0.02em;
  img {
    width: 20px;
    height: 20px;
  }
`
const Body = styled.div`
  padding: 16px;
`
const Foot = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 14px;
`

/**
 * 'Select a wallet': the dialog that lists the wallets found when there are several. A chunk of
 * its own, loaded the first time it is needed (`ConnectButtons.tsx`).
 */
export function WalletPicker({
  open,
  onOpenChange,
  wallets,
  onPick,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  wallets: readonly WalletAdapter[]
  onPick: (wallet: WalletAdapter) => void
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} width={380}>
      <Body>
        <ModalTitle>Select a wallet</ModalTitle>
        <ModalDescription>Wallets found in this browser.</ModalDescription>
        <Choices>
          {wallets.map((w) => (
            <li key={w.id}>
              <Choice $variant="ghost" onClick={() => onPick(w)}>
                {w.icon && <img src={w.icon} alt="" />}
                {w.name}
              </Choice>
            </li>
          ))}
        </Choices>
        <Foot>
          <ModalClose asChild>
            <Button $variant="ghost" $size="sm">
              Cancel
            </Button>
          </ModalClose>
        </Foot>
      </Body>
    </Modal>
  )
}
