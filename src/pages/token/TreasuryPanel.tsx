import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { media } from '../../ui/theme'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { CopyButton } from '../../ui/CopyButton'
import { ErrorText, Held, LoadingText } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import { whenContentPresented } from '../../scene/contentShown'
import { formatBalance, formatTimestamp, formatUsd, truncateAddress } from './format'
import { treasuryQuery } from './queries'

const Grid = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1.7fr) repeat(3, minmax(0, 1fr));
  gap: 14px 20px;
  margin: 0;
  ${media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    & > :first-child,
    & > :nth-child(2) {
      grid-column: 1 / -1;
    }
  }
`
const Item = styled.div`
  min-width: 0;
  dt {
    color: ${(p) => p.theme.color.muted};
    font-size: 11px;
    letter-spacing: 0.1em;
    text-transform: uppercase;
    margin-bottom: 4px;
  }
  dd {
    position: relative;
    margin: 0;
    font-size: 15px;
    color: ${(p) => p.theme.color.text};
    display: flex;
    align-items: center;
    gap: 8px;
    flex-wrap: wrap;
  }
`
const Strong = styled.span`
  color: ${(p) => p.theme.color.accent};
  font-weight: 600;
  font-size: 18px;
`
/** What a pending figure shows, over its held shape. */
const Over = styled.span`
  position: absolute;
  inset: 0 auto auto 0;
`
const Note = styled.p`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
`

/** Each pending figure's label and the shape its loaded value takes (held, never shown). */
const PENDING_FIGURES: readonly [string, React.ReactNode][] = [
  ['Last Updated', '0000-00-00 00:00:00'],
  [
    'Token Balance',
    <>
      <Strong>0.00</Strong> vPOS
    </>,
  ],
  ['USD Value', <Strong>$0.00</Strong>],
]

/**
 * The wallet's grid while it (or the market before it) loads: its labels, the loading text in the
 * address's place and a dash for each figure, in the loaded grid's rows, so nothing below moves
 * when the figures arrive (docs/ARCHITECTURE.md, "First load").
 */
function TreasuryPending({ busy }: { busy: boolean }) {
  return (
    <Grid>
      <Item>
        <dt>Address</dt>
        <dd>
          <Held>
            <code>{'0'.repeat(24)}...</code>
            <Button $size="sm" tabIndex={-1}>
              Copy
            </Button>
          </Held>
          <Over>
            {busy ? <LoadingText role="status">Loading wallet data...</LoadingText> : '—'}
          </Over>
        </dd>
      </Item>
      {PENDING_FIGURES.map(([label, shape]) => (
        <Item key={label}>
          <dt>{label}</dt>
          <dd>
            <Held>{shape}</Held>
            <Over>
              <Strong>—</Strong>
            </Over>
          </dd>
        </Item>
      ))}
    </Grid>
  )
}

/** How long the treasury's request waits for the first screen to be presented, at most. */
const PRESENT_MAX_MS = 1000

/**
 * Whether the page's first screen is on screen (or PRESENT_MAX_MS have passed): a request made
 * before it lies on the largest paint's path in Lighthouse's model (docs/ARCHITECTURE.md, "Data
 * after the page").
 */
function useFirstScreenPresented(): boolean {
  const [presented, setPresented] = useState(false)
  useEffect(() => {
    let live = true
    void whenContentPresented(PRESENT_MAX_MS).then(() => live && setPresented(true))
    return () => void (live = false)
  }, [])
  return presented
}

/**
 * Treasury wallet (PRODUCT.md §2, §7.4): fetched only once the market pair exists (`enabled`),
 * since its USD value is balance × price, and once the first screen is presented.
 */
export function TreasuryPanel({
  enabled,
  pending = false,
}: {
  enabled: boolean
  pending?: boolean
}) {
  const presented = useFirstScreenPresented()
  const q = useQuery({ ...treasuryQuery, enabled: enabled && presented })
  const t = q.data
  return (
    <Panel
      title="Treasury Wallet"
      actions={t?.stale ? <Badge $tone="amber">Stale</Badge> : undefined}
    >
      {!enabled && !pending ? (
        <Note>Treasury data is shown once the token has a market pair.</Note>
      ) : q.isError ? (
        <div role="alert">
          <ErrorText>Error loading wallet data</ErrorText>
          <p style={{ margin: '8px 0 0' }}>
            <Button $size="sm" onClick={() => void q.refetch()}>
              Try Again
            </Button>
          </p>
        </div>
      ) : !t ? (
        <TreasuryPending busy={enabled} />
      ) : (
        <Grid>
          <Item>
            <dt>Address</dt>
            <dd>
              <code data-testid="treasury-address" title={t.address}>
                {truncateAddress(t.address, 24)}
              </code>
              <CopyButton text={t.address} label="Copy treasury address" />
            </dd>
          </Item>
          <Item>
            <dt>Last Updated</dt>
            <dd>
              <time dateTime={t.lastUpdated} data-testid="treasury-updated">
                {formatTimestamp(t.lastUpdated)}
              </time>
            </dd>
          </Item>
          <Item>
            <dt>Token Balance</dt>
            <dd>
              <Strong data-testid="treasury-balance">{formatBalance(t.balance)}</Strong> vPOS
            </dd>
          </Item>
          <Item>
            <dt>USD Value</dt>
            <dd>
              <Strong data-testid="treasury-usd">{formatUsd(t.usdValue)}</Strong>
            </dd>
          </Item>
        </Grid>
      )}
    </Panel>
  )
}
