import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Marketplace: the screen's frame; its panels arrive with its own issue. */
export default function MarketplacePage() {
  return (
    <PageLayout title="Marketplace" subtitle="vPOS Marketplace">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
