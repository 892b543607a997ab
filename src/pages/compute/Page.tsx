import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Compute: the screen's frame; its panels arrive with its own issue. */
export default function ComputePage() {
  return (
    <PageLayout title="Compute" subtitle="Compute cluster and workloads">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
