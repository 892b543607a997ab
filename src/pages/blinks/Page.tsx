import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Blinks: the screen's frame; its panels arrive with its own issue. */
export default function BlinksPage() {
  return (
    <PageLayout title="Blinks" subtitle="vPOS Blinks Integration">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
