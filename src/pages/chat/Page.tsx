import { lazy, Suspense, useEffect } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { withQueries } from '../../api/withQueries'
import { truncateAddress } from '../../contracts/address'
import { preloadAfterFirstScreen } from '../../scene/contentShown'
import { restoreWallet, verifyBalance, walletState } from '../../state/walletStore'
import { LoadingText, PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import { toast } from '../../ui/toastStore'
import { ConnectButtons } from '../../wallet/ConnectButtons'
import type { WalletError } from '../../wallet/types'

const Intro = styled.p`
  margin: 0 0 14px;
  color: ${(p) => p.theme.color.muted};
  max-width: 640px;
`

async function checkBalance() {
  try {
    await verifyBalance()
  } catch {
    toast({
      title: 'Balance Check Failed',
      description: 'Could not verify your token balance',
      variant: 'destructive',
    })
  }
}

/**
 * PRODUCT.md §2 signed out: 'Connect Your Wallet'. Connect stores the wallet, then verifies its
 * balance. A failure is told once, by its PRODUCT.md §8 toast (the PRODUCT.md §5 inline text is the
 * whitelist page's, which has no toasts; here both said the same thing).
 */
function ConnectPanel() {
  const { status } = useSnapshot(walletState)

  function failed(err: WalletError) {
    if (err.kind === 'not-found') {
      toast({
        title: 'Phantom Not Found',
        description: 'Please install Phantom wallet extension first',
        variant: 'destructive',
      })
    } else {
      toast({
        title: 'Connection Failed',
        description: 'Could not connect to your wallet',
        variant: 'destructive',
      })
    }
  }

  return (
    <Panel title="Connect Your Wallet">
      {status === 'restoring' ? (
        <LoadingText role="status">Restoring wallet session...</LoadingText>
      ) : (
        <>
          <Intro>
            Token holders chat in rooms by tier: Bronze, Silver, Gold and Platinum. Connect your
            Solana wallet and sign in; your vPOS balance decides which rooms open for you.
          </Intro>
          <ConnectButtons
            onConnected={(address) => {
              toast({
                title: 'Connected',
                description: `Wallet ${truncateAddress(address)} connected`,
              })
              void checkBalance()
            }}
            onError={failed}
          />
        </>
      )}
    </Panel>
  )
}

const loadConnected = () => import('./ConnectedChat')
const ConnectedChat = lazy(loadConnected)

/** /chat (PRODUCT.md §2, §4): wallet, balance, tiered rooms, the open room, the shop. */
function ChatPage() {
  const wallet = useSnapshot(walletState)
  const connected = wallet.status === 'connected'

  useEffect(() => {
    void restoreWallet().then(() => {
      if (walletState.status === 'connected' && walletState.balanceCheckedAt === null) {
        void checkBalance()
      }
    })
  }, [])

  // The signed-in views load once the first screen is shown and the page is idle, so a visitor who
  // connects (or whose session is being restored) rarely waits for them, and the first screen
  // never does.
  useEffect(
    () => preloadAfterFirstScreen(() => void loadConnected().catch(() => undefined), 2000),
    [],
  )

  return (
    <PageLayout title="vPOS Chat" subtitle="Token-gated rooms for vPOS holders">
      {!connected && <ConnectPanel />}
      {connected && (
        <Suspense
          fallback={
            <Panel title="Rooms">
              <LoadingText role="status">Loading rooms...</LoadingText>
            </Panel>
          }
        >
          <ConnectedChat />
        </Suspense>
      )}
    </PageLayout>
  )
}

export default withQueries(ChatPage)
