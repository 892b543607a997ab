import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Database: the screen's frame; its panels arrive with its own issue. */
export default function DatabasePage() {
  return (
    <PageLayout title="Database" subtitle="Distributed storage cluster">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
