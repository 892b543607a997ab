import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Whitelist: the screen's frame; its panels arrive with its own issue. */
export default function WhitelistPage() {
  return (
    <PageLayout title="Whitelist" subtitle="vPOS Whitelist Verification">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
