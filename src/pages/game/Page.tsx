import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Game: the screen's frame; its panels arrive with its own issue. */
export default function GamePage() {
  return (
    <PageLayout title="Game" subtitle="vPOS Agentic Games">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
