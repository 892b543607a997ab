import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import styled from 'styled-components'
import { withQueries } from '../../api/withQueries'
import { truncateAddress } from '../../contracts/address'
import {
  DeviceCodeSchema,
  formatDeviceCode,
  normaliseDeviceCode,
} from '../../contracts/deviceSignIn'
import { Button } from '../../ui/Button'
import { ErrorText, LoadingText, PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import { TextInput } from '../../ui/TextInput'
import { refusalText, signDeviceRequest, signInPagePath } from '../../wallet/deviceSignIn'
import {
  MOBILE_WALLET_ADAPTER_NAME,
  MOBILE_WALLET_ADAPTER_NOT_LOADED,
} from '../../wallet/mobileWalletAdapter'
import type { WalletEntry } from '../../wallet/entry'
import type { WalletAdapter } from '../../wallet/types'
import {
  mobileWalletAdapterComing,
  useWalletOptions,
  useWalletsOnPress,
  walletEntryFor,
} from '../../wallet/useWalletOptions'

const Column = styled.div`
  max-width: 640px;
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: 16px;
`
const Text = styled.p`
  margin: 0 0 12px;
  color: ${(p) => p.theme.color.muted};
`
const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`
const Code = styled.strong`
  color: ${(p) => p.theme.color.accent};
  letter-spacing: 0.12em;
`

type Phase =
  | { kind: 'idle' }
  | { kind: 'signing' }
  | { kind: 'done'; address: string }
  | { kind: 'error'; text: string }

/** The code in the address, or a field to type one (the waiting device shows it). */
function CodeForm({ initial }: { initial: string }) {
  const navigate = useNavigate()
  const [text, setText] = useState(initial)
  const [bad, setBad] = useState(false)
  return (
    <Row
      onSubmit={(e) => {
        e.preventDefault()
        const code = normaliseDeviceCode(text)
        if (!DeviceCodeSchema.safeParse(code).success) return setBad(true)
        setBad(false)
        void navigate(signInPagePath(code))
      }}
    >
      <TextInput
        aria-label="Sign-in code"
        placeholder="ABCD-2345"
        autoCapitalize="characters"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit">Continue</Button>
      {bad && <ErrorText role="alert">That is not a sign-in code: 8 letters and digits.</ErrorText>}
    </Row>
  )
}

/** What is being signed, and the one warning that matters (device-code phishing). */
function RequestIntro({ code }: { code: string }) {
  return (
    <>
      <Text>
        Sign the request of the device showing <Code>{formatDeviceCode(code)}</Code>. It costs
        nothing and sends no transaction; only that device is signed in.
      </Text>
      <Text>
        Sign only if you asked for this code yourself, on a device in front of you: whoever shows
        this code gets signed in as your wallet.
      </Text>
    </>
  )
}

/**
 * 'Sign with …' for each wallet here (null: the Mobile Wallet Adapter, on Android Chrome, before
 * its package has registered it), and 'Open in …' where this browser has none.
 */
function SignButtons({
  wallets,
  openIn,
  disabled,
  onSign,
}: {
  wallets: readonly (WalletAdapter | null)[]
  openIn: WalletEntry['openIn']
  disabled: boolean
  onSign: (wallet: WalletAdapter | null) => void
}) {
  return (
    <Row as="div">
      {wallets.map((w) => (
        <Button key={w?.id ?? 'coming-adapter'} onClick={() => onSign(w)} disabled={disabled}>
          Sign with {w?.name ?? MOBILE_WALLET_ADAPTER_NAME}
        </Button>
      ))}
      {openIn.map((l) => (
        <Button key={l.wallet} as="a" href={l.href} rel="noopener">
          Open in {l.wallet}
        </Button>
      ))}
    </Row>
  )
}

/**
 * /signin/:code, opened on the device that has the wallet (docs/PRODUCT.md, wallet screens): signs
 * the waiting device's sign-in request. This device itself is not signed in.
 */
function SignInForAnotherDevicePage() {
  const { code: raw = '' } = useParams()
  const code = normaliseDeviceCode(raw)
  const valid = DeviceCodeSchema.safeParse(code).success
  const options = useWalletOptions()
  const entry = walletEntryFor(options)
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  // null: the Mobile Wallet Adapter on Android Chrome before its package has registered it
  const comingAdapter = mobileWalletAdapterComing(options.wallets) ? [null] : []
  const { walletsNow } = useWalletsOnPress(options)
  const wallets = [...options.wallets, ...comingAdapter, ...(options.demo ? [options.demo] : [])]

  async function sign(wallet: WalletAdapter) {
    setPhase({ kind: 'signing' })
    try {
      setPhase({ kind: 'done', address: await signDeviceRequest(wallet, code) })
    } catch (err) {
      setPhase({ kind: 'error', text: refusalText(err) })
    }
  }

  async function signWithComingAdapter() {
    setPhase({ kind: 'signing' })
    const adapter = (await walletsNow()).find((w) => w.name === MOBILE_WALLET_ADAPTER_NAME)
    if (adapter) await sign(adapter)
    else setPhase({ kind: 'error', text: MOBILE_WALLET_ADAPTER_NOT_LOADED })
  }

  return (
    <PageLayout
      title="Sign in another device"
      subtitle="Approve a sign-in with the wallet on this device."
    >
      <Column>
        <Panel title="Sign-in request">
          {!valid && (
            <>
              <Text>Type the code the waiting device shows.</Text>
              <CodeForm initial={raw} />
            </>
          )}
          {valid && phase.kind !== 'done' && (
            <>
              <RequestIntro code={code} />
              <Text>
                {entry.path === 'open-in-wallet'
                  ? 'No wallet in this browser: open this page in your wallet app to sign.'
                  : entry.explanation}
              </Text>
              <SignButtons
                wallets={wallets}
                openIn={entry.openIn}
                disabled={phase.kind === 'signing'}
                onSign={(w) => void (w ? sign(w) : signWithComingAdapter())}
              />
              {phase.kind === 'signing' && (
                <LoadingText role="status" style={{ marginTop: 12 }}>
                  Waiting for your wallet...
                </LoadingText>
              )}
              {phase.kind === 'error' && (
                <ErrorText role="alert" style={{ marginTop: 12 }}>
                  {phase.text}
                </ErrorText>
              )}
            </>
          )}
          {phase.kind === 'done' && (
            <Text role="status">
              Signed with {truncateAddress(phase.address)}. The waiting device is signing in now;
              you can close this page.
            </Text>
          )}
        </Panel>
      </Column>
    </PageLayout>
  )
}

export default withQueries(SignInForAnotherDevicePage)
