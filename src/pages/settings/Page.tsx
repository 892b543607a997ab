import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Settings: the screen's frame; its panels arrive with its own issue. */
export default function SettingsPage() {
  return (
    <PageLayout title="Settings" subtitle="Node settings">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
