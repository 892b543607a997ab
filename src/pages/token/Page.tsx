import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Token Info: the screen's frame; its panels arrive with its own issue. */
export default function TokenInfoPage() {
  return (
    <PageLayout title="Token Info" subtitle="vPOS token market data">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
