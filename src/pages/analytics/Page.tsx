import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Analytics: the screen's frame; its panels arrive with its own issue. */
export default function AnalyticsPage() {
  return (
    <PageLayout title="Analytics" subtitle="Swarm performance metrics">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
