import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { withQueries } from '../../api/withQueries'
import { Icon, type IconName } from '../../ui/icons'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { CardGrid } from '../../ui/Card'
import { PageLayout } from '../../ui/Page'
import { Panel, PanelFrame } from '../../ui/Panel'
import { LockIcon, TeaserHero, TeaserRow, TeaserText } from '../../ui/Teaser'
import { formatCount, formatPrice } from '../token/format'
import { marketTokenQuery } from '../token/queries'
import { CATEGORIES, MARKETPLACE_LAUNCH, pricedProducts } from './catalog'

const CATEGORY_ICONS: Record<string, IconName> = {
  '/game': 'game',
  '/blinks': 'blinks',
  '/labs': 'labs',
  '/': 'core',
}

const CategoryLink = styled(Link)`
  display: flex;
  gap: 12px;
  align-items: flex-start;
  padding: 14px;
  text-decoration: none;
  color: ${(p) => p.theme.color.text};
  background: ${(p) => p.theme.color.panel};
  border: 1px solid ${(p) => p.theme.color.border};
  border-radius: ${(p) => p.theme.radius};
  transition:
    border-color 0.15s,
    box-shadow 0.15s;
  &:hover,
  &:focus-visible {
    border-color: ${(p) => p.theme.color.borderStrong};
    box-shadow: ${(p) => p.theme.shadow.glow};
  }
  strong {
    display: block;
    color: ${(p) => p.theme.color.accent};
    font-size: 14px;
    margin-bottom: 4px;
  }
  span {
    color: ${(p) => p.theme.color.muted};
    font-size: 12px;
  }
`
const Product = styled(PanelFrame)`
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  h3 {
    margin: 0;
    font-size: 15px;
    color: ${(p) => p.theme.color.text};
  }
  p {
    margin: 0;
    color: ${(p) => p.theme.color.muted};
    font-size: 12px;
  }
`
const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  color: ${(p) => p.theme.color.muted};
`
const Price = styled.div`
  margin-top: auto;
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding-top: 6px;
  border-top: 1px solid rgba(255, 255, 255, 0.06);
  b {
    color: ${(p) => p.theme.color.accent};
    font-size: 18px;
  }
  small {
    color: ${(p) => p.theme.color.muted};
    font-size: 11px;
  }
`

const Accent = styled.strong`
  color: ${(p) => p.theme.color.accent};
`

/** The token price line under the hero: loading, unavailable, or the price when above 0. */
function TokenPrice({ price, state }: { price: number; state: 'pending' | 'error' | 'ok' }) {
  if (state === 'pending') return <TeaserText role="status">Loading token price...</TeaserText>
  if (state === 'error' || !(price > 0))
    return <TeaserText>Token price unavailable: vPOS prices appear when it is.</TeaserText>
  return (
    <TeaserText data-testid="market-token-price">
      Current vPOS price: <Accent>{formatPrice(price)}</Accent>
    </TeaserText>
  )
}

/** /marketplace preview (PRODUCT.md §2, §9): categories, four locked products priced in vPOS. */
function MarketplacePage() {
  const market = useQuery(marketTokenQuery)
  const price = Number(market.data?.pair?.priceUsd ?? 0) || 0
  const products = pricedProducts(price)
  return (
    <PageLayout title="Marketplace" subtitle="vPOS Marketplace preview">
      <TeaserHero
        icon={<Icon name="marketplace" size={30} />}
        eyebrow="Preview"
        title="vPOS Marketplace"
        tagline="Assets, extensions and tools for the swarm"
      >
        <Badge $tone="yellow">COMING SOON</Badge>
        <TeaserText>
          Launching <strong style={{ color: 'inherit' }}>{MARKETPLACE_LAUNCH}</strong>
        </TeaserText>
        <TokenPrice
          price={price}
          state={market.isError ? 'error' : market.data ? 'ok' : 'pending'}
        />
      </TeaserHero>

      <Panel title="Categories">
        <CardGrid $min={220}>
          {CATEGORIES.map((c) => (
            <CategoryLink key={c.name} to={c.to}>
              <Icon name={CATEGORY_ICONS[c.to] ?? 'core'} size={22} />
              <div>
                <strong>{c.name}</strong>
                <span>{c.description}</span>
              </div>
            </CategoryLink>
          ))}
        </CardGrid>
      </Panel>

      <Panel title="Featured Products">
        <CardGrid as="ul" $min={220} aria-label="Featured products">
          {products.map((p) => (
            <Product as="li" key={p.id} aria-label={p.name} data-product={p.id}>
              <Top>
                <LockIcon size={20} />
                <Badge $tone="yellow">COMING SOON</Badge>
              </Top>
              <h3>{p.name}</h3>
              <p>{p.description}</p>
              <Price>
                {p.vpos !== null && <b data-testid="vpos-price">{formatCount(p.vpos)} vPOS</b>}
                <small>Value ${formatCount(p.usdValue)}</small>
              </Price>
              <TeaserRow style={{ justifyContent: 'stretch' }}>
                <Button disabled style={{ flex: 1 }}>
                  Locked
                </Button>
              </TeaserRow>
            </Product>
          ))}
        </CardGrid>
      </Panel>
    </PageLayout>
  )
}

export default withQueries(MarketplacePage)
