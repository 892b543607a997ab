import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Terminal: the screen's frame; its panels arrive with its own issue. */
export default function TerminalPage() {
  return (
    <PageLayout title="Terminal" subtitle="vPOS command line">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
