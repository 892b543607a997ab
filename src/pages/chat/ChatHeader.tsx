import { useState } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { truncateAddress } from '../../contracts/address'
import {
  disconnectEverywhere,
  disconnectWallet,
  verifyBalance,
  walletState,
} from '../../state/walletStore'
import { Button } from '../../ui/Button'
import { media } from '../../ui/theme'
import { PanelFrame } from '../../ui/Panel'
import { toast } from '../../ui/toastStore'
import { NewDemoWalletButton } from '../../wallet/ConnectButtons'
import { formatAmount } from './chatLogic'
import { exitRoom } from './chatStore'
import { StaffBadge } from './bits'
import { ShopModal } from './ShopModal'

const Bar = styled(PanelFrame)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 10px 16px;
  padding: 10px 14px;
  ${media.mobile} {
    padding: 8px 10px;
  }
`
const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 22px;
  margin: 0;
  div {
    display: flex;
    align-items: baseline;
    gap: 8px;
  }
  dt {
    font-size: 10px;
    letter-spacing: 0.1em;
    text-transform: uppercase;
    color: ${(p) => p.theme.color.muted};
  }
  dd {
    margin: 0;
    color: ${(p) => p.theme.color.accent};
    font-weight: 600;
  }
`
const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
  ${media.mobile} {
    button {
      padding: 3px 8px;
      font-size: 11px;
    }
  }
`
const StaffFact = styled.div`
  ${media.mobile} {
    display: none !important;
  }
`

/** Signed-in header: balance, truncated wallet, Shop, Sign out everywhere and Disconnect. */
// eslint-disable-next-line max-lines-per-function -- 83 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
export function ChatHeader() {
  const { walletAddress, balance, balanceChecking, isStaff } = useSnapshot(walletState)
  const [shopOpen, setShopOpen] = useState(false)
  if (!walletAddress) return null

  async function disconnect() {
    exitRoom()
    await disconnectWallet()
    toast({ title: 'Disconnected', description: 'Your wallet has been disconnected' })
  }

  async function disconnectAll() {
    try {
      await disconnectEverywhere()
    } catch {
      toast({
        title: 'Sign-out Failed',
        description: 'Could not sign out your other devices: try again',
        variant: 'destructive',
      })
      return
    }
    exitRoom()
    toast({
      title: 'Signed Out Everywhere',
      description: 'This wallet is signed out on every device',
    })
  }

  return (
    <Bar aria-label="Wallet">
      <Facts>
        <div>
          <dt>Balance</dt>
          <dd data-testid="balance">
            {balance === null
              ? balanceChecking
                ? 'Checking...'
                : '—'
              : `${formatAmount(balance)} vPOS`}
          </dd>
        </div>
        <div>
          <dt>Wallet</dt>
          <dd title={walletAddress}>{truncateAddress(walletAddress)}</dd>
        </div>
        {isStaff && (
          <StaffFact>
            <dt>Role</dt>
            <dd>
              <StaffBadge>vPOS Team</StaffBadge>
            </dd>
          </StaffFact>
        )}
      </Facts>
      <Actions>
        <Button onClick={() => setShopOpen(true)}>Shop</Button>
        <NewDemoWalletButton
          beforeReroll={exitRoom}
          onConnected={() =>
            void verifyBalance().catch(() =>
              toast({
                title: 'Balance Check Failed',
                description: 'Could not verify your token balance',
                variant: 'destructive',
              }),
            )
          }
          onError={(err) =>
            toast({ title: 'Connection Failed', description: err.message, variant: 'destructive' })
          }
        />
        <Button
          onClick={() => void disconnectAll()}
          title="Ends this wallet's sessions on every device and browser"
        >
          Sign out everywhere
        </Button>
        <Button $variant="danger" onClick={() => void disconnect()}>
          Disconnect
        </Button>
      </Actions>
      <ShopModal open={shopOpen} onOpenChange={setShopOpen} />
    </Bar>
  )
}
