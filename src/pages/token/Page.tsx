import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import styled from 'styled-components'
import { HttpError } from '../../api/http'
import { withQueries } from '../../api/withQueries'
import { Button } from '../../ui/Button'
import { ErrorText, PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'
import { ContractPanel } from './ContractPanel'
import { tokenMintInPage } from './tokenMint'
import { formatTimestamp } from './format'
import { MarketCards, MarketCardsPending } from './MarketCards'
import { marketTokenQuery, tokenKeys } from './queries'
import { TreasuryPanel } from './TreasuryPanel'

const StaleBanner = styled.div`
  padding: 10px 14px;
  border: 1px solid ${(p) => p.theme.color.amber};
  border-radius: ${(p) => p.theme.radius};
  background: rgba(255, 181, 71, 0.08);
  color: ${(p) => p.theme.color.amber};
  font-size: 12px;
`
const Muted = styled.p`
  margin: 6px 0 0;
  color: ${(p) => p.theme.color.muted};
  font-size: 12px;
`
const BuyRow = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
  flex-wrap: wrap;
`

/** Why the market query failed, in the server's words when it gave some. */
function errorDetail(err: Error): string {
  if (err instanceof HttpError) return `${err.status}: ${err.serverError}`
  return err.message
}

/** Token Info (PRODUCT.md §2): contract, market cards, treasury wallet, the disabled Buy button. */
function TokenInfoPage() {
  const queryClient = useQueryClient()
  const market = useQuery(marketTokenQuery)
  const fetching =
    useIsFetching({ queryKey: tokenKeys.market }) + useIsFetching({ queryKey: tokenKeys.treasury })
  const data = market.data
  const [mintInPage] = useState(tokenMintInPage)
  // PRODUCT.md §9: no interval refetch; the visitor asks for fresh figures (the treasury only once
  // it runs).
  const refresh = () => {
    void queryClient.refetchQueries({ queryKey: tokenKeys.market })
    void queryClient.refetchQueries({ queryKey: tokenKeys.treasury })
  }
  return (
    <PageLayout
      title="Token Info"
      subtitle="vPOS token market data"
      actions={
        <Button $variant="ghost" onClick={refresh} disabled={fetching > 0}>
          {fetching > 0 && !market.isPending ? 'Refreshing...' : 'Refresh'}
        </Button>
      }
    >
      {market.isError ? (
        <Panel>
          <div role="alert">
            <ErrorText as="h2" style={{ fontSize: 16 }}>
              Error Loading Token Data
            </ErrorText>
            <Muted>{errorDetail(market.error)}</Muted>
          </div>
        </Panel>
      ) : (
        // One tree while the market data loads and after: the address the page's HTML names is
        // the page's largest text, drawn once in the first render, not again when the data comes
        <>
          {data?.stale && (
            <StaleBanner role="status" data-testid="stale-banner">
              Stale data: the market data provider is not responding. Showing the last known values
              from {formatTimestamp(data.fetchedAt)}.
            </StaleBanner>
          )}
          <ContractPanel address={data?.tokenAddress ?? mintInPage} />
          {!data ? (
            <MarketCardsPending />
          ) : data.pair ? (
            <MarketCards pair={data.pair} />
          ) : (
            <Panel title="Market">
              <Muted style={{ margin: 0 }}>No market pair is listed for this token yet.</Muted>
            </Panel>
          )}
          <TreasuryPanel enabled={!!data?.pair} pending={!data} />
        </>
      )}
      <Panel title="Trade">
        <BuyRow>
          <Button disabled>Buy Token</Button>
          <Muted style={{ margin: 0 }}>Trading functionality coming soon</Muted>
        </BuyRow>
      </Panel>
    </PageLayout>
  )
}

export default withQueries(TokenInfoPage)
