import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { withQueries } from '../../api/withQueries'
import { truncateAddress } from '../../contracts/address'
import { disconnectWallet, restoreWallet, walletState } from '../../state/walletStore'
import { Button } from '../../ui/Button'
import { ErrorText, LoadingText, PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import { ConnectButtons, NewDemoWalletButton } from '../../wallet/ConnectButtons'
import { CheckStatus } from './CheckStatus'
import { ResultView } from './ResultView'
import { clearWhitelist, useWhitelistCheck } from './whitelistCheck'

const Column = styled.div`
  max-width: 880px;
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: 16px;
`
const Intro = styled.p`
  margin: 0 0 12px;
  color: ${(p) => p.theme.color.muted};
`
const Connected = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 10px;
`
const Address = styled.code`
  color: ${(p) => p.theme.color.accent};
  font-size: 15px;
  letter-spacing: 0.06em;
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`
const Label = styled.span`
  color: ${(p) => p.theme.color.muted};
  margin-right: 8px;
`

/**
 * /whitelist (PRODUCT.md §2, §4): connect → automatic check → result, 30 s cooldown, 'Check Again'.
 */
// eslint-disable-next-line max-lines-per-function -- 84 lines; over the function budget: to split by responsibility (docs/ARCHITECTURE.md, Known departures)
function WhitelistPage() {
  const wallet = useSnapshot(walletState)
  const qc = useQueryClient()
  const [connectError, setConnectError] = useState<string | null>(null)
  // Connect Wallet goes away once connected: focus moves on to the check it started.
  const [focusCheck, setFocusCheck] = useState(false)
  const eligibility = useRef<HTMLElement>(null)
  const address = wallet.status === 'connected' ? wallet.walletAddress : null
  // PRODUCT.md §4: connecting triggers a check; a result already held for this wallet is shown
  // instead.
  const wl = useWhitelistCheck(address)

  useEffect(() => {
    void restoreWallet()
  }, [])

  useEffect(() => {
    if (!focusCheck || !eligibility.current) return
    eligibility.current.focus()
    setFocusCheck(false)
  }, [focusCheck, address, wl.phase])

  function connected() {
    setConnectError(null)
    setFocusCheck(true)
  }

  async function disconnect() {
    setConnectError(null)
    // The wallet is gone before the results are (synchronously, at the start of the call), so
    // nothing re-runs the check of the wallet being disconnected.
    const done = disconnectWallet()
    clearWhitelist(qc)
    await done
  }

  return (
    <PageLayout
      title="vPOS Whitelist Verification"
      subtitle="Check whether your wallet qualifies for the vPOS whitelist."
    >
      <Column>
        <Panel title="Wallet">
          {wallet.status === 'restoring' && (
            <LoadingText role="status">Restoring wallet session...</LoadingText>
          )}
          {(wallet.status === 'disconnected' || wallet.status === 'connecting') && (
            <>
              <Intro>
                Connect your Solana wallet and sign in to check its whitelist eligibility. Signing
                proves you own the wallet; it costs nothing and sends no transaction.
              </Intro>
              <ConnectButtons
                onConnected={connected}
                onError={(err) => setConnectError(err.message)}
              />
              {connectError && (
                <ErrorText role="alert" style={{ marginTop: 12 }}>
                  {connectError}
                </ErrorText>
              )}
            </>
          )}
          {address && (
            <Connected>
              <div>
                <Label>Connected wallet</Label>
                <Address title={address}>{truncateAddress(address)}</Address>
              </div>
              <Actions>
                <NewDemoWalletButton
                  onConnected={connected}
                  onError={(err) => setConnectError(err.message)}
                />
                <Button $variant="danger" onClick={() => void disconnect()}>
                  Disconnect
                </Button>
              </Actions>
            </Connected>
          )}
        </Panel>
        {address && wl.phase !== 'idle' && (
          <Panel title="Eligibility" aria-live="polite" ref={eligibility} tabIndex={-1}>
            {wl.phase === 'checking' && (
              <LoadingText role="status">Checking whitelist eligibility...</LoadingText>
            )}
            {wl.result && <ResultView result={wl.result} />}
            <CheckStatus address={address} />
          </Panel>
        )}
      </Column>
    </PageLayout>
  )
}

export default withQueries(WhitelistPage)
