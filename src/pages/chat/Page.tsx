import { PageLayout } from '../../ui/Page'
import { Panel } from '../../ui/Panel'

/** Chat: the screen's frame; its panels arrive with its own issue. */
export default function ChatPage() {
  return (
    <PageLayout title="Chat" subtitle="vPOS Chat">
      <Panel title="Status">This module is being deployed.</Panel>
    </PageLayout>
  )
}
