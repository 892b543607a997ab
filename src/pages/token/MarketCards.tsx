import styled, { useTheme } from 'styled-components'
import type { TokenPair } from '../../contracts/market'
import { Card, CardGrid } from '../../ui/Card'
import { Held, LoadingText } from '../../ui/Page'
import {
  formatChange,
  formatCount,
  formatMillions,
  formatPair,
  formatPrice,
  formatThousands,
} from './format'
import { safeExternalUrl } from './safeUrl'

const Split = styled.div`
  display: flex;
  gap: 14px;
  flex-wrap: wrap;
  font-size: 12px;
  color: ${(p) => p.theme.color.muted};
  b {
    font-weight: 600;
  }
`
const ChartLink = styled.a`
  font-size: 12px;
  letter-spacing: 0.06em;
`

/** A figure not known yet (a dash, silent to assistive technology). */
const DASH = <span aria-hidden="true">—</span>
/** The page's loading text, on the line the price card's 24 h change takes once loaded. */
const Pending = styled(LoadingText)`
  display: block;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`

/**
 * The four cards while the market data loads: their labels, a dash for each figure and the same
 * lines as the loaded cards, so the panels below do not move when it arrives (a layout shift the
 * first load of /token had: docs/ARCHITECTURE.md, "First load"); the loading text on the first.
 */
export function MarketCardsPending() {
  return (
    <CardGrid $min={160}>
      <Card
        label="Price (USD)"
        value={DASH}
        foot={
          <Pending as="span" role="status">
            Loading token data...
          </Pending>
        }
      />
      <Card label="Market Cap" value={DASH} foot={<Held>FDV: $0.00M</Held>} />
      <Card label="24h Volume" value={DASH}>
        <Split>
          <Held>
            <span>Buys: 0,000</span>
            <span>Sells: 0,000</span>
          </Held>
        </Split>
      </Card>
      <Card label="Liquidity" value={DASH}>
        <Split>
          <Held>
            <span>Pool: XXXX/XXX</span>
            <ChartLink as="span">View Chart ↗</ChartLink>
          </Held>
        </Split>
      </Card>
    </CardGrid>
  )
}

/**
 * Price, market cap/FDV, 24h volume with buys/sells, liquidity with pair and chart (PRODUCT.md §2).
 */
export function MarketCards({ pair }: { pair: TokenPair }) {
  const { color } = useTheme()
  const change = formatChange(pair.priceChange.h24)
  const chart = safeExternalUrl(pair.url)
  return (
    <CardGrid $min={160}>
      <Card
        label="Price (USD)"
        value={<span data-testid="token-price">{formatPrice(pair.priceUsd)}</span>}
        foot={
          <span
            data-testid="token-change"
            style={{ color: change.direction === 'up' ? color.green : color.red }}
            aria-label={`24h change ${change.direction === 'up' ? 'up' : 'down'} ${change.text}`}
          >
            <span aria-hidden="true">
              {change.arrow} {change.text}
            </span>{' '}
            <span style={{ color: color.muted }}>24h</span>
          </span>
        }
      />
      <Card
        label="Market Cap"
        value={<span data-testid="token-mcap">{formatMillions(pair.marketCap)}</span>}
        foot={
          <>
            FDV: <span data-testid="token-fdv">{formatMillions(pair.fdv)}</span>
          </>
        }
      />
      <Card
        label="24h Volume"
        value={<span data-testid="token-volume">{formatThousands(pair.volume.h24)}</span>}
      >
        <Split>
          <span>
            Buys:{' '}
            <b style={{ color: color.green }} data-testid="token-buys">
              {formatCount(pair.txns.h24.buys)}
            </b>
          </span>
          <span>
            Sells:{' '}
            <b style={{ color: color.red }} data-testid="token-sells">
              {formatCount(pair.txns.h24.sells)}
            </b>
          </span>
        </Split>
      </Card>
      <Card
        label="Liquidity"
        value={<span data-testid="token-liquidity">{formatThousands(pair.liquidity.usd)}</span>}
      >
        <Split>
          <span>
            Pool:{' '}
            <b data-testid="token-pair">
              {formatPair(pair.baseToken.symbol, pair.quoteToken.symbol)}
            </b>
          </span>
          {chart && (
            <ChartLink href={chart} target="_blank" rel="noopener noreferrer">
              View Chart<span aria-hidden="true"> ↗</span>
            </ChartLink>
          )}
        </Split>
      </Card>
    </CardGrid>
  )
}
