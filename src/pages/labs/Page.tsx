import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Labs: the screen's frame; its panels arrive with its own issue. */
export default function LabsPage() {
  return (
    <PageLayout title="Labs" subtitle="vPOS Labs">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
