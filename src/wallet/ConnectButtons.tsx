import { useState } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { adoptSession, connectWallet, disconnectWallet, walletState } from '../state/walletStore'
import { Button } from '../ui/Button'
import { useLoaded } from '../ui/useLoaded'
import { AnotherDeviceButton } from './AnotherDevice'
import { resetDemoWallet, storedDemoAddress } from './demoWallet'
import { WalletError, type WalletAdapter } from './types'
import { MOBILE_WALLET_ADAPTER_NOT_LOADED, mobileWalletAdapterOffered } from './mobileWalletAdapter'
import { useWalletOptions, useWalletsOnPress, walletEntryFor } from './useWalletOptions'

/**
 * The wallet picker (Radix Dialog) loads the first time several wallets are offered: most visitors
 * have one wallet or none, and the dialog's code was 13 KB of brotli on every sign-in page's first
 * load (docs/ARCHITECTURE.md, "Views a first screen does not draw").
 */
const loadPicker = () => import('./WalletPicker').then((m) => m.WalletPicker)

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
`
const Entry = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`
const Explain = styled.p`
  margin: 0;
  font-size: 12px;
  color: ${(p) => p.theme.color.muted};
`
/** 'Use Demo Wallet', and 'New Demo Wallet' once it has a key (the demo chain only). */
function DemoButtons({
  demo,
  busy,
  connect,
}: {
  demo: WalletAdapter
  busy: boolean
  connect: (wallet: WalletAdapter) => Promise<void>
}) {
  const hasDemoKey = storedDemoAddress(window.localStorage) !== null
  return (
    <>
      <Button $variant="ghost" onClick={() => void connect(demo)} disabled={busy}>
        Use Demo Wallet
      </Button>
      {hasDemoKey && (
        <Button
          $variant="ghost"
          $size="sm"
          disabled={busy}
          onClick={() => {
            resetDemoWallet(window.localStorage)
            void connect(demo)
          }}
        >
          New Demo Wallet
        </Button>
      )}
    </>
  )
}

/**
 * 'Connect Wallet' ('Connecting...' while it runs): one wallet found ⇒ connects it, several ⇒ a
 * picker, none ⇒ `onError` with the PRODUCT.md §5 text; on a phone or tablet with no wallet here,
 * 'Open in Phantom/Solflare/Backpack' instead. One line above says which entry this device got and
 * why; 'Sign in with another device' is always offered. When the server runs on the demo chain,
 * 'Use Demo Wallet' (and 'New Demo Wallet' to re-roll its key) sit beside it.
 */
export function ConnectButtons({
  onConnected,
  onError,
}: {
  onConnected?: (address: string) => void
  onError: (err: WalletError) => void
}) {
  const { status } = useSnapshot(walletState)
  const options = useWalletOptions()
  const [picking, setPicking] = useState(false)
  const { awaitingAdapter, walletsNow } = useWalletsOnPress(options)
  const Picker = useLoaded(loadPicker, picking)
  const connecting = status === 'connecting' || awaitingAdapter
  const busy = connecting || status === 'restoring'

  async function connect(wallet: WalletAdapter) {
    setPicking(false)
    try {
      onConnected?.(await connectWallet(wallet))
    } catch (err) {
      onError(
        err instanceof WalletError
          ? err
          : new WalletError('connect', 'Could not connect to your wallet', { cause: err }),
      )
    }
  }

  async function start() {
    const [only, ...more] = await walletsNow()
    if (!only) {
      const text = mobileWalletAdapterOffered(window)
        ? MOBILE_WALLET_ADAPTER_NOT_LOADED
        : (options.missing ?? 'No Solana wallet found')
      onError(new WalletError('not-found', text))
      return
    }
    if (more.length === 0) void connect(only)
    else setPicking(true)
  }

  const demo = options.demo
  const entry = walletEntryFor(options)
  return (
    <Entry>
      <Explain data-entry={entry.path}>{entry.explanation}</Explain>
      <Row>
        {entry.openIn.length === 0 && (
          <Button onClick={() => void start()} disabled={busy} aria-busy={connecting}>
            {connecting ? 'Connecting...' : 'Connect Wallet'}
          </Button>
        )}
        {entry.openIn.map((l) => (
          <Button key={l.wallet} as="a" href={l.href} rel="noopener">
            Open in {l.wallet}
          </Button>
        ))}
        <AnotherDeviceButton
          disabled={busy}
          onSignedIn={(session) => {
            adoptSession(session)
            onConnected?.(session.walletAddress)
          }}
        />
        {demo && <DemoButtons demo={demo} busy={busy} connect={connect} />}
        {Picker && (
          <Picker
            open={picking}
            onOpenChange={setPicking}
            wallets={options.wallets}
            onPick={(w) => void connect(w)}
          />
        )}
      </Row>
    </Entry>
  )
}

/**
 * 'New Demo Wallet' while a demo wallet is connected: signs out, forgets its key and signs in with
 * a new one in one step (before, the button showed only after Disconnect). Renders nothing for
 * other wallets or off the demo chain.
 */
export function NewDemoWalletButton({
  onError,
  onConnected,
  beforeReroll,
}: {
  onError?: (err: WalletError) => void
  /** the new wallet is signed in (the chat verifies its balance) */
  onConnected?: (address: string) => void
  /** runs before signing out (the chat leaves its room) */
  beforeReroll?: () => void
}) {
  const { status, walletAddress } = useSnapshot(walletState)
  const demo = useWalletOptions().demo
  if (!demo || status !== 'connected' || walletAddress === null) return null
  if (storedDemoAddress(window.localStorage) !== walletAddress) return null
  async function reroll(wallet: WalletAdapter) {
    beforeReroll?.()
    await disconnectWallet()
    resetDemoWallet(window.localStorage)
    try {
      onConnected?.(await connectWallet(wallet))
    } catch (err) {
      onError?.(
        err instanceof WalletError
          ? err
          : new WalletError('connect', 'Could not connect to your wallet', { cause: err }),
      )
    }
  }
  return (
    <Button $variant="ghost" onClick={() => void reroll(demo)}>
      New Demo Wallet
    </Button>
  )
}
