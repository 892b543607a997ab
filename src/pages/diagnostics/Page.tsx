import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Diagnostics: the screen's frame; its panels arrive with its own issue. */
export default function DiagnosticsPage() {
  return (
    <PageLayout title="Diagnostics" subtitle="Component health and repair">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
